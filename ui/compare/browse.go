package compare

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// key routes a key press by mode, and adopts what the editor and the
// targets form give back once closed.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	switch m.mode {
	case prompting:
		cmd, done := m.editor.key(msg, m.km)
		if done == editing {
			return m, cmd
		}
		m.prompt, m.system, m.mode = m.editor.close()
		if done == sending {
			return m.start()
		}
		return m, tea.Batch(m.layout()...)
	case targeting:
		f, targets, cmd, done := targetsKey(*m.form, msg, m.km)
		if m.form = &f; !done {
			return m, cmd
		}
		if m.mode, m.form = browsing, nil; targets != nil {
			m.targets, m.defaulted = targets, false
			cmd = tab.Notice(fmt.Sprintf("compare: %s set; ctrl+r runs them", tab.Plural(len(targets), "target")))
		}
		return m, tea.Batch(append(m.layout(), cmd)...)
	case noting, lining:
		return m.lineKey(msg)
	case asking:
		return m.questionKey(msg)
	}
	return m.browseKey(msg)
}

// browseKey acts on the columns: a hidden run's verdicts first, the diff's
// scrolling while it shows, then the keys of the columns and of the runs.
func (m Model) browseKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if m.arena.vote.Blind() && len(m.run.lanes) > 0 {
		var cmd tea.Cmd
		var took bool
		if m, cmd, took = m.voteKey(msg); took {
			return m, cmd
		}
	}
	if m.lens.diff != nil {
		var ok bool
		if m.lens.diff, ok = m.lens.diff.scroll(msg, m.km.Scroll, max(m.screen().geometry().colH-4, 1)); ok {
			return m, nil
		}
	}
	if v, took, relayout := m.lens.key(msg, m.km, m.run.lanes, m.width, m.st); took {
		if m.lens = v; relayout {
			return m, tea.Batch(m.layout()...)
		}
		return m, nil
	}
	k := m.km
	switch {
	case key.Matches(msg, k.Rate):
		rated := m.run.rate(m.lens.focus, slices.Index(k.Rate.Keys(), msg.String())+1)
		return m, m.verdicts.judged(rated, m.db, m.run)
	case key.Matches(msg, k.Note):
		return m.openLine(noteLine, "")
	case key.Matches(msg, k.Judge):
		return m.askJudge()
	case key.Matches(msg, k.Winner):
		won := m.run.toggleWinner(m.lens.focus)
		return m, m.verdicts.judged(won, m.db, m.run)
	case key.Matches(msg, k.Continue):
		return m, m.run.continueChat(m.lens.focus)
	case key.Matches(msg, k.Export):
		return m, m.verdicts.exportRun(m.db, m.run.convID, m.exportDir)
	case key.Matches(msg, k.Share):
		return m, shareRun(m.db, m.run.convID)
	}
	return m.runKey(msg)
}

// runKey acts on the runs: a new one, the prompt, the targets, the ones
// in history, blindness and the tags.
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
	case key.Matches(msg, k.PrevAlt, k.NextAlt): // open the alternative (alternatives.go)
		id, refused := m.run.altStep(key.Matches(msg, k.NextAlt))
		if id == 0 {
			return m, refused
		}
		var i int
		m.browser, i = m.browser.insert(id)
		return m.open(i)
	case key.Matches(msg, k.Blind):
		m.arena.next = !m.arena.next
		return m, tea.Batch(m.layout()...)
	case key.Matches(msg, k.Tags):
		return m.openLine(tagLine, strings.Join(m.run.tags, ", "))
	case key.Matches(msg, k.Sets):
		return m, askSets(m.db)
	case key.Matches(msg, k.Vote.Withdraw):
		return m, tab.Warn("compare: no blind vote on this comparison to withdraw")
	}
	m.run.scroll(msg, m.lens.focus, m.lens.sync)
	return m, nil
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
