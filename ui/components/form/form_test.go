package form

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"atelier/ui/tab/tabtest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// spec is a small form of every kind: a required prompt, a number with a
// range, an enum, a boolean, a list of URLs and a list of objects.
var spec = []Field{
	{Name: "mode", Kind: String, Enum: []string{"fast", "slow"}, NoUnset: true, Meta: true, Doc: "fast | slow"},
	{Name: "prompt", Kind: String, Doc: "required · what to draw"},
	{Name: "steps", Kind: Integer, Default: "20", Doc: "1 to 50", Trim: true},
	{Name: "style", Kind: String, Enum: []string{"ink", "oil"}, Doc: "ink · oil"},
	{Name: "hd", Kind: Boolean, Doc: "more pixels"},
	{Name: "refs", Kind: StringList, Doc: "image URLs", Item: &Field{Kind: String, Link: true, Path: true, PathDoc: "sent as a file", Trim: true}},
	{Name: "people", Kind: ObjectList, Doc: "who is in it", Items: []Field{{Name: "name", Kind: String, Doc: "a name"}}},
}

// rules is a validation as a client table gives it: prompt required,
// steps a whole number from 1 to 50, no more than two refs.
func rules(m *Model) []Violation {
	var vs []Violation
	b := m.Body(nil)
	if b["prompt"] == nil {
		vs = append(vs, Violation{Field: "prompt", Text: "prompt: is required"})
	}
	if s, ok := b["steps"]; ok {
		n, err := s.(json.Number).Int64()
		if _, isNum := s.(json.Number); !isNum || err != nil || n < 1 || n > 50 {
			vs = append(vs, Violation{Field: "steps", Text: "must be a whole number from 1 to 50"})
		}
	}
	if refs, ok := b["refs"].([]any); ok && len(refs) > 2 {
		vs = append(vs, Violation{Field: "refs", Text: "at most 2"})
	}
	if b["nowhere"] != nil {
		vs = append(vs, Violation{Field: "nowhere", Text: "is not a field"})
	}
	return vs
}

func press(m Model, keys ...string) Model {
	for _, msg := range tabtest.Presses(keys...) {
		m, _ = m.Update(msg)
	}
	return m
}

// to moves the focus to the row of path.
func to(t *testing.T, m Model, path string) Model {
	t.Helper()
	for i, p := range m.Paths() {
		if p == path {
			m.Goto(i)
			return m
		}
	}
	t.Fatalf("no row %q in %v", path, m.Paths())
	return m
}

func newForm() Model {
	m := New(spec, rules)
	m.SetSize(100, 20)
	return m
}

func TestKeysMoveCycleAndType(t *testing.T) {
	m := newForm()
	if m.Path() != "mode" {
		t.Fatalf("focus on %q", m.Path())
	}
	m = press(m, "up") // stays at the top
	if m.Path() != "mode" {
		t.Errorf("up from the top moved to %q", m.Path())
	}
	m = press(m, "space", "space") // a NoUnset choice cycles without unset
	if m.Text("mode") != "fast" {
		t.Errorf("mode after two steps %q", m.Text("mode"))
	}
	m = press(m, "left")
	if m.Text("mode") != "slow" {
		t.Errorf("mode back one %q", m.Text("mode"))
	}
	m = press(m, "down", "a cat", "enter")
	if m.Path() != "steps" || m.Text("prompt") != "a cat" {
		t.Errorf("typed %q, focus %q", m.Text("prompt"), m.Path())
	}
	m = press(m, "down", "space", "space", "space") // unset → ink → oil → unset
	if m.Text("style") != "" {
		t.Errorf("style %q, want unset after a full turn", m.Text("style"))
	}
	m = press(m, "down", "space")
	if got := m.Body(nil)["hd"]; got != true {
		t.Errorf("hd sent as %#v", got)
	}
	if _, ok := m.Body(nil)["mode"]; ok {
		t.Error("a meta field went into the body")
	}
	for range 20 {
		m = press(m, "down")
	}
	if last := m.Paths()[len(m.Paths())-1]; m.Path()+"+" != last || m.Step(1) {
		t.Errorf("down stops on the last row %q, at %q", last, m.Path())
	}
}

