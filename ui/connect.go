package ui

import (
	"net/url"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/tab"
	"atelier/ui/video"
)

// connectedMsg is Deps.Connect's answer; seq tells a stale one.
type connectedMsg struct {
	seq    int
	client *client.Client
	err    error
}

// connect builds a client for the current settings. It may wait on the
// keyring, so it runs as a command.
func (m Model) connect() tea.Cmd {
	connect, cfg, seq := m.deps.Connect, m.settings, m.connSeq
	if connect == nil {
		return nil
	}
	return func() tea.Msg {
		c, err := connect(cfg)
		return connectedMsg{seq: seq, client: c, err: err}
	}
}

// reconnect starts a new connect; the answers of earlier ones are dropped.
func (m Model) reconnect() (Model, tea.Cmd) {
	m.connSeq++
	m.status.service = "connecting…"
	return m, m.connect()
}

// connected shows the service and hands the client to every tab.
func (m Model) connected(msg connectedMsg) (tea.Model, tea.Cmd) {
	if msg.seq != m.connSeq {
		return m, nil
	}
	m.client = msg.client
	m.status.service = serviceName(m.deps.Demo, msg.client)
	var failed tea.Cmd
	m.status.shell = nil // a new connection: the last one's error is past
	switch {
	case msg.err != nil:
		m, failed = m.post(failure, msg.err.Error())
	case msg.client != nil && !m.deps.Insecure && cleartext(msg.client.BaseURL()):
		m, failed = m.post(failure, "the base URL "+msg.client.BaseURL()+
			" is plain http:// to a host that is not loopback, which every request refuses: use https://, or start atelier with --insecure")
	}
	m, told := m.broadcast(tab.ClientMsg{Client: msg.client})
	return m, tea.Batch(failed, told)
}

// eventMsg is one message of background work: from Deps.Events, or an
// event of Deps.Poller.
type eventMsg struct {
	msg    tea.Msg
	polled bool // it came from the poller: the next is read there
}

// nextEvent waits for the next message of background work; nil when there
// is none, or the channel is closed.
func (m Model) nextEvent() tea.Cmd {
	events := m.deps.Events
	if events == nil {
		return nil
	}
	return func() tea.Msg {
		msg, ok := <-events
		if !ok {
			return nil
		}
		return eventMsg{msg: msg}
	}
}

// nextPolled waits for the video poller's next event; nil when there is
// no poller.
func (m Model) nextPolled() tea.Cmd {
	p := m.deps.Poller
	if p == nil {
		return nil
	}
	return func() tea.Msg {
		e, ok := <-p.Events()
		if !ok {
			return nil
		}
		return eventMsg{msg: video.EventMsg(e), polled: true}
	}
}

// event handles a background message as any other, then waits for the
// next from the same source.
func (m Model) event(e eventMsg) (tea.Model, tea.Cmd) {
	next, cmd := m.Update(e.msg)
	wait := m.nextEvent
	if e.polled {
		wait = m.nextPolled
	}
	return next, tea.Batch(cmd, wait())
}

// cleartext reports whether base is plain http:// to a host that is not
// loopback (see client.Cleartext).
func cleartext(base string) bool {
	u, err := url.Parse(base)
	return err == nil && client.Cleartext(u)
}
