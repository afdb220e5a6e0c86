package compare

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/termtext"
	"atelier/ui/tab"
)

// Earlier runs open from history exactly as they were recorded: [ and ]
// go back and forth through every comparison, this session's and older.

// historyDepth is how many comparisons [ goes back through.
const historyDepth = 500

type (
	// listedMsg is the comparisons in history, oldest first.
	listedMsg struct {
		ids []int64
		err error
	}
	// loadedMsg is one comparison read back.
	loadedMsg struct {
		seq   int
		conv  *store.Conversation
		calls []store.Call
		err   error
	}
)

// list asks for the comparisons in history.
func (m Model) list() tea.Cmd {
	db := m.db
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		convs, err := db.Conversations(context.Background(), store.ConversationQuery{Kind: store.KindCompare, Limit: historyDepth})
		ids := make([]int64, 0, len(convs))
		for _, c := range convs {
			ids = append(ids, c.ID)
		}
		slices.Sort(ids)
		return result(listedMsg{ids: ids, err: err})
	}
}

// listed adopts the list, with the runs recorded meanwhile, and opens the
// latest when nothing is on screen yet.
func (m Model) listed(msg listedMsg) (Model, tea.Cmd) {
	if msg.err != nil {
		return m, tab.Error(msg.err)
	}
	ids := slices.Compact(slices.Sorted(slices.Values(append(msg.ids, m.runs...))))
	shown := m.run.convID
	if m.loading {
		shown = m.runs[m.at] // the run on its way is the one to count
	}
	if shown != 0 {
		m.at = slices.Index(ids, shown)
	}
	m.runs = ids
	if len(m.run.lanes) == 0 && !m.loading && len(ids) > 0 {
		return m.open(len(ids) - 1)
	}
	return m, nil
}

// open reads the comparison at index i of the list; it waits while a run
// is streaming, which moving away would leave unseen.
func (m Model) open(i int) (Model, tea.Cmd) {
	if i < 0 || i >= len(m.runs) || m.db == nil {
		return m, nil
	}
	if m.running() {
		return m, tab.Warn("compare: a run is streaming: esc stops it")
	}
	m.seq++
	m.at, m.loading = i, true
	db, id, seq := m.db, m.runs[i], m.seq
	return m, func() tea.Msg {
		ctx := context.Background()
		conv, err := db.Conversation(ctx, id)
		var calls []store.Call
		if err == nil {
			calls, err = db.Calls(ctx, store.CallFilter{ConversationID: id})
		}
		return result(loadedMsg{seq: seq, conv: conv, calls: calls, err: err})
	}
}

// loaded shows a comparison as it was, and makes its prompt and targets
// the next run's, ready to run again or to edit first.
func (m Model) loaded(msg loadedMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq {
		return m, nil
	}
	m.loading = false
	if msg.err != nil {
		if errors.Is(msg.err, store.ErrNotFound) && m.at >= 0 { // deleted meanwhile
			m.runs = slices.Delete(m.runs, m.at, m.at+1)
		}
		m.at = slices.Index(m.runs, m.run.convID)
		return m, tab.Error(msg.err)
	}
	m.run = runFrom(msg.seq, msg.conv, msg.calls, m.st)
	m.at = slices.Index(m.runs, m.run.convID)
	m.prompt = m.run.prompt
	m.system, m.targets = splitSystem(m.shownTargets())
	m.defaulted = false
	m.focus = min(m.focus, max(len(m.run.lanes)-1, 0))
	var cmds []tea.Cmd
	for i := range m.run.lanes {
		l := &m.run.lanes[i]
		l.top = true
		cmds = append(cmds, l.append(l.text))
		l.tables.end()
	}
	return m, tea.Batch(append(cmds, m.layout()...)...)
}

// runFrom rebuilds the last prompt of a recorded comparison.
func runFrom(seq int, c *store.Conversation, calls []store.Call, st *styles) run {
	r := run{seq: seq, convID: c.ID}
	for _, msg := range c.Messages {
		if msg.Role == store.RoleUser && msg.Turn >= r.turn {
			r.turn, r.prompt = msg.Turn, msg.Text
		}
	}
	lanes, replies := turnOf(c, r.turn)
	r.lanes = make([]lane, laneCount(lanes, replies))
	for i := range r.lanes {
		r.lanes[i] = newLane(client.ChatTarget{}, st.Markdown)
		r.lanes[i].state = stopped // until a reply says otherwise
	}
	native := map[int64]json.RawMessage{}
	for _, call := range calls {
		native[call.MessageID] = call.ResponseJSON
	}
	for _, msg := range replies {
		l := &r.lanes[msg.Lane]
		l.target = storedTarget(msg.Family, msg.Model, msg.SettingsJSON)
		l.text, l.native = msg.Text, native[msg.ID]
		u := price.NativeUsage(msg.Usage.InputTokens, msg.Usage.OutputTokens, l.native)
		l.fig = figures{ttft: msg.TTFT, total: msg.Total, in: u.Input, out: u.Output, thinking: u.Thinking,
			stop: msg.StopReason}
		l.state, l.err = storedState(msg)
	}
	for _, sl := range lanes { // the lane's record of its target wins
		l := &r.lanes[sl.Lane]
		l.target = storedTarget(sl.Family, sl.Model, sl.SettingsJSON)
		l.rating, l.note, l.winner = sl.Rating, sl.Note, sl.Winner
	}
	ts := make([]client.ChatTarget, len(r.lanes))
	for i, l := range r.lanes {
		ts[i] = l.target
	}
	r.system = sharedSystem(ts)
	return r
}

