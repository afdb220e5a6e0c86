package compare

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/record"
	"atelier/ui/components/guard"
	"atelier/ui/internal/frameclock"
	"atelier/ui/tab"
)

// recordedMsg says a run was recorded in history, or could not be: the
// streams start once it comes.
type recordedMsg struct {
	seq     int
	convID  int64           // 0 when not recorded
	replies []*record.Reply // one per column; nil where not recorded
	alts    []int64         // the comparisons it is an alternative of, with it (alternatives.go)
	at      time.Time
	err     error
}

var (
	errNoService = errors.New("compare: no service yet: set the base URL in Settings (alt+6), or run atelier --demo")
	errTargets   = errors.New("compare: choose 2 to 4 targets first (ctrl+t)")
	errNoPrompt  = errors.New("compare: write a prompt first (e)")
)

// start sends the prompt to every target, once the budget's guard agrees:
// a new run, recorded first, then streamed column by column.
func (m Model) start() (Model, tea.Cmd) {
	targets := withSystem(m.targets, m.system)
	turns := []client.ChatTurn{{Role: "user", Text: m.prompt}}
	switch {
	case m.client == nil:
		return m, tab.Warn(errNoService.Error())
	case len(targets) < 2 || len(targets) > 4:
		return m, tab.Warn(errTargets.Error())
	case strings.TrimSpace(m.prompt) == "": // not a failure: the key did nothing, and why
		return m, tab.Warn(errNoPrompt.Error())
	}
	for i, t := range targets {
		if _, _, err := client.NativeChatRequest(t, turns, true); err != nil {
			return m, tab.Error(fmt.Errorf("compare: target %d (%s · %s): %w", i+1, t.Family, t.Model, err))
		}
	}
	p := pendingRun{targets: targets, prompt: m.prompt, system: m.system, blind: m.arena.next,
		altOf: m.run.againOf(m.prompt, targets)}
	if weigh := guard.Weigh(m.db, m.settings, "comparison", estimate(m.prices, targets, m.prompt)); weigh != nil {
		return m, m.gate.hold(p, weigh)
	}
	return m.launch(p)
}

// launch starts run p: blind, its targets in a shuffled order, shown as
// letters.
func (m Model) launch(p pendingRun) (Model, tea.Cmd) {
	if p.blind {
		p.targets = shuffle(p.targets)
	}
	m.run.stop()
	m.seq++
	m.run = run{seq: m.seq, prompt: p.prompt, system: p.system}
	for i, t := range p.targets {
		m.run.lanes = append(m.run.lanes, newLane(t, m.st.Markdown))
		m.run.lanes[i].slot = i
		m.run.lanes[i].md.SetClock(m.clock)
	}
	m.arena, m.lens.diff = m.arena.started(p.blind, len(p.targets)), nil
	m.browser, m.mode = m.browser.left(), browsing
	m.kept.restore(&m)
	m.lens.focus = min(m.lens.focus, len(p.targets)-1)
	cmds := append(m.layout(), recordRun(m.db, m.seq, p))
	return m, tea.Batch(cmds...)
}

// recordRun writes the run's conversation, prompt, lanes and the start of
// each reply, as `atelier compare` does, and marks a blind run so, then
// says so.
func recordRun(db *store.Store, seq int, p pendingRun) tea.Cmd {
	return func() tea.Msg {
		msg := recordedMsg{seq: seq, replies: make([]*record.Reply, len(p.targets))}
		if db != nil {
			ctx := context.Background()
			msg.convID, msg.replies, msg.err = record.BeginComparison(ctx, db, p.prompt, p.targets)
			if p.blind && msg.convID != 0 {
				msg.err = errors.Join(msg.err, db.MarkBlind(ctx, msg.convID, 0))
			}
			if msg.convID != 0 && p.altOf != 0 {
				err := db.LinkAlternative(ctx, store.AltComparison, p.altOf, msg.convID)
				alts, aerr := db.CompareAlternatives(ctx, msg.convID)
				msg.alts, msg.err = alts, errors.Join(msg.err, err, aerr)
			}
		}
		msg.at = time.Now()
		return result(msg)
	}
}

// begin starts the streams of r once it was recorded, one chain of
// commands each, from c, taking what came at clock's ticks; it reports
// whether it began (r is the run recorded, and neither stopped nor without
// a service), else it ends the replies recorded.
func (r *run) begin(msg recordedMsg, c *client.Client, clock frameclock.Clock) (tea.Cmd, bool) {
	if msg.seq != r.seq || r.stopped || c == nil {
		return r.abandon(msg, c != nil), false
	}
	r.convID, r.alts = msg.convID, msg.alts
	var cmds []tea.Cmd
	if msg.err != nil {
		cmds = append(cmds, tab.Error(fmt.Errorf("compare: not all recorded in history: %w", msg.err)))
	}
	turns := []client.ChatTurn{{Role: "user", Text: r.prompt}}
	for i := range r.lanes {
		l := &r.lanes[i]
		ctx, cancel := context.WithCancel(context.Background())
		l.cancel, l.started = cancel, msg.at
		s := openStream(ctx, c, r.seq, i, l.target, turns, msg.replies[i], clock)
		cmds = append(cmds, s.pull())
	}
	return tea.Batch(cmds...), true
}

