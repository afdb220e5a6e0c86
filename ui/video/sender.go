package video

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// sender is the way a checked request leaves the tab: the service's
// client (handed on to the poller at each connection), the budget's
// question with the request it keeps, and the one submission in flight.
// It is apart from the form, which only checks and builds the request, and
// from the task list, which only shows what was sent: the sender decides
// whether and when a request goes, and nothing else sends.
type sender struct {
	db      *store.Store   // where the task is recorded
	poller  *poller.Poller // follows it once recorded
	client  *client.Client
	gen     int         // client generations seen: orders the poller's restarts
	sending bool        // a submission has not answered yet
	label   string      // the label of the request kept or on its way (one at a time)
	guard   budgetGuard // the budget's flow: its question, the request it keeps
}

// update takes the client the shell (re)connected with, the budget's
// verdict on the kept request, and a key while the question is asked.
func (s sender) update(msg tea.Msg) (sender, tea.Cmd) {
	switch msg := msg.(type) {
	case tab.ClientMsg: // the poller resumes the unfinished tasks with it
		s.client = msg.Client
		s.gen++
		return s, follow(s.poller, s.gen, s.client)
	case guard.Verdict:
		var req *client.VideoRequest
		s.guard, req = s.guard.weighed(msg)
		return s.send(req)
	case tea.KeyPressMsg:
		g, req, cmd := s.guard.answer(msg)
		s.guard = g
		if req != nil {
			return s.send(req)
		}
		return s, cmd
	}
	return s, nil
}

// busy reports whether a request is on its way, or kept while the budget
// weighs it or asks about it: another is not sent meanwhile.
func (s sender) busy() bool { return s.sending || s.guard.pending != nil }

// submit sends req, labelled label, at once when there is no budget to
// weigh it against; else the guard keeps it and weighs it at prices.
func (s sender) submit(req client.VideoRequest, label string, prices price.Table) (sender, tea.Cmd) {
	s.label = label
	g, weigh := s.guard.weigh(s.db, prices, req)
	if weigh == nil {
		return s.send(&req)
	}
	s.guard = g
	return s, weigh
}

// send submits req, when there is one.
func (s sender) send(req *client.VideoRequest) (sender, tea.Cmd) {
	if req == nil {
		return s, nil
	}
	s.sending = true
	return s, submit(s.client, s.db, s.poller, *req, s.label)
}

// note is what the sender is doing, for the form's header; "" when it
// waits for nothing (or asks: the question shows itself).
func (s sender) note() string {
	switch {
	case s.sending:
		return "sending…"
	case s.guard.pending != nil && !s.guard.Asking():
		return "weighing the budget…"
	}
	return ""
}