// turnOf is the lanes and replies of one turn of c, of the lanes a
// comparison can have.
func turnOf(c *store.Conversation, turn int) ([]store.Lane, []store.Message) {
	ours := func(t, lane int) bool { return t == turn && lane >= 0 && lane < maxLanes }
	var lanes []store.Lane
	for _, sl := range c.Lanes {
		if ours(sl.Turn, sl.Lane) {
			lanes = append(lanes, sl)
		}
	}
	var replies []store.Message
	for _, msg := range c.Messages {
		if msg.Role == store.RoleAssistant && ours(msg.Turn, msg.Lane) {
			replies = append(replies, msg)
		}
	}
	return lanes, replies
}

// laneCount is how many columns the lanes and replies fill.
func laneCount(lanes []store.Lane, replies []store.Message) int {
	n := 0
	for _, sl := range lanes {
		n = max(n, sl.Lane+1)
	}
	for _, msg := range replies {
		n = max(n, msg.Lane+1)
	}
	return n
}

// storedTarget reads a target back from history; settings that no longer
// parse are left out.
func storedTarget(family, model string, settings json.RawMessage) client.ChatTarget {
	t := client.ChatTarget{Family: client.Group(family), Model: model}
	if len(settings) > 0 {
		json.Unmarshal(settings, &t.Settings)
	}
	return t
}

// storedState is how a recorded reply ended.
func storedState(msg store.Message) (laneState, string) {
	switch msg.Status {
	case store.StatusComplete:
		return done, ""
	case store.StatusError:
		return failed, termtext.String(msg.Error)
	case store.StatusStreaming:
		return stopped, "still streaming in another atelier"
	}
	return stopped, ""
}

// rerun takes up a comparison from the History tab: it opens as it was
// recorded, its prompt and targets the next run's, and waits for ctrl+r
// (or e, to change the prompt first). While a run streams, or when the
// comparison cannot be read, the prompt and targets are filled in alone.
func (m Model) rerun(msg tab.RerunMsg) (Model, tea.Cmd) {
	if msg.ID == 0 || m.db == nil || m.running() {
		targets := make([]client.ChatTarget, 0, len(msg.Targets))
		for _, t := range msg.Targets {
			targets = append(targets, storedTarget(t.Family, t.Model, t.SettingsJSON))
		}
		return m.prefill(msg.Prompt, targets)
	}
	i, found := slices.BinarySearch(m.runs, msg.ID)
	if !found {
		m.runs = slices.Insert(m.runs, i, msg.ID)
	}
	m, cmd := m.open(i)
	return m, tea.Batch(cmd, tab.Info("compare: ctrl+r runs it again; e changes the prompt first"))
}

// prefill makes prompt and targets the next run's, and opens the prompt
// for a look before it runs: a past run taken up again.
func (m Model) prefill(prompt string, targets []client.ChatTarget) (Model, tea.Cmd) {
	m.prompt = prompt
	m.system, m.targets = splitSystem(targets)
	m.defaulted = false
	return m.openEditor()
}

// sharedSystem is the system prompt of targets when they all have the same
// one, else "".
func sharedSystem(targets []client.ChatTarget) string {
	for _, t := range targets[min(len(targets), 1):] {
		if t.Settings.System != targets[0].Settings.System {
			return ""
		}
	}
	if len(targets) == 0 {
		return ""
	}
	return targets[0].Settings.System
}

// splitSystem takes the system prompt all targets share out of them, as
// the run's; targets with different ones keep their own.
func splitSystem(targets []client.ChatTarget) (string, []client.ChatTarget) {
	system := sharedSystem(targets)
	out := make([]client.ChatTarget, len(targets))
	for i, t := range targets {
		if system != "" {
			t.Settings.System = ""
		}
		out[i] = t
	}
	return system, out
}