func TestListsAddAndRemove(t *testing.T) {
	m := to(t, newForm(), "refs")
	m = press(m, "space", " https://x.example/a.png ", "ctrl+n", "~/b.png")
	if m.Path() != "refs[1]" {
		t.Fatalf("focus on %q after adding", m.Path())
	}
	got := m.Body(func(path, file string) any { return "file:" + path + ":" + file })["refs"]
	want := []any{"https://x.example/a.png", "file:refs[1]:~/b.png"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("refs sent as %#v, want %#v", got, want)
	}
	if line := ansi.Strip(m.Line("refs[1]")); !strings.Contains(line, "sent as a file") {
		t.Errorf("a local file's row does not say how it is sent: %q", line)
	}
	m = press(m, "ctrl+x")
	if m.Path() != "refs[0]" || len(m.Body(nil)["refs"].([]any)) != 1 {
		t.Errorf("after removal focus %q, body %v", m.Path(), m.Body(nil))
	}
	m = to(t, m, "people")
	m = press(m, "enter", "Ada")
	if m.Path() != "people[0].name" {
		t.Fatalf("an object item's first field has the focus: %q", m.Path())
	}
	if got := m.Body(nil)["people"]; !reflect.DeepEqual(got, []any{map[string]any{"name": "Ada"}}) {
		t.Errorf("people sent as %#v", got)
	}
}

func TestViolationsShowOnceTouchedOrTried(t *testing.T) {
	m := newForm()
	if m.Count() != 1 || m.Problem("prompt") == "" {
		t.Fatalf("problems %v", m.Problems())
	}
	if strings.Contains(ansi.Strip(m.View()), "is required") {
		t.Error("a problem shows before the field was touched")
	}
	m = to(t, m, "steps")
	m = press(m, "99")
	line := ansi.Strip(m.Line("steps"))
	if !strings.Contains(line, "✗ must be a whole number from 1 to 50") || !strings.Contains(line, "1 to 50") {
		t.Errorf("the touched row lacks its violation and rule: %q", line)
	}
	if d := ansi.Strip(m.Detail()); d != "steps: must be a whole number from 1 to 50" {
		t.Errorf("detail %q", d)
	}
	if n := m.Try(); n != 2 || !m.FocusProblem() || m.Path() != "prompt" {
		t.Errorf("try found %d, focus %q", n, m.Path())
	}
	if line := ansi.Strip(m.Line("prompt")); !strings.Contains(line, "✗ is required") {
		t.Errorf("after a try the untouched row shows %q", line)
	}
	m.SetLate([]Violation{{Field: "prompt", Text: "prompt: refused by the service"}, {Field: "elsewhere", Text: "elsewhere: no such row"}})
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "✗ refused by the service") || !strings.Contains(view, "✗ elsewhere: no such row") {
		t.Errorf("late problems not shown:\n%s", view)
	}
	m = press(m, "a fox")
	if strings.Contains(ansi.Strip(m.View()), "refused by the service") {
		t.Error("a late problem outlived an edit of its row")
	}
}

func TestAloneViolationTakesNoCompany(t *testing.T) {
	m := New([]Field{{Name: "url", Kind: String}}, func(*Model) []Violation {
		return []Violation{{Field: "url", Text: "give a URL", Alone: true}, {Field: "url", Text: "url: must be https"}}
	})
	if p := m.Problem("url"); p != "give a URL" {
		t.Errorf("problem %q", p)
	}
	m = New([]Field{{Name: "url", Kind: String}}, func(*Model) []Violation {
		return []Violation{{Field: "url", Text: "too long"}, {Field: "url", Text: "url: must be https"}}
	})
	if p := m.Problem("url"); p != "too long; must be https" {
		t.Errorf("problems of one row joined as %q", p)
	}
}

func TestLoadKeepsWhatTheSpecLacks(t *testing.T) {
	m, notes := newForm().Load(map[string]any{
		"prompt": "a cat", "steps": json.Number("7"), "style": "watercolour",
		"people": []any{map[string]any{"name": "Ada", "age": 3}}, "seed": json.Number("42"),
	})
	want := []string{`people[0].age: not a field of this form, left out`, `style: "watercolour" is not offered here, left out`}
	if !reflect.DeepEqual(notes, want) {
		t.Errorf("notes %q", notes)
	}
	b := m.Body(nil)
	if b["seed"] != json.Number("42") || b["steps"] != json.Number("7") || !reflect.DeepEqual(m.Extra(), []string{"seed"}) {
		t.Errorf("body %v, extra %v", b, m.Extra())
	}
	if !m.Set("mode", "slow") || m.Set("mode", "medium") || m.Text("mode") != "slow" {
		t.Errorf("set mode: %q", m.Text("mode"))
	}
}

