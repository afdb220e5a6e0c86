package chat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// submit is enter in the composer: send the prompt, or continue a paused
// reply when the prompt is empty.
func (m Model) submit() (Model, tea.Cmd) {
	text := m.comp.text()
	if text == "" && len(m.comp.images) == 0 {
		if i := lastReply(m.conv.entries); i >= 0 && m.conv.entries[i].paused() {
			return m.resume()
		}
		return m, nil
	}
	base, kind, turn := m.conv.entries, sendPrompt, 0
	if n := len(base); n > 0 {
		turn = base[n-1].turn + 1 // the store says, when there is one
	}
	if m.comp.editing {
		if i := lastUser(base); i >= 0 {
			base, kind, turn = base[:i], sendEdit, base[i].turn
		}
	}
	if len(m.comp.images) > 0 && !takesImages(m.target.Family) {
		return m, tab.Error(fmt.Errorf("chat: %s takes no images: alt+x drops them", m.target.Family))
	}
	prompt := entry{role: store.RoleUser, text: text, images: m.comp.images, turn: turn, edited: kind == sendEdit}
	next, cmd, ok := m.start(kind, append(clip(base), prompt), turn, text)
	if !ok {
		return m, cmd
	}
	next.comp = next.comp.cleared()
	next.relayout()
	return next, cmd
}

// regenerate sends the last prompt again; the new reply replaces the last.
func (m Model) regenerate() (Model, tea.Cmd) {
	i := lastUser(m.conv.entries)
	if i < 0 {
		return m, tab.Warn("nothing to regenerate yet")
	}
	next, cmd, _ := m.start(sendRegenerate, clip(m.conv.entries[:i+1]), m.conv.entries[i].turn, "")
	return next, cmd
}

// resume continues a reply the model paused (alpha's pause_turn): the
// turns go again with the paused reply last, and no new prompt.
func (m Model) resume() (Model, tea.Cmd) {
	i := lastReply(m.conv.entries)
	next, cmd, _ := m.start(sendContinue, clip(m.conv.entries), m.conv.entries[i].turn, "")
	return next, cmd
}

// clip is entries with no room to grow, so appending copies: the entries on
// screen stay as they are until the send is accepted.
func clip(es []entry) []entry { return es[:len(es):len(es)] }

// start checks and begins a send whose conversation will be entries and a
// reply. It refuses, with the reason in the status bar, while a reply is
// arriving, without a service, or when the request breaks a documented
// limit (nothing is sent then, and the prompt stays in the composer).
func (m Model) start(kind sendKind, entries []entry, turn int, prompt string) (Model, tea.Cmd, bool) {
	switch {
	case m.run != nil:
		return m, tab.Warn("a reply is arriving: esc stops it"), false
	case m.client == nil:
		return m, tab.Error(errNoService), false
	case m.target.Model == "":
		return m, tab.Error(fmt.Errorf("chat: no %s model chosen yet: ctrl+t picks one, or set a default model in Settings (alt+6)", m.target.Family)), false
	}
	turns := turnsOf(entries)
	if _, _, err := client.NativeChatRequest(m.target, turns, true); err != nil {
		return m, tab.Error(err), false
	}
	m.seq++
	m.conv.loading = 0 // a conversation still loading no longer replaces this one
	ctx, cancel := context.WithCancel(context.Background())
	m.run = &running{id: m.seq, ctx: ctx, cancel: cancel}
	settings, _ := json.Marshal(m.target.Settings)
	reply := entry{role: store.RoleAssistant, turn: turn, family: m.target.Family, model: m.target.Model,
		settings: settings, status: store.StatusStreaming}
	m.conv.entries = append(entries, reply)
	for i := len(entries) - 1; i < len(m.conv.entries); i++ {
		m.touch(i)
	}
	m.tr = m.tr.startLive()
	m.layout()
	m.tr = m.tr.scrollBy(len(m.tr.lines), m.conv.entries, m.look()) // a send shows its reply, wherever the reader was
	r := request{id: m.seq, kind: kind, db: m.db, client: m.client, target: m.target, turns: turns,
		convID: m.conv.id, turn: turn, prompt: prompt, ctx: ctx}
	return m, begin(r), true
}

// touch marks entry i changed, for the render cache.
func (m *Model) touch(i int) {
	if i < 0 || i >= len(m.conv.entries) {
		return
	}
	m.gen++
	m.conv.entries[i].version = m.gen
}

// stop is esc while a reply arrives: the stream is cancelled, and what
// arrived is kept (finished comes when the stream has closed).
func (m Model) stop() Model {
	if m.run != nil {
		m.run.cancel()
	}
	return m
}

