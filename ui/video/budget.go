package video

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// The form's estimate and the budget's question (issue 18): what the
// request will cost at the saved prices shows in the form's header, and a
// task whose estimate passes the [budget] waits for a yes before anything
// is sent.

// estimate is what the form's request will cost at the saved prices, by
// the store's rule (the endpoint's defaults where the form names no
// resolution or length); nil when nothing is priced.
func (d draft) estimate(prices price.Table) *float64 {
	if len(prices) == 0 {
		return nil
	}
	return store.VideoCost(prices, d.path(), d.Body(func(_, file string) any { return file }))
}

// weighThenSubmit sends req at once when there is no budget to weigh it
// against; else it keeps req and weighs it, the Verdict coming back as
// the tab's own message.
func (m Model) weighThenSubmit(req client.VideoRequest) (Model, tea.Cmd) {
	weigh := guard.Weigh(m.db, m.settings, "video task", store.VideoCost(m.prices, req.Path, req.Body))
	if weigh == nil {
		m.sending = true
		return m, submit(m.client, m.db, m.poller, req)
	}
	m.pending = &req
	return m, func() tea.Msg { return result(weigh()) }
}

// weighed takes the budget's verdict on the kept request: it fits and is
// sent, or the question waits for its answer.
func (m Model) weighed(v guard.Verdict) (Model, tea.Cmd) {
	if m.pending == nil {
		return m, nil
	}
	m.guard = m.guard.Ask(v)
	if m.guard.Asking() {
		return m, nil
	}
	return m.sendPending()
}

// guardKey answers the question: yes sends the kept request, no drops it
// (nothing was sent), any other key keeps asking.
func (m Model) guardKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	var ans guard.Answer
	m.guard, ans = m.guard.Update(msg)
	switch ans {
	case guard.Yes:
		return m.sendPending()
	case guard.No:
		m.pending = nil
		return m, tab.Notice(m.guard.Refused())
	}
	return m, nil
}

// sendPending submits the kept request.
func (m Model) sendPending() (Model, tea.Cmd) {
	req := *m.pending
	m.pending, m.sending = nil, true
	return m, submit(m.client, m.db, m.poller, req)
}
