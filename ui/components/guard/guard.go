// Package guard is the TUI's budget guard: before a run whose
// estimate passes the [budget] of config.toml, the tab asks "run it
// anyway?" and sends nothing until the answer is yes, as the command line
// asks on its terminal.
//
// A tab uses it in three steps. When the person sends, Weigh returns nil
// (nothing to weigh: no budget, or no price for the estimate) and the tab
// sends at once, or a command whose Verdict comes back through the tab's
// own result message; the tab keeps what it was about to send meanwhile.
// On the Verdict, Ask returns the model asking (or, when the run fits,
// one that is not asking: send). While Asking, the tab hands its keys to
// Update, which answers Yes (send what was kept), No (drop it: nothing
// was sent) or None (keep asking).
package guard

import (
	"context"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/confirm"
)

// Verdict is the budget's answer on one run: Over is nil when it fits.
// What names the run ("comparison", "video task"…), for the question.
type Verdict struct {
	What string
	Over *price.Over
}

// weighTimeout bounds the read of today's spend: a guard that waits on a
// busy disk forever would keep the person from ever sending.
const weighTimeout = 5 * time.Second

// Weigh returns a command weighing est against s's budget, with what
// today has cost so far read from st; nil when there is nothing to weigh
// (no settings, no budget, or no estimate because nothing is priced): the
// run goes ahead at once. A failure to read today's spend weighs the run
// alone, as the command line does.
func Weigh(st *store.Store, s *store.Settings, what string, est *float64) tea.Cmd {
	if s == nil || !s.Budget.Set() || est == nil {
		return nil
	}
	b, prices, e := s.Budget, s.Prices, *est
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), weighTimeout)
		defer cancel()
		over, _ := st.WeighBudget(ctx, b, prices, &e, time.Now())
		return Verdict{What: what, Over: over}
	}
}

// Answer is what the person said to the question: confirm's.
type Answer = confirm.Answer

// The answers Update gives.
const (
	None = confirm.None // still asking
	Yes  = confirm.Yes  // send what was kept
	No   = confirm.No   // drop it: nothing was sent
)

// DefaultKeyMap answers y, or n and esc (confirm's keys).
func DefaultKeyMap() confirm.KeyMap { return confirm.Keys("run anyway", "do not run") }

// Model is the question, or none: the TUI's one y/n question
// (ui/components/confirm), asked about the Verdict.
type Model struct {
	ask confirm.Model
	v   Verdict
}

// New returns a guard asking nothing.
func New() Model { return Model{ask: confirm.New(DefaultKeyMap())} }

// Ask takes a Verdict: the returned model asks when the run passes the
// budget, and is not asking when it fits (the tab then sends).
func (m Model) Ask(v Verdict) Model {
	m.v, m.ask = v, m.ask.Close()
	if v.Over != nil {
		m.ask = m.ask.Ask(v.What + ": " + v.Over.Error() + ". Run it anyway?")
	}
	return m
}

// Asking reports whether the question is waiting for its answer.
func (m Model) Asking() bool { return m.ask.Asking() }

// Update answers the question from a key: any key other than yes and no
// keeps asking, so a stray key sends nothing, and cmd says which keys
// answer.
func (m Model) Update(msg tea.KeyPressMsg) (Model, Answer, tea.Cmd) {
	var a Answer
	var cmd tea.Cmd
	m.ask, a, cmd = m.ask.Update(msg)
	return m, a, cmd
}

// Question is the question with its keys, as the status bar asks it; ""
// when not asking.
func (m Model) Question() string { return m.ask.Prompt() }

// Refused is what the status bar says after a No.
func (m Model) Refused() string { return m.v.What + ": not run; nothing was sent" }

// View is the question in the palette's warning colour with its keys,
// cut to width; "" when not asking.
func (m Model) View(isDark bool, width int) string {
	m.ask.Styles = confirm.DefaultStyles(isDark)
	return m.ask.View(width)
}

// Estimate is a form's estimate line: "estimate $0.12", "" when nothing
// is priced, so that nothing pretends to know a cost.
func Estimate(est *float64) string {
	if est == nil {
		return ""
	}
	return "estimate " + price.Format(*est)
}

// Help is the question's keys, for the tab's short help while asking.
func (m Model) Help() []key.Binding { return m.ask.Help() }
