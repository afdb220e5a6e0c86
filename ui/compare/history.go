package compare

import (
	"context"
	"encoding/json"
	"errors"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
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
	// loadedMsg is one comparison read back, with its votes, whether its
	// last prompt ran blind, and its tags.
	loadedMsg struct {
		seq   int
		conv  *store.Conversation
		calls []store.Call
		votes []store.Vote
		blind bool
		tags  []string
		alts  []int64 // the runs of its prompt on its targets (alternatives.go)
		err   error
	}
)

// listRuns asks for the comparisons in db.
func listRuns(db *store.Store) tea.Cmd {
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

// open reads the comparison at index i of the list; it waits while a run
// is streaming, which moving away would leave unseen.
func (m Model) open(i int) (Model, tea.Cmd) {
	if i < 0 || i >= len(m.browser.items()) || m.db == nil {
		return m, nil
	}
	if m.run.running() {
		return m, tab.Warn("compare: a run is streaming: esc stops it")
	}
	m.seq++
	m.browser = m.browser.opening(i)
	db, id, seq := m.db, m.browser.items()[i], m.seq
	return m, func() tea.Msg { return result(load(db, id, seq)) }
}

// load reads comparison id back, and what the arena keeps on it.
func load(db *store.Store, id int64, seq int) loadedMsg {
	ctx := context.Background()
	msg := loadedMsg{seq: seq}
	ref := store.ItemRef{Kind: store.KindCompare, ID: id}
	if msg.conv, msg.err = db.Conversation(ctx, id); msg.err != nil {
		return msg
	}
	msg.calls, msg.err = db.Calls(ctx, store.CallFilter{ConversationID: id})
	if msg.err == nil {
		msg.alts, msg.err = db.CompareAlternatives(ctx, id)
	}
	if msg.err == nil {
		msg.votes, msg.err = db.Votes(ctx, store.VoteFilter{Item: &ref, Withdrawn: true})
	}
	if msg.err == nil {
		msg.blind, msg.err = db.RanBlind(ctx, id, lastTurn(msg.conv))
	}
	if msg.err == nil {
		msg.tags, msg.err = db.Tags(ctx, ref)
	}
	return msg
}

// loaded shows a comparison as it was, and makes its prompt and targets
// the next run's, ready to run again or to edit first.
func (m Model) loaded(msg loadedMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq {
		return m, nil
	}
	if msg.err != nil {
		m.browser = m.browser.opened(m.run.convID, errors.Is(msg.err, store.ErrNotFound)) // deleted meanwhile
		return m, tab.Error(msg.err)
	}
	m.run = runFrom(msg.seq, msg.conv, msg.calls, m.st)
	m.run.tags, m.run.alts = msg.tags, msg.alts
	m.browser = m.browser.opened(m.run.convID, false)
	m.prompt = m.run.prompt
	m.system, m.targets = splitSystem(m.run.shownTargets(m.targets)) // in the order recorded, which tells nothing
	m.defaulted = false
	m.lens.diff = nil
	var vote *store.Vote
	m.arena, vote = m.arena.opened(msg.votes, m.run.turn, len(m.run.lanes), msg.blind)
	switch {
	case vote != nil:
		m.run.lanes = inVoteOrder(m.run.lanes, *vote)
	case m.arena.hidden():
		m.run.lanes = shuffle(m.run.lanes)
	}
	markSelfNaming(m.run.lanes)
	m.lens.focus = min(m.lens.focus, max(len(m.run.lanes)-1, 0))
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
	r := run{seq: seq, convID: c.ID, turn: lastTurn(c)}
	for _, msg := range c.Messages {
		if msg.Role == store.RoleUser && msg.Turn == r.turn {
			r.prompt = msg.Text
		}
	}
	lanes, replies := turnOf(c, r.turn)
	r.lanes = make([]lane, laneCount(lanes, replies))
	for i := range r.lanes {
		r.lanes[i] = newLane(client.ChatTarget{}, st.Markdown)
		r.lanes[i].slot = i
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

// lastTurn is the turn of c's last prompt.
func lastTurn(c *store.Conversation) int {
	turn := 0
	for _, msg := range c.Messages {
		if msg.Role == store.RoleUser {
			turn = max(turn, msg.Turn)
		}
	}
	return turn
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
