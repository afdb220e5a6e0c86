package video

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// The form's estimate and the budget's question: what the
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

// budgetGuard is the budget's flow around a submission: the [budget] a
// request is weighed against, the request kept while it is weighed or
// asked about, and the question itself (embedded: Asking, View, Help).
type budgetGuard struct {
	guard.Model
	settings *store.Settings      // the budget tasks are weighed against
	pending  *client.VideoRequest // a request being weighed or asked about: sent on yes
}

// weigh keeps req and weighs it, the Verdict coming back as the tab's own
// message; a nil command means there is no budget: send req at once.
func (g budgetGuard) weigh(db *store.Store, prices price.Table, req client.VideoRequest) (budgetGuard, tea.Cmd) {
	weigh := guard.Weigh(db, g.settings, "video task", store.VideoCost(prices, req.Path, req.Body))
	if weigh == nil {
		return g, nil
	}
	g.pending = &req
	return g, func() tea.Msg { return result(weigh()) }
}

// weighed takes the budget's verdict on the kept request: it fits and is
// returned to send, or the question waits for its answer.
func (g budgetGuard) weighed(v guard.Verdict) (budgetGuard, *client.VideoRequest) {
	if g.pending == nil {
		return g, nil
	}
	g.Model = g.Ask(v)
	if g.Asking() {
		return g, nil
	}
	return g.release()
}

// answer takes a key to the question: yes returns the kept request to
// send, no drops it (nothing was sent), any other key keeps asking.
func (g budgetGuard) answer(msg tea.KeyPressMsg) (budgetGuard, *client.VideoRequest, tea.Cmd) {
	var ans guard.Answer
	var stray tea.Cmd
	g.Model, ans, stray = g.Update(msg)
	switch ans {
	case guard.Yes:
		g, req := g.release()
		return g, req, nil
	case guard.No:
		g.pending = nil
		return g, nil, tab.Info(g.Refused()) // no success: nothing was sent
	}
	return g, nil, stray
}

// release hands out the kept request, keeping it no more.
func (g budgetGuard) release() (budgetGuard, *client.VideoRequest) {
	req := g.pending
	g.pending = nil
	return g, req
}
