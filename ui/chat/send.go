package chat

import (
	"cmp"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// send begins send p, if the conversation accepts it, and shows its reply
// arriving, wherever the reader was.
func (m Model) send(p sendPlan) (Model, tea.Cmd, bool) {
	c, cmd, ok := m.conv.start(p, m.target, m.client, m.db)
	if !ok {
		return m, cmd, false
	}
	m.conv = c
	m.tr = m.tr.startLive()
	m.layout()
	m.tr = m.tr.scrollBy(len(m.tr.lines), m.conv.entries, m.look())
	return m, cmd, true
}

// streamed adopts a message of the reply's life once the conversation has
// applied it, and paces the stream by the frame: a batch of deltas is drawn
// as it comes, and the next pull waits a frame (frames.after), so the
// deltas that come meanwhile (a 64-byte delta every 20 ms or so at a
// model's pace) arrive together in one message. The loop and the Go
// scheduler then wake once a frame rather than once a delta, and no delta
// waits longer than a frame to show, as when every delta was a message and
// a frame drew what had come. The first delta is pulled at once; the
// reply's end is drawn at once.
func (m Model) streamed(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case beganMsg:
		if !m.conv.began(msg) {
			return m, drain(msg)
		}
		m.clock = msg.at
		m.list.open = msg.convID
		m.list = m.list.listed(m.conv, m.db != nil, msg.at, max(m.height-2, 1))
		return m, tea.Batch(m.conv.run.pull(), notRecorded(msg.warn))
	case batchMsg:
		var warn error
		for _, d := range msg.pieces {
			if !m.conv.delta(d, m.tr.live) {
				return m, nil
			}
			warn = cmp.Or(warn, d.warn)
		}
		m.clock = msg.at
		m.layout()
		return m, tea.Batch(m.frames.after(m.conv.run), notRecorded(warn))
	case finishedMsg:
		last, ok := m.conv.finished(msg)
		if !ok {
			return m, nil
		}
		m.tr = m.tr.endLive(last, m.conv.entries[last].version)
		m.clock = msg.at
		m.layout()
		m.list = m.list.listed(m.conv, m.db != nil, msg.at, max(m.height-2, 1))
		return m, tea.Batch(failed(msg), notRecorded(msg.warn))
	}
	return m, nil
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

// failed is the error a reply ended with, unless the person stopped it.
func failed(f finishedMsg) tea.Cmd {
	if f.err != nil && !f.stopped {
		return tab.Error(f.err)
	}
	return nil
}

// notRecorded reports what history could not keep; nil when it kept all.
func notRecorded(warn error) tea.Cmd {
	if warn == nil {
		return nil
	}
	return tab.Error(fmt.Errorf("not recorded in history: %w", warn))
}

// errNoService is the answer to a send before a service is configured.
var errNoService = errors.New("chat: no service yet: set the base URL in Settings (alt+6), or run atelier --demo")
