package compare

import (
	"context"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/batch/judge"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// The judge (J): the judge target chosen in Settings (arena.judge) picks
// the better column of the run on screen twice, with the columns in the
// order shown and reversed, since judges favour a position; a pick that
// changes with the order is shown as inconsistent. Its calls are recorded
// in history and weighed against the budget like a run. Not while a blind
// run waits for its vote: the judge's pick would sway it.

// pick is the judge's pick of the run on screen.
type pick struct {
	judge   string // the judge target, as -t names it
	asking  bool
	verdict judge.Verdict
}

// pickedMsg is the judge's answer about run seq.
type pickedMsg struct {
	seq     int
	verdict judge.Verdict
	err     error
}

// askJudge weighs the judge's two calls against the budget, then asks.
func (m Model) askJudge() (Model, tea.Cmd) {
	r := &m.run
	spec := ""
	if m.settings != nil {
		spec = m.settings.Arena.Judge
	}
	switch {
	case m.arena.hidden():
		return m, tab.Warn("judge: after your vote: its pick would sway it")
	case len(r.lanes) < 2:
		return m, tab.Warn("judge: run a comparison first")
	case !r.allEnded():
		return m, tab.Warn("judge: wait for every column to end")
	case r.pick != nil && r.pick.asking:
		return m, tab.Warn("judge: already asking")
	case m.client == nil:
		return m, tab.Warn(errNoService.Error())
	}
	j, err := judge.New(m.client, m.db, spec)
	if err != nil {
		return m, tab.Warn(err.Error())
	}
	j.Title = "judge of a comparison: " + oneLine(r.prompt)
	p := pendingRun{judge: j}
	if weigh := guard.Weigh(m.db, m.settings, "judge", m.prices.EstimateAsks(j.PickAsks("", r.prompt, r.texts()), 1)); weigh != nil {
		return m, m.gate.hold(p, weigh)
	}
	return m.let(p)
}

// let sends what the budget let go: the judge's pick, or a run.
func (m Model) let(p pendingRun) (Model, tea.Cmd) {
	if p.judge == nil {
		return m.launch(p)
	}
	j, seq, prompt, texts := p.judge, m.run.seq, m.run.prompt, m.run.texts()
	m.run.pick = &pick{judge: j.Name(), asking: true}
	return m, func() tea.Msg {
		v, err := j.PickBothOrders(context.Background(), "", prompt, texts)
		return result(pickedMsg{seq: seq, verdict: v, err: err})
	}
}

// picked takes the judge's answer, when it is about r.
func (r *run) picked(msg pickedMsg) tea.Cmd {
	if msg.seq != r.seq || r.pick == nil {
		return nil
	}
	if msg.err != nil {
		r.pick = nil
		return tab.Error(msg.err)
	}
	r.pick.asking, r.pick.verdict = false, msg.verdict
	return tab.Info("judge " + r.pick.judge + ": " + r.pick.summary())
}

// told is what the status line says of an answer that changes no more
// than the run on screen: an export written, the judge's pick.
func told(r *run, msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case exportedMsg:
		return exported(msg)
	case pickedMsg:
		return r.picked(msg)
	}
	return nil
}

// texts are the columns' replies, in the order shown.
func (r *run) texts() []string {
	out := make([]string, len(r.lanes))
	for i := range r.lanes {
		out[i] = r.lanes[i].md.Text()
	}
	return out
}

// allEnded reports whether every column's reply is over.
func (r *run) allEnded() bool {
	for i := range r.lanes {
		if !r.lanes[i].state.ended() {
			return false
		}
	}
	return true
}

// summary is the pick in a line: "column 2 better in both orders",
// "a tie in both orders", "inconsistent: column 1 shown first, column 2
// reversed".
func (p *pick) summary() string {
	v := p.verdict
	col := func(w int) string {
		if w < 0 {
			return "a tie"
		}
		return fmt.Sprintf("column %d", w+1)
	}
	switch {
	case !v.Consistent:
		return fmt.Sprintf("inconsistent: %s in the order shown, %s reversed", col(v.First), col(v.Second))
	case v.Winner < 0:
		return "a tie in both orders"
	}
	return col(v.Winner) + " better in both orders · " + strings.TrimSpace(v.Reasons[0])
}

// line is what column i's verdict line says of the pick; "" when nothing.
func (p *pick) line(i int) string {
	switch {
	case p == nil:
		return ""
	case p.asking:
		return "judge: asking…"
	case !p.verdict.Consistent:
		return "judge: inconsistent"
	case p.verdict.Winner == i:
		return "judge: better in both orders"
	case p.verdict.Winner < 0:
		return "judge: a tie"
	}
	return ""
}