func TestCarryKeepsSharedFields(t *testing.T) {
	old := press(to(t, newForm(), "prompt"), "a cat")
	m := New([]Field{{Name: "prompt", Kind: String}, {Name: "steps", Kind: Number}}, nil).Carry(old)
	if m.Text("prompt") != "a cat" || m.Count() != 0 {
		t.Errorf("carried %q, problems %v", m.Text("prompt"), m.Problems())
	}
}

func TestWindowFollowsFocus(t *testing.T) {
	m := newForm()
	m.SetNotes([]string{"steps and hd: not both"})
	if m.Height() != len(m.Paths())+1 {
		t.Errorf("height %d for %d rows and a note", m.Height(), len(m.Paths()))
	}
	m = to(t, m, "hd")
	lines := m.Lines(3)
	if len(lines) != 3 || !strings.Contains(ansi.Strip(lines[2]), "› hd") {
		t.Errorf("window of 3 ends on the focus:\n%s", strings.Join(lines, "\n"))
	}
	if all := m.Lines(50); !strings.Contains(ansi.Strip(all[len(all)-1]), "· steps and hd: not both") {
		t.Errorf("the note is not under the rows: %q", all[len(all)-1])
	}
}

func TestBlurredFormShowsNoFocus(t *testing.T) {
	m := newForm()
	m.Blur()
	if strings.Contains(ansi.Strip(m.View()), "›") {
		t.Error("a blurred form marks a row")
	}
	if m2, _ := m.Update(tea.KeyPressMsg{Code: tea.KeyDown}); m2.Path() != m.Path() {
		t.Error("a blurred form took a key")
	}
}

func TestStylesFollowTheBackground(t *testing.T) {
	dark, light := DefaultStyles(true), DefaultStyles(false)
	if dark.Problem.GetForeground() == light.Problem.GetForeground() || dark.Label.GetForeground() == light.Label.GetForeground() {
		t.Error("dark and light styles are the same")
	}
	m := newForm()
	m.SetStyles(light)
	if m.Styles.Value.GetForeground() != light.Value.GetForeground() {
		t.Error("SetStyles kept the old looks")
	}
}

func TestTopLevelObjectsShowTheirFields(t *testing.T) {
	m := New([]Field{{Name: "t1", Label: "target 1", Kind: Object, Items: []Field{
		{Name: "family", Kind: String, Enum: []string{"alpha", "beta"}, Unset: "off"},
		{Name: "model", Kind: String},
	}}}, nil)
	m.SetSize(80, 10)
	if got := m.Paths(); !reflect.DeepEqual(got, []string{"t1", "t1.family", "t1.model"}) {
		t.Fatalf("rows %v", got)
	}
	if line := ansi.Strip(m.Line("t1.family")); !strings.Contains(line, "– off") {
		t.Errorf("an unset choice reads %q", line)
	}
	m = press(to(t, m, "t1.family"), "space", "down", "m1")
	if got := m.Body(nil)["t1"]; !reflect.DeepEqual(got, map[string]any{"family": "alpha", "model": "m1"}) {
		t.Errorf("t1 sent as %#v", got)
	}
}

// TestNarrowRowsCutTheirRuleWithAnEllipsis: a rule wider than what the row
// has left is cut with "…" within the width, never mid-word at its edge.
func TestNarrowRowsCutTheirRuleWithAnEllipsis(t *testing.T) {
	long := strings.Repeat("a long rule ", 10)
	m := New([]Field{{Name: "name", Kind: String, Doc: long}}, func(*Model) []Violation { return nil })
	m.SetSize(60, 10)
	line := strings.Split(ansi.Strip(m.View()), "\n")[0]
	if w := ansi.StringWidth(line); w > 60 || !strings.HasSuffix(line, "…") {
		t.Fatalf("width %d, line %q", w, line)
	}
}
