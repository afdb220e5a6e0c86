package compare

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// key routes a key press by mode.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch m.mode {
	case prompting:
		return m.editorKey(msg)
	case noting:
		return m.noteKey(msg)
	case targeting:
		return m.formKey(msg)
	case lining:
		return m.lineKey(msg)
	case asking:
		return m.questionKey(msg)
	}
	return m.browseKey(msg)
}

// browseKey acts on the columns: a hidden run's verdicts first, the diff's
// scrolling while it shows, then the keys of the columns and of the runs.
func (m Model) browseKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.arena.hidden() && len(m.run.lanes) > 0 {
		switch verdict, start, cmd, took := m.arena.vote(msg, m.km, len(m.run.lanes), m.run.running()); {
		case verdict != "":
			return m.castVote(verdict)
		case start != "":
			return m.openLine(voteLine, start)
		case took:
			return m, cmd
		}
	}
	if m.diff != nil {
		var ok bool
		if m.diff, ok = m.diff.scroll(msg, m.km.Scroll, max(m.geometry().colH-4, 1)); ok {
			return m, nil
		}
	}
	k := m.km
	switch {
	case key.Matches(msg, k.Next):
		return m.moveFocus(1)
	case key.Matches(msg, k.Prev):
		return m.moveFocus(-1)
	case key.Matches(msg, k.Zoom):
		m.zoom = !m.zoom
		return m, tea.Batch(m.layout()...)
	case key.Matches(msg, k.Sync):
		m.sync = !m.sync
		return m, nil
	case key.Matches(msg, k.Rate):
		rated := m.run.rate(m.focus, slices.Index(k.Rate.Keys(), msg.String())+1)
		return m, m.verdicts.judged(rated, m.db, m.run)
	case key.Matches(msg, k.Note):
		return m.openNote()
	case key.Matches(msg, k.Winner):
		won := m.run.toggleWinner(m.focus)
		return m, m.verdicts.judged(won, m.db, m.run)
	case key.Matches(msg, k.Continue):
		return m, m.run.continueChat(m.focus)
	case key.Matches(msg, k.Export):
		return m, m.verdicts.exportRun(m.db, m.run.convID, m.exportDir)
	}
	return m.runKey(msg)
}

// runKey acts on the runs: a new one, the prompt, the targets, the ones
// in history, blindness, the diff and the tags.
func (m Model) runKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	k := m.km
	switch {
	case key.Matches(msg, k.Rerun):
		return m.start()
	case key.Matches(msg, k.Edit):
		m.mode = m.editor.open(m.prompt, m.system)
		return m, tea.Batch(append(m.layout(), m.editor.focus())...)
	case key.Matches(msg, k.Targets):
		m.form, m.mode = newTargetsForm(m.targets, m.km.Form, m.st.Form, m.width), targeting
		return m, tea.Batch(m.layout()...)
	case key.Matches(msg, k.Stop):
		m.run.stop()
		return m, nil
	case key.Matches(msg, k.Older):
		return m.open(m.browser.older())
	case key.Matches(msg, k.Newer):
		return m.open(m.browser.newer())
	case key.Matches(msg, k.Blind):
		m.arena.next = !m.arena.next
		return m, tea.Batch(m.layout()...)
	case key.Matches(msg, k.Diff):
		var changed bool
		if m.diff, changed = toggleDiff(m.diff, m.run.lanes, m.focus, m.width, m.st); !changed {
			return m, nil
		}
		return m, tea.Batch(m.layout()...)
	case key.Matches(msg, k.Tags):
		return m.openLine(tagLine, strings.Join(m.run.tags, ", "))
	case key.Matches(msg, k.Withdraw):
		if err := m.arena.askWithdraw(); err != nil {
			return m, tab.Warn(err.Error())
		}
		m.mode = asking
		return m, tea.Batch(m.layout()...)
	}
	m.run.scroll(msg, m.focus, m.sync)
	return m, nil
}

// moveFocus gives the keyboard to the next or previous column, round.
func (m Model) moveFocus(by int) (Model, tea.Cmd) {
	n := len(m.run.lanes)
	if n == 0 {
		return m, nil
	}
	m.focus = ((m.focus+by)%n + n) % n
	if m.diff != nil {
		m.diff = newDiff(m.run.lanes, m.focus, m.width, m.st)
	}
	return m, tea.Batch(m.layout()...)
}

// scroll gives a scrolling key or the wheel to the focused column, or to
// every column while they scroll in sync.
func (r run) scroll(msg tea.Msg, focus int, sync bool) {
	for i := range r.lanes {
		if sync || i == focus {
			r.lanes[i].md, _ = r.lanes[i].md.Update(msg)
		}
	}
}