// began is the send recorded and the stream open: pull the first delta.
func (m Model) began(b beganMsg) (Model, tea.Cmd) {
	if m.run == nil || b.id != m.run.id {
		return m, drain(b)
	}
	m.run.next, m.run.stop, m.run.rec, m.run.started = b.next, b.stop, b.rec, b.at
	m.conv.id = b.convID
	m.clock = b.at
	es := m.conv.entries
	if i := lastUser(es); i >= 0 && b.userID != 0 {
		es[i].id, es[i].at, es[i].turn = b.userID, b.at, b.turn
		m.touch(i)
	} else if i >= 0 && es[i].at.IsZero() {
		es[i].at = b.at
		m.touch(i)
	}
	last := len(es) - 1
	es[last].turn, es[last].at = b.turn, b.at
	if b.rec != nil {
		es[last].id = b.rec.ID()
	}
	m.list.open = b.convID
	m = m.listed(b.at)
	cmds := []tea.Cmd{m.run.pull(), m.frames.arm()}
	if b.warn != nil {
		cmds = append(cmds, tab.Error(fmt.Errorf("not recorded in history: %w", b.warn)))
	}
	return m, tea.Batch(cmds...)
}

// listed puts the open conversation at the top of the list.
func (m Model) listed(at time.Time) Model {
	if m.conv.id == 0 || m.db == nil {
		return m
	}
	c, ok := m.list.find(m.conv.id)
	if !ok {
		c = store.Conversation{ID: m.conv.id, Kind: store.KindChat, CreatedAt: at}
		if i := firstUser(m.conv.entries); i >= 0 {
			c.Title = titleFromPrompt(m.conv.entries[i].text)
		}
	}
	c.UpdatedAt = at
	m.list = m.list.upsert(c).follow(max(m.height-2, 1))
	return m
}

// delta applies one piece of the reply and asks for the next.
func (m Model) delta(d deltaMsg) (Model, tea.Cmd) {
	if m.run == nil || d.id != m.run.id {
		return m, nil
	}
	last := len(m.conv.entries) - 1
	e := &m.conv.entries[last]
	switch d.d.Kind {
	case client.ChatTextDelta:
		e.add(d.d.Text, "")
		m.tr.live.Append(d.d.Text)
		m.run.firstToken(e, d)
	case client.ChatThinkingDelta:
		e.add("", d.d.Text)
		m.run.firstToken(e, d)
	case client.ChatToolDelta:
		e.tools = append(e.tools, *d.d.Tool)
	case client.ChatCitationDelta:
		e.sources = addSource(e.sources, *d.d.Citation)
	case client.ChatUsageDelta:
		e.usage = d.d.Usage
	}
	m.touch(last)
	cmds := []tea.Cmd{m.run.pull(), m.frames.arm()}
	if d.warn != nil {
		cmds = append(cmds, tab.Error(fmt.Errorf("not recorded in history: %w", d.warn)))
	}
	return m, tea.Batch(cmds...)
}

// firstToken notes when the reply's first text came, once.
func (r *running) firstToken(e *entry, d deltaMsg) {
	if e.ttft == 0 && d.d.Text != "" && !r.started.IsZero() {
		e.ttft = d.at.Sub(r.started)
	}
}

// addSource adds a citation unless its URL is listed.
func addSource(list []client.ChatSource, s client.ChatSource) []client.ChatSource {
	for _, have := range list {
		if have.URL == s.URL {
			return list
		}
	}
	return append(list, s)
}

// finished applies how the reply ended. The stream is closed and the
// reply recorded by now.
func (m Model) finished(f finishedMsg) (Model, tea.Cmd) {
	if m.run == nil || f.id != m.run.id {
		return m, nil
	}
	m.run = nil
	last := len(m.conv.entries) - 1
	e := &m.conv.entries[last]
	applyResult(e, f)
	e.live = nil
	m.touch(last)
	m.tr = m.tr.endLive(last, e.version)
	m.clock = f.at
	m.layout()
	m = m.listed(f.at)
	var cmds []tea.Cmd
	if f.err != nil && !f.stopped {
		cmds = append(cmds, tab.Error(f.err))
	}
	if f.warn != nil {
		cmds = append(cmds, tab.Error(fmt.Errorf("not recorded in history: %w", f.warn)))
	}
	return m, tea.Batch(cmds...)
}

// applyResult sets a reply's final state from the result, which is
// authoritative where it knows more than the deltas said.
func applyResult(e *entry, f finishedMsg) {
	res := f.res
	e.status = store.StatusComplete
	switch {
	case f.stopped:
		e.status, e.errText = store.StatusInterrupted, "stopped"
	case f.err != nil:
		e.status, e.errText = store.StatusError, f.err.Error()
	}
	if e.text == "" {
		e.text = res.Text
	}
	if e.thinking == "" {
		e.thinking = res.Thinking
	}
	e.stop, e.native = res.StopReason, res.Response
	if res.Usage != (client.ChatUsage{}) {
		e.usage = res.Usage
	}
	e.countUsage()
	if res.FirstToken > 0 {
		e.ttft = res.FirstToken
	}
	e.total = res.Total
	if len(res.Sources) > 0 {
		e.sources = res.Sources
	}
	if len(res.Tools) > 0 {
		e.tools = res.Tools
	}
}

// errNoService is the answer to a send before a service is configured.
var errNoService = errors.New("chat: no service yet: set the base URL in Settings (alt+6), or run atelier --demo")
