package chat

import (
	"encoding/json"
	"strings"
	"time"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/store/record"
)

// entry is one message on screen: a prompt or a reply.
type entry struct {
	id       int64 // the stored message; 0 until stored, or without a store
	turn     int
	role     string // store.RoleUser or store.RoleAssistant
	text     string
	thinking string
	images   []attachment // a prompt's images, for this session only
	family   client.Group
	model    string
	settings json.RawMessage // the reply's client.ChatSettings
	status   string          // a store status word; streaming while it arrives
	errText  string
	stop     string
	usage    client.ChatUsage
	ttft     time.Duration
	total    time.Duration
	sources  []client.ChatSource
	tools    []client.ChatToolCall
	native   json.RawMessage // the native final reply, sent back in later turns
	billed   price.Usage     // usage with the thinking its native reply tells apart, read once
	at       time.Time
	edited   bool // a prompt that replaced an earlier one
	chosen   bool // the prompt the composer edits (e): marked ✎ (branch.go)
	// siblings are the stored ids of the entry and its alternatives (a
	// reply) or branches (a prompt), oldest first, the entry's at place;
	// one or none: no fork (alternatives.go).
	siblings []int64
	place    int
	version  int // bumped on every change, for the render cache
	live     *liveText
}

// liveText is a reply's text and thinking while they stream: each delta is
// written to a builder, whose string the entry's fields then share (no
// copy of what came before, as `text +=` would make for every delta), and
// the thinking is wrapped as it comes (flow). The text is the client's own
// instead (shared), when the delta carries it and the entry began empty:
// a reply of megabytes is not held twice.
type liveText struct {
	text, thinking strings.Builder
	shared         bool // text is the deltas' SoFar; the builder is unused
	flow           flow
	styled         styledLines // the flow's kept lines, styled
}

// styledLines are lines of thinking styled for a width and styles.
type styledLines struct {
	width int
	st    *styles
	lines []string
}

// add appends a delta of text or thinking to e; sofar, when known, is the
// reply's text with the delta, shared with the client (see liveText).
func (e *entry) add(text, thinking, sofar string) {
	if e.live == nil {
		e.live = &liveText{shared: e.text == "" && sofar != ""}
		e.live.text.WriteString(e.text)
		e.live.thinking.WriteString(e.thinking)
		e.live.flow.append(e.thinking)
	}
	switch {
	case text == "":
	case e.live.shared && len(sofar) == len(e.text)+len(text):
		e.text = sofar
	default:
		if e.live.shared { // not the client's text after all: kept here from now on
			e.live.shared = false
			e.live.text.WriteString(e.text)
		}
		e.live.text.WriteString(text)
		e.text = e.live.text.String()
	}
	if thinking != "" {
		e.live.thinking.WriteString(thinking)
		e.live.flow.append(thinking)
		e.thinking = e.live.thinking.String()
	}
}

// paused reports whether a reply stopped to be continued (alpha's
// pause_turn).
func (e *entry) paused() bool {
	return e.role == store.RoleAssistant && e.stop == "pause_turn" && e.status == store.StatusComplete
}

// entriesOf turns stored messages into what the conversation shows: the
// path kept (store.KeptPath), each entry with its siblings. natives holds
// each reply's native response by message id.
func entriesOf(msgs []store.Message, natives map[int64]json.RawMessage) []entry {
	path := store.KeptPath(msgs)
	out := make([]entry, 0, len(path))
	for _, st := range path {
		e := entryOf(st.Message, natives[st.ID])
		if st.Forks() {
			e.siblings, e.place = st.Siblings, st.At
			e.edited = e.role == store.RoleUser && st.At > 0
		}
		out = append(out, e)
	}
	return out
}

// entryOf is one stored message; a reply's sources and tool calls come
// from its native response.
func entryOf(m store.Message, native json.RawMessage) entry {
	e := entry{
		id: m.ID, turn: m.Turn, role: m.Role, text: m.Text, thinking: m.Thinking,
		family: client.Group(m.Family), model: m.Model, settings: m.SettingsJSON,
		status: m.Status, errText: m.Error, stop: m.StopReason,
		usage: client.ChatUsage{Input: int(m.Usage.InputTokens), Output: int(m.Usage.OutputTokens)},
		ttft:  m.TTFT, total: m.Total, native: native, at: m.CreatedAt,
	}
	if len(native) > 0 {
		if res, err := client.ChatResultOf(e.family, native); err == nil {
			e.sources, e.tools = res.Sources, res.Tools
		}
	}
	e.countUsage()
	return e
}

// turnsOf are the client turns of entries, as record.Turns sends a path.
func turnsOf(entries []entry) []client.ChatTurn {
	said := make([]record.Said, len(entries))
	for i := range entries {
		e := &entries[i]
		said[i] = record.Said{Role: e.role, Text: e.text, Images: chatImages(e.images), Native: e.native,
			Family: e.family, Broken: e.broken()}
	}
	return record.Turns(said)
}

// broken reports whether a reply ended without completing: failed,
// stopped, or cut short by an exit.
func (e *entry) broken() bool { return record.Broken(e.status) }

// lastUser is the index of the last prompt, or -1.
func lastUser(entries []entry) int {
	for i := len(entries) - 1; i >= 0; i-- {
		if entries[i].role == store.RoleUser {
			return i
		}
	}
	return -1
}

// lastReply is the index of the last reply, or -1.
func lastReply(entries []entry) int {
	i := len(entries) - 1
	if i >= 0 && entries[i].role == store.RoleAssistant {
		return i
	}
	return -1
}
