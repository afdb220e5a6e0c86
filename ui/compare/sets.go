package compare

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// Named target sets: S opens a field for a set's name, the
// saved sets' names beside it; enter takes that set's targets (with their
// settings) for the next run, ctrl+s saves the targets of the next run
// under the name. The sets are kept in the history, where `compare
// --target-set` and a batch file's target_set read them too.

// setsMsg is the saved sets' names, for the field's label.
type setsMsg struct {
	names []string
	err   error
}

// setLoadedMsg is a set's targets, read to be the next run's.
type setLoadedMsg struct {
	name    string
	targets []string
	err     error
}

// setSavedMsg says the next run's targets were saved under name.
type setSavedMsg struct {
	name string
	n    int
	err  error
}

// askSets reads the sets' names; the field opens when they come.
func askSets(db *store.Store) tea.Cmd {
	if db == nil {
		return tab.Warn("compare: target sets are kept in the history, which is not open")
	}
	return func() tea.Msg {
		sets, err := db.TargetSets(context.Background())
		names := make([]string, len(sets))
		for i, s := range sets {
			names[i] = s.Name
		}
		return result(setsMsg{names: names, err: err})
	}
}

// setKey is enter (take the set named) or ctrl+s (save targets, the next
// run's, under the name) in the set's field; took is false for the keys
// that are the field's, done true when the field closes.
func setKey(msg tea.KeyPressMsg, km *keyMap, name string, db *store.Store, targets []client.ChatTarget) (cmd tea.Cmd, done, took bool) {
	use, save := key.Matches(msg, km.Save), key.Matches(msg, km.SetSave)
	if !use && !save {
		return nil, false, false
	}
	name = strings.TrimSpace(name)
	if err := store.CheckTargetSetName(name); err != nil {
		return tab.Warn("compare: " + err.Error()), false, true
	}
	if use {
		return func() tea.Msg {
			ts, err := db.TargetSetNamed(context.Background(), name)
			if errors.Is(err, store.ErrNotFound) {
				return result(setLoadedMsg{name: name, err: fmt.Errorf("no target set %q: ctrl+s saves the targets under a name", name)})
			}
			if err != nil {
				return result(setLoadedMsg{name: name, err: err})
			}
			return result(setLoadedMsg{name: ts.Name, targets: ts.Targets})
		}, true, true
	}
	if len(targets) == 0 {
		return tab.Warn("compare: no targets to save: choose them first (ctrl+t)"), true, true
	}
	specs := make([]string, len(targets))
	for i, t := range targets {
		specs[i] = client.FormatChatTarget(t)
	}
	return func() tea.Msg {
		return result(setSavedMsg{name: name, n: len(specs), err: db.SaveTargetSet(context.Background(), name, specs)})
	}, true, true
}

// setResult takes the answers of the sets' reads and writes: the names
// open the field; a set read becomes the next run's targets.
func (m Model) setResult(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case setsMsg:
		if msg.err != nil {
			return m, tab.Error(fmt.Errorf("compare: %w", msg.err))
		}
		m, cmd := m.openLine(setLine, "")
		if m.line != nil {
			m.line.sets = msg.names
		}
		return m, cmd
	case setSavedMsg:
		if msg.err != nil {
			return m, tab.Error(fmt.Errorf("compare: %w", msg.err))
		}
		return m, tab.Notice(fmt.Sprintf("compare: target set %q saved: %s", msg.name, tab.Plural(msg.n, "target")))
	case setLoadedMsg:
		targets, note, cmd := setTargets(msg)
		if targets != nil {
			m.system, m.targets = splitSystem(targets)
			m.defaulted = false
		}
		return m, tea.Batch(append(m.layout(), cmd, note)...)
	}
	return m, nil
}

// setTargets are a set's targets as the next run takes them, 2 to 4 (a set
// of more gives its first 4, and the note says so); nil, with why, when
// they cannot be.
func setTargets(msg setLoadedMsg) ([]client.ChatTarget, tea.Cmd, tea.Cmd) {
	if msg.err != nil {
		return nil, nil, tab.Error(fmt.Errorf("compare: %w", msg.err))
	}
	var targets []client.ChatTarget
	for _, s := range msg.targets {
		t, err := client.ParseChatTarget(s)
		if err != nil {
			return nil, nil, tab.Error(fmt.Errorf("compare: target set %q: %w", msg.name, err))
		}
		targets = append(targets, t)
	}
	if len(targets) < 2 {
		return nil, nil, tab.Warn(fmt.Sprintf("compare: target set %q holds %s: a comparison takes 2 to 4", msg.name, tab.Plural(len(targets), "target")))
	}
	note := fmt.Sprintf("compare: target set %q: %s; ctrl+r runs them", msg.name, tab.Plural(len(targets), "target"))
	if len(targets) > 4 {
		note = fmt.Sprintf("compare: target set %q: its first 4 of %d targets (a comparison takes 4 at most); ctrl+r runs them", msg.name, len(targets))
		targets = targets[:4]
	}
	return targets, tab.Notice(note), nil
}
