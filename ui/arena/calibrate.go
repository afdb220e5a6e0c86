package arena

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/batch/judge"
	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/guard"
	"atelier/ui/tab"
)

// calibrator asks the Settings' judge about the chat board's blind votes
// it has no verdict on (J), as `atelier judge calibrate` does: it counts
// them and weighs the calls' estimate against the budget (asking first
// when it passes), then asks the judge, both orders a vote, off the UI
// loop. The board shows the new figures once the verdicts are kept. It is
// apart from the Model because its question and its run are one state.
type calibrator struct {
	client   *client.Client
	settings *store.Settings // the prices and budget; nil: none
	ask      guard.Model
	held     *calibration // weighed, sent on yes
	running  bool         // counting, weighing or asking the judge
	dark     bool         // the question's colours
}

// calibration is one asking of the judge about the votes vf selects.
type calibration struct {
	db    *store.Store
	judge string // as -t names it
	vf    store.VoteFilter
	votes int // without a verdict yet
}

// countedMsg is how many votes the judge would be asked about, and what
// that may cost.
type countedMsg struct {
	c   calibration
	est *float64
	err error
}

// calibratedMsg is the judge's agreement once asked.
type calibratedMsg struct {
	c   judge.Calibration
	err error
}

// update takes the client and the answers of the calibrator's commands.
func (k calibrator) update(msg tea.Msg) (calibrator, tea.Cmd) {
	switch msg := msg.(type) {
	case tab.ClientMsg:
		k.client = msg.Client
	case countedMsg:
		return k.counted(msg)
	case guard.Verdict:
		return k.verdict(msg)
	case calibratedMsg:
		return k.calibrated(msg)
	}
	return k, nil
}

// start counts the votes of board b the judge has not seen, off the loop.
func (k calibrator) start(b *board, db *store.Store, vf store.VoteFilter) (calibrator, tea.Cmd) {
	switch {
	case k.running || k.ask.Asking():
		return k, tab.Warn("judge: already asking")
	case b == nil || b.kind != store.VoteChat:
		return k, tab.Warn("judge: the judge reads chat answers: on the chat board")
	case b.judge == "":
		return k, tab.Warn(judge.ErrNoTarget.Error())
	case k.client == nil || db == nil:
		return k, tab.Warn("judge: no service to ask")
	}
	k.running = true
	c, prices := calibration{db: db, judge: b.judge, vf: vf}, k.prices()
	return k, func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadWait)
		defer cancel()
		ids, answers, err := judge.Pending(ctx, db, c.judge, vf)
		c.votes = len(ids)
		j, _ := judge.New(nil, nil, c.judge)
		var asks []price.Ask
		for _, id := range ids {
			var texts []string
			for _, t := range answers[id].Answers {
				texts = append(texts, t)
			}
			asks = append(asks, j.PickAsks("", answers[id].Prompt, texts)...)
		}
		return result(countedMsg{c: c, est: prices.EstimateAsks(asks, 1), err: err})
	}
}

func (k calibrator) prices() price.Table {
	if k.settings == nil {
		return nil
	}
	return k.settings.Prices
}

// counted weighs the count's estimate, or says there is nothing to ask.
func (k calibrator) counted(msg countedMsg) (calibrator, tea.Cmd) {
	switch {
	case msg.err != nil:
		k.running = false
		return k, tab.Error(fmt.Errorf("judge: %w", msg.err))
	case msg.c.votes == 0:
		k.running = false
		return k, tab.Info("judge " + msg.c.judge + ": every vote here has its verdict")
	}
	if weigh := guard.Weigh(msg.c.db, k.settings, "judge calibration", msg.est); weigh != nil {
		k.held = &msg.c
		return k, func() tea.Msg { return result(weigh()) } // the verdict comes back to this tab
	}
	return k, k.run(msg.c)
}

// verdict takes the budget's verdict: the asking goes when it fits, else
// the question waits.
func (k calibrator) verdict(v guard.Verdict) (calibrator, tea.Cmd) {
	if k.held == nil {
		return k, nil
	}
	if k.ask = k.ask.Ask(v); k.ask.Asking() {
		return k, nil
	}
	c := *k.held
	k.held = nil
	return k, k.run(c)
}

// key answers the budget's question.
func (k calibrator) key(msg tea.KeyPressMsg) (calibrator, tea.Cmd) {
	var answer guard.Answer
	var cmd tea.Cmd
	if k.ask, answer, cmd = k.ask.Update(msg); answer == guard.None {
		return k, cmd
	}
	c := k.held
	k.held = nil
	if answer == guard.No || c == nil {
		k.running = false
		return k, tab.Info(k.ask.Refused())
	}
	return k, k.run(*c)
}

// run asks the judge, two calls a vote, recorded in history.
func (k calibrator) run(c calibration) tea.Cmd {
	cl := k.client
	return func() tea.Msg {
		j, err := judge.New(cl, c.db, c.judge)
		if err != nil {
			return result(calibratedMsg{err: err})
		}
		j.Title = "judge calibration: " + c.judge
		res, err := judge.Calibrate(context.Background(), c.db, j, c.judge, c.vf)
		return result(calibratedMsg{c: res, err: err})
	}
}

// calibrated says what the judge's answers came to.
func (k calibrator) calibrated(msg calibratedMsg) (calibrator, tea.Cmd) {
	k.running = false
	if msg.err != nil {
		return k, tab.Error(msg.err)
	}
	c := msg.c
	s := fmt.Sprintf("judge %s: asked about %s; agrees with you on %.0f%% of %s", c.Judge, plural(c.Asked, "vote"),
		100*c.Agreement.Agree, plural(c.Votes, "vote"))
	if c.FirstError != "" {
		return k, tab.Warn(s + "; some could not be judged: " + c.FirstError)
	}
	return k, tab.Info(s)
}

// judge asks the judge about the votes shown that it has not seen.
func (m Model) judge() (Model, tea.Cmd) {
	var cmd tea.Cmd
	m.cal, cmd = m.cal.start(m.shown(), m.boards.db, m.filter.votes(kinds[m.kind], m.boards.now()))
	return m, cmd
}
