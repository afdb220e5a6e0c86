package compare

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// maxLanes is how many targets a comparison has at most.
const maxLanes = 4

// families are what a target's family cycles through after off.
var families = []string{string(client.Alpha), string(client.Beta), string(client.Gamma)}

// targetsSpec is the targets form: one object per target, each a family
// (off leaves the target out), a model, and settings written
// key=value,key=value as `atelier compare -t` takes them.
func targetsSpec() []form.Field {
	spec := make([]form.Field, maxLanes)
	for i := range spec {
		spec[i] = form.Field{Name: "t" + strconv.Itoa(i+1), Label: "target " + strconv.Itoa(i+1), Kind: form.Object, Items: []form.Field{
			{Name: "family", Kind: form.String, Enum: families, Unset: "off", Doc: "alpha · beta · gamma; off leaves it out"},
			{Name: "model", Kind: form.String, Trim: true, Placeholder: "model", Doc: "required"},
			{Name: "settings", Kind: form.String, Placeholder: "key=value,key=value", Doc: "as compare -t takes them"},
		}}
	}
	return spec
}

// targetOf reads target i (0-based) of the form; off is true for a target
// without a family.
func targetOf(f *form.Model, i int) (t client.ChatTarget, off bool, err error) {
	p := "t" + strconv.Itoa(i+1)
	obj, _ := f.Body(nil)[p].(map[string]any)
	fam, _ := obj["family"].(string)
	if fam == "" {
		return t, true, nil
	}
	model, _ := obj["model"].(string)
	settings, _ := obj["settings"].(string)
	t, err = client.ParseChatTarget(fam + ":" + model + ":" + settings)
	if err == nil {
		_, _, err = client.NativeChatRequest(t, []client.ChatTurn{{Role: "user", Text: "x"}}, true)
	}
	return t, false, err
}

// targetRules are the client's rules over each target as it is typed
// (the rule showed only once applied): a missing model
// under the model, the rest under the settings.
func targetRules(f *form.Model) []form.Violation {
	var vs []form.Violation
	for i := range maxLanes {
		p := "t" + strconv.Itoa(i+1)
		_, off, err := targetOf(f, i)
		switch {
		case off || err == nil:
		case fieldText(f, p, "model") == "":
			vs = append(vs, form.Violation{Field: p + ".model", Text: "is required"})
		default:
			vs = append(vs, form.Violation{Field: p + ".settings", Text: strings.TrimPrefix(err.Error(), "chat: ")})
		}
	}
	return vs
}

// fieldText is the text of field name of the target object p.
func fieldText(f *form.Model, p, name string) string {
	obj, _ := f.Body(nil)[p].(map[string]any)
	s, _ := obj[name].(string)
	return s
}

// newTargetsForm is the form filled with targets, w wide.
func newTargetsForm(targets []client.ChatTarget, km form.KeyMap, st form.Styles, w int) *form.Model {
	f := form.New(targetsSpec(), targetRules)
	body := map[string]any{}
	for i, t := range targets[:min(len(targets), maxLanes)] {
		t.Settings.System = ""
		body["t"+strconv.Itoa(i+1)] = map[string]any{
			"family": string(t.Family), "model": t.Model, "settings": client.FormatChatSettings(t.Settings)}
	}
	f, _ = f.Load(body)
	f.Goto(0)
	f.Step(1) // the first target's family
	f.KeyMap = km
	f.SetStyles(st)
	return sizeForm(&f, w)
}

// sizeForm is f fitted to the width w.
func sizeForm(f *form.Model, w int) *form.Model {
	g := *f
	g.SetSize(w, 0)
	return &g
}

// targetsKey handles the form's keys: enter applies (done, with the
// targets; a form refused stays open, and cmd may say why), esc closes
// (done, without targets), tab and shift+tab go round the rows, the rest
// is the form's.
func targetsKey(f form.Model, msg tea.KeyPressMsg, k *keyMap) (_ form.Model, targets []client.ChatTarget, cmd tea.Cmd, done bool) {
	switch {
	case key.Matches(msg, k.Cancel):
		return f, nil, nil, true
	case key.Matches(msg, k.Apply):
		targets, cmd = readTargets(&f)
		return f, targets, cmd, targets != nil
	case key.Matches(msg, k.FormNext):
		if !f.Step(1) {
			f.Goto(0)
		}
	case key.Matches(msg, k.FormPrev):
		if !f.Step(-1) {
			f.Goto(-1)
		}
	default:
		f, cmd = f.Update(msg)
	}
	return f, nil, cmd, false
}

// readTargets reads every target of f that has a family. While one is
// refused, every problem shows and there are none; fewer than two are
// none too, with the command that says so.
func readTargets(f *form.Model) ([]client.ChatTarget, tea.Cmd) {
	if f.Try() > 0 {
		f.FocusProblem()
		return nil, nil
	}
	var targets []client.ChatTarget
	for i := range maxLanes {
		if t, off, _ := targetOf(f, i); !off {
			targets = append(targets, t)
		}
	}
	if len(targets) < 2 {
		return nil, tab.Warn(errTargets.Error())
	}
	return targets, nil
}
