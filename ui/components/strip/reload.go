package strip

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/recipe"
	"atelier/ui/tab"
)

// R on a variant: the Image form takes its recipe — the one in its saved
// file where there is one (what the person keeps and copies, as R
// elsewhere reads it), else its history row — with its input images and
// mask from the row, lineage kept. It goes as a tab.RerunMsg naming the
// job, which the shell hands to the Image tab from anywhere (History too),
// and the Image tab fills its form from it as it does for History's R.

// reloadMsg is a variant's recipe read in a command.
type reloadMsg struct {
	rerun tab.RerunMsg
	note  string
	warn  bool
}

// reload reads job j's recipe off the UI loop.
func (m Model) reload(j store.ImageJob) tea.Cmd {
	db, wrap := m.db, m.wrap
	return func() tea.Msg { return wrap(reloadOf(db, j)) }
}

// reloadOf is the message that reloads job j into the Image form, and
// what the status line says of it.
func reloadOf(db *store.Store, j store.ImageJob) reloadMsg {
	msg := tab.RerunMsg{To: tab.Image, Kind: store.KindImage, ID: j.ID, Family: "gamma", Model: j.Model,
		Prompt: j.Prompt, SettingsJSON: slices.Clone(j.SettingsJSON), Endpoint: j.Endpoint}
	f, ok := ShownFile(j)
	if !ok || f.Partial || db == nil {
		return reloadMsg{rerun: msg, note: fmt.Sprintf("#%d kept no image: the form has its history's request", j.ID)}
	}
	path, err := db.MediaPath(f.Path)
	if err != nil {
		return reloadMsg{rerun: msg, warn: true, note: fmt.Sprintf("#%d: %v: the form has its history's request", j.ID, err)}
	}
	rc, err := recipe.ReadFile(path)
	switch {
	case errors.Is(err, recipe.ErrNone):
		return reloadMsg{rerun: msg, note: fmt.Sprintf("#%d's file carries no recipe: the form has its history's request", j.ID)}
	case err != nil:
		return reloadMsg{rerun: msg, warn: true, note: fmt.Sprintf("the recipe of #%d: %v: the form has its history's request", j.ID, err)}
	case rc.Kind != recipe.KindImage:
		return reloadMsg{rerun: msg, warn: true, note: fmt.Sprintf("#%d's file holds a %s recipe: the form has its history's request", j.ID, rc.Kind)}
	}
	msg.BodyJSON, msg.Endpoint, msg.Prompt = slices.Clone(rc.Request), rc.Endpoint, rc.Prompt()
	if model := rc.Model(); model != "" {
		msg.Model = model
	}
	msg.SettingsJSON = WithMultipart(msg.SettingsJSON, rc.Multipart)
	return reloadMsg{rerun: msg, note: fmt.Sprintf("#%d's recipe is in the Image form", j.ID)}
}

// reloaded hands the message to the shell, then says what was done.
func reloaded(msg reloadMsg) tea.Cmd {
	say := tab.Info
	if msg.warn {
		say = tab.Warn
	}
	rerun := msg.rerun
	return tea.Sequence(func() tea.Msg { return rerun }, say(msg.note))
}

// WithMultipart is a job's settings with the recipe's word on whether an
// edit went as multipart, which the Image form reads from the settings
// (History's R too).
func WithMultipart(settings json.RawMessage, multipart bool) json.RawMessage {
	s := map[string]any{}
	_ = json.Unmarshal(settings, &s) // a job without settings has none to keep
	s["multipart"] = multipart
	out, _ := json.Marshal(s)
	return out
}
