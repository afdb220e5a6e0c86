package chat

import (
	"context"
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// conversation is the one on screen: its entries, the load that will
// replace it, and the reply arriving into it. It is apart from the Model
// because a reply's life (a send checked and begun, its deltas, its end)
// changes only the entries and the run; the Model draws and lists what
// changed. Its numbers outlive the conversation shown: seq numbers the
// requests (sends and loads), so an answer to an older one is dropped, and
// gen the entries' versions, so the render cache never mistakes one entry
// for another.
type conversation struct {
	id      int64 // 0: new, not stored yet
	entries []entry
	loading int                     // the seq of the load under way; 0 when none
	run     *running                // the reply arriving, if any
	seq     int                     // numbers requests: sends and conversation loads
	gen     int                     // numbers entry versions, for the render cache
	batch   int                     // the text a pull of the stream takes at most (0: deltaq's cap)
	stamp   store.ConversationStamp // where the stored messages stood when read
	stale   tab.Stale               // a change to follow, heard out of sight
}

// sendPlan is a send: what the conversation will be (entries, then the
// reply), the reply's turn, and the prompt stored (new and edited prompts).
type sendPlan struct {
	kind    sendKind
	entries []entry
	turn    int
	prompt  string
	parent  int64 // the stored message the send follows (record.Send.ParentID)
}

// touch marks entry i changed, for the render cache.
func (c *conversation) touch(i int) {
	if i < 0 || i >= len(c.entries) {
		return
	}
	c.gen++
	c.entries[i].version = c.gen
}

// busy is the refusal of what must wait for the reply arriving; nil when
// none is.
func (c conversation) busy() tea.Cmd {
	if c.run != nil {
		return tab.Warn("a reply is arriving: esc stops it first")
	}
	return nil
}

// load numbers a load of a stored conversation: its answer replaces this
// one unless something is sent or opened first.
func (c conversation) load() conversation {
	c.seq++
	c.loading = c.seq
	return c
}

// show is conversation id with entries read from the store.
func (c conversation) show(id int64, entries []entry) conversation {
	c.id, c.entries, c.loading = id, entries, 0
	for i := range c.entries {
		c.touch(i)
	}
	return c
}

// emptied is a new conversation; a load under way no longer counts.
func (c conversation) emptied() conversation {
	c.seq++
	c.id, c.entries, c.loading = 0, nil, 0
	return c
}

// submission is what enter in composer comp sends to family f: its
// prompt, or the paused reply continued when it is empty. False when there
// is nothing to send, or (with the reason in cmd) what it holds is refused.
func (c conversation) submission(comp composer, f client.Group) (sendPlan, tea.Cmd, bool) {
	text := comp.text()
	if text == "" && len(comp.images) == 0 {
		p, ok := c.continuation()
		return p, nil, ok
	}
	if len(comp.images) > 0 && !takesImages(f) {
		return sendPlan{}, tab.Warn(fmt.Sprintf("chat: %s takes no images: alt+x drops them", f)), false
	}
	at := -1
	if comp.editing {
		if at = comp.edit.in(c.entries); at < 0 {
			return sendPlan{}, tab.Warn("the prompt chosen is no longer on the path shown: e chooses one again"), false
		}
	}
	return c.prompted(text, comp.images, at), nil, true
}

// prompted is the send of a prompt typed in the composer: a new one, or
// when at is a prompt's index (not -1) that prompt changed: a branch beside
// it, following what it followed.
func (c conversation) prompted(text string, images []attachment, at int) sendPlan {
	base, kind, turn := c.entries, sendPrompt, 0
	if n := len(base); n > 0 {
		turn = base[n-1].turn + 1 // the store says, when there is one
	}
	prompt := entry{role: store.RoleUser, text: text, images: images}
	if at >= 0 && at < len(base) { // a branch beside the prompt edited
		prompt.siblings, prompt.place = withNew(base[at])
		base, kind, turn = base[:at], sendEdit, base[at].turn
	}
	prompt.turn, prompt.edited = turn, kind == sendEdit
	return sendPlan{kind: kind, entries: append(clip(base), prompt), turn: turn, prompt: text, parent: lastID(base)}
}

// regeneration sends the last prompt again; the new reply replaces the
// last. False when there is no prompt yet.
func (c conversation) regeneration() (sendPlan, bool) {
	i := lastUser(c.entries)
	if i < 0 {
		return sendPlan{}, false
	}
	return sendPlan{kind: sendRegenerate, entries: clip(c.entries[:i+1]), turn: c.entries[i].turn,
		parent: c.entries[i].id}, true
}

// continuation continues a reply the model paused (alpha's pause_turn):
// the turns go again with the paused reply last, and no new prompt. False
// when the last reply is not paused.
func (c conversation) continuation() (sendPlan, bool) {
	i := lastReply(c.entries)
	if i < 0 || !c.entries[i].paused() {
		return sendPlan{}, false
	}
	return sendPlan{kind: sendContinue, entries: clip(c.entries), turn: c.entries[i].turn, parent: c.entries[i].id}, true
}

// clip is entries with no room to grow, so appending copies: the entries on
// screen stay as they are until the send is accepted.
func clip(es []entry) []entry { return es[:len(es):len(es)] }

// start checks and begins send p to target t through cl, recorded in db.
// It refuses, with the reason in the status bar, while a reply is
// arriving, without a service, or when the request breaks a documented
// limit (nothing is sent then, and the prompt stays in the composer).
func (c conversation) start(p sendPlan, t client.ChatTarget, cl *client.Client, db *store.Store) (conversation, tea.Cmd, bool) {
	switch {
	case c.run != nil:
		return c, tab.Warn("a reply is arriving: esc stops it"), false
	case cl == nil:
		return c, tab.Warn(errNoService.Error()), false
	case t.Model == "":
		return c, tab.Warn(fmt.Sprintf("chat: no %s model chosen yet: ctrl+t picks one, or set a default model in Settings (alt+6)", t.Family)), false
	}
	turns := turnsOf(p.entries)
	if _, _, err := client.NativeChatRequest(t, turns, true); err != nil {
		return c, tab.Error(err), false
	}
	c.seq++
	c.loading = 0 // a conversation still loading no longer replaces this one
	ctx, cancel := context.WithCancel(context.Background())
	c.run = &running{id: c.seq, ctx: ctx, cancel: cancel}
	settings, _ := json.Marshal(t.Settings)
	reply := entry{role: store.RoleAssistant, turn: p.turn, family: t.Family, model: t.Model,
		settings: settings, status: store.StatusStreaming}
	if i := len(p.entries); p.kind == sendRegenerate && i < len(c.entries) {
		reply.siblings, reply.place = withNew(c.entries[i]) // an alternative beside the reply shown
	}
	c.entries = append(p.entries, reply)
	for i := len(p.entries) - 1; i < len(c.entries); i++ {
		c.touch(i)
	}
	r := request{id: c.seq, kind: p.kind, db: db, client: cl, target: t, turns: turns,
		convID: c.id, turn: p.turn, prompt: p.prompt, parent: p.parent, ctx: ctx, batch: c.batch}
	return c, begin(r), true
}

// stop is esc while a reply arrives: the stream is cancelled, and what
// arrived is kept (finished comes when the stream has closed).
func (c conversation) stop() {
	if c.run != nil {
		c.run.cancel()
	}
}

// began takes the send recorded and the stream open; false if it is not
// the reply awaited.
func (c *conversation) began(b beganMsg) bool {
	if c.run == nil || b.id != c.run.id {
		return false
	}
	c.run.q, c.run.rec, c.run.started = b.q, b.rec, b.at
	c.id = b.convID
	es := c.entries
	if i := lastUser(es); i >= 0 && b.userID != 0 {
		es[i].id, es[i].at, es[i].turn = b.userID, b.at, b.turn
		es[i].named()
		c.touch(i)
	} else if i >= 0 && es[i].at.IsZero() {
		es[i].at = b.at
		c.touch(i)
	}
	last := len(es) - 1
	es[last].turn, es[last].at = b.turn, b.at
	if b.rec != nil {
		es[last].id = b.rec.ID()
		es[last].named()
	}
	return true
}

// delta applies one piece of the reply, its text also to live (the
// transcript's drawing of the reply arriving); false if it is not the
// reply awaited.
func (c *conversation) delta(d deltaMsg, live *markdown.Renderer) bool {
	if c.run == nil || d.id != c.run.id {
		return false
	}
	last := len(c.entries) - 1
	e := &c.entries[last]
	switch d.d.Kind {
	case client.ChatTextDelta:
		e.add(d.d.Text, "", d.d.SoFar)
		live.Append(d.d.Text)
		c.run.firstToken(e, d)
	case client.ChatThinkingDelta:
		e.add("", d.d.Text, "")
		c.run.firstToken(e, d)
	case client.ChatToolDelta:
		e.tools = append(e.tools, *d.d.Tool)
	case client.ChatCitationDelta:
		e.sources = addSource(e.sources, *d.d.Citation)
	case client.ChatUsageDelta:
		e.usage = d.d.Usage
	}
	c.touch(last)
	return true
}

// finished applies how the reply ended, and is the reply's index; false if
// it is not the reply awaited. The stream is closed and the reply recorded
// by now.
func (c *conversation) finished(f finishedMsg) (int, bool) {
	if c.run == nil || f.id != c.run.id {
		return 0, false
	}
	c.run = nil
	last := len(c.entries) - 1
	e := &c.entries[last]
	applyResult(e, f)
	e.live = nil
	c.touch(last)
	return last, true
}