// abandon ends the replies of a run that was stopped or replaced before
// its streams began (r's, or an older one's); served says there is a
// service to stream from.
func (r *run) abandon(msg recordedMsg, served bool) tea.Cmd {
	if msg.seq == r.seq {
		for i := range r.lanes {
			r.lanes[i].state = stopped
		}
		if !served {
			return tab.Error(errNoService)
		}
	}
	replies := msg.replies
	return func() tea.Msg {
		for _, r := range replies {
			r.Stop()
		}
		return result(closedMsg{})
	}
}

// laneEvents applies the events of a column's stream taken at one frame
// and asks for the next. Events of a run no longer on screen close its
// stream.
func (m Model) laneEvents(b batchMsg) (Model, tea.Cmd) {
	last := b[len(b)-1]
	if last.seq != m.run.seq || last.lane >= len(m.run.lanes) {
		if last.end {
			return m, nil
		}
		return m, last.s.close()
	}
	l := &m.run.lanes[last.lane]
	need := l.tables.need
	var cmds []tea.Cmd
	ended := false
	for _, msg := range b {
		c, end := l.take(msg)
		cmds, ended = append(cmds, c...), ended || end
	}
	switch {
	case ended:
		markSelfNaming(m.run.lanes)
		if m.lens.diff != nil {
			m.lens.diff = newDiff(m.run.lanes, m.lens.diff.left, m.width, m.st)
		}
		cmds = append(cmds, m.layout()...)
	case l.tables.need > need && m.width/m.screen().geometry().count-4 < l.tables.need:
		cmds = append(cmds, m.layout()...) // a table too wide for the columns came
	}
	if !last.end {
		cmds = append(cmds, last.s.pull())
	}
	return m, tea.Batch(cmds...)
}

// take applies one event of the column's stream: the commands it gives,
// and whether the reply ended.
func (l *lane) take(msg laneMsg) (cmds []tea.Cmd, ended bool) {
	cmds = []tea.Cmd{}
	if msg.recErr != nil {
		cmds = append(cmds, tab.Error(fmt.Errorf("compare: history: %w", msg.recErr)))
	}
	switch d := msg.delta; d.Kind {
	case client.ChatTextDelta, client.ChatThinkingDelta:
		l.state = streaming
		if l.first.IsZero() && d.Text != "" {
			l.first = msg.at
		}
		if d.Kind == client.ChatTextDelta {
			cmds = append(cmds, l.append(d.Text))
		}
	case client.ChatUsageDelta:
		l.fig.in, l.fig.out = int64(d.Usage.Input), int64(d.Usage.Output)
	case client.ChatDoneDelta:
		l.end(d.Result, msg.err)
		return append(cmds, ours(l.md.Finish())), true // the last block drawn as closed
	}
	return cmds, false
}

// end records how a column's reply ended.
func (l *lane) end(res *client.ChatResult, err error) {
	l.tables.end()
	if l.cancel != nil {
		l.cancel()
		l.cancel = nil
	}
	if res != nil {
		l.fig = resultFigures(res)
		l.native, l.text = res.Response, res.Text
	}
	if l.fig.ttft <= 0 && !l.first.IsZero() { // stopped or cut: the first token still came when it came
		l.fig.ttft = l.first.Sub(l.started)
	}
	if l.text == "" {
		l.text = l.md.Text()
	}
	switch {
	case err == nil:
		l.state = done
	case wasStopped(err):
		l.state = stopped
	default:
		l.state, l.err = failed, termtext.String(err.Error())
	}
}

// synced keeps when the renderer ticks, for the columns' frames to land
// on: the columns drawing now, and those of the runs to come.
func (m Model) synced(msg frameclock.SyncMsg) Model {
	m.clock = frameclock.Sync(msg)
	for i := range m.run.lanes {
		m.run.lanes[i].md.SetClock(m.clock)
	}
	return m
}

// stop stops every column still streaming; what came stays.
func (r *run) stop() {
	if !r.running() {
		return
	}
	r.stopped = true
	for i := range r.lanes {
		if l := &r.lanes[i]; l.cancel != nil {
			l.cancel() // the pull under way ends with context.Canceled
		}
	}
}

// running reports whether a column of r is still going.
func (r run) running() bool {
	for _, l := range r.lanes {
		if !l.state.ended() {
			return true
		}
	}
	return false
}
