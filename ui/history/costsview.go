package history

import (
	"context"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/components/scroll"
)

// The costs view: what the history cost, summed by day, by
// model and by kind, over the range the list shows (its filters and date)
// or a period chosen with p. The sums are the store's (CostSums), asked
// for in a command: the frame never waits on them.

// costPeriods are the ranges the view cycles through; the first is the
// list's own.
var costPeriods = []struct {
	label string
	ago   time.Duration // 0: from the start of today (today), or all time
}{{"as listed", 0}, {"today", 0}, {"7 days", 7 * 24 * time.Hour}, {"30 days", 30 * 24 * time.Hour}, {"all", 0}}

// costsView is the view's state; closed when !open.
type costsView struct {
	open    bool
	period  int // index in costPeriods
	seq     int // the latest sums asked for: answers to others are dropped
	loading bool
	sums    *store.CostSums
	err     string
	at      scroll.Model // the window on the body
}

// costsMsg answers costsCmd.
type costsMsg struct {
	seq  int
	sums store.CostSums
	err  error
}

// costsBudget bounds a count of the costs: about a second of CPU for
// 100,000 items (BenchmarkCostSums), more on a loaded machine.
const costsBudget = 30 * time.Second

// query is the store's query for the period chosen, with the words that
// say what it covers.
func (v costsView) query(f filters, now time.Time) (store.CostQuery, string) {
	q := store.CostQuery{Loc: now.Location()}
	switch p := costPeriods[v.period]; {
	case v.period == 0:
		q.Kind, q.Family, q.Model = store.Kind(f.values[kindFilter]), f.values[familyFilter], f.values[modelFilter]
		q.Since = f.since(now)
		var parts []string
		for _, i := range []int{kindFilter, familyFilter, modelFilter} {
			if f.values[i] != "" {
				parts = append(parts, filterNames[i]+" "+f.values[i])
			}
		}
		return q, "as listed: " + strings.Join(append(parts, "since "+f.label(sinceFilter)), ", ")
	case p.label == "today":
		q.Since = store.StartOfDay(now)
	case p.ago > 0:
		q.Since = now.Add(-p.ago)
	}
	return q, costPeriods[v.period].label
}

// costsCmd asks the store for the sums of the chosen period.
func costsCmd(db *store.Store, prices price.Table, seq int, q store.CostQuery) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), costsBudget)
		defer cancel()
		sums, err := db.CostSums(ctx, q, prices)
		return result(costsMsg{seq: seq, sums: sums, err: err})
	}
}

// ask starts a count: the sums shown stay until the new ones come.
func (v costsView) ask() costsView {
	v.seq++
	v.loading = true
	return v
}

// loaded takes the sums, if they answer the latest count.
func (v costsView) loaded(msg costsMsg) costsView {
	if msg.seq != v.seq {
		return v
	}
	v.loading, v.err = false, ""
	if msg.err != nil {
		v.err, v.sums = msg.err.Error(), nil
		return v
	}
	v.sums = &msg.sums
	return v
}

// costCols are the widths of a table's figures: cost, count, unpriced.
const (
	costWidth  = 10
	countWidth = 6
	noneWidth  = 8
	tableGap   = 3
	leftCosts  = 36  // the kinds and days tables, in a wide view
	wideCosts  = 100 // the width from which the tables go side by side
)

// costTable is one of the three tables, drawn in w cells.
func costTable(st styles, title, keyName string, sums []store.CostSum, w int) []string {
	keyW := max(w-costWidth-countWidth-1-noneWidth, 6)
	right := func(s string, n int) string { return strings.Repeat(" ", max(n-lipgloss.Width(s), 0)) + s }
	lines := []string{st.Heading.Render(fit(title, w)),
		st.Figures.Render(fit(keyName, keyW) + right("cost", costWidth) + right("priced", countWidth+1) + right("no rate", noneWidth))}
	for _, s := range sums {
		none := ""
		if s.Unpriced > 0 {
			none = fmt.Sprint(s.Unpriced)
		}
		cost := ""
		if s.Count > 0 {
			cost = price.Format(s.Cost)
		}
		lines = append(lines, st.Text.Render(fit(termtext.String(s.Key), keyW))+st.Value.Render(right(cost, costWidth))+
			st.Figures.Render(right(fmt.Sprint(s.Count), countWidth+1))+st.Problem.Render(right(none, noneWidth)))
	}
	if len(sums) == 0 {
		lines = append(lines, st.Hint.Render(fit("nothing in this period", w)))
	}
	return lines
}

// body is the view's lines under its heading: the tables side by side
// where the width holds them, else one after another.
func (v costsView) body(st styles, priced bool, width int) []string {
	switch {
	case !priced:
		return append([]string{""}, paragraph("No prices are set, so no cost is counted: set rates per model in "+
			"config.toml's [prices] table (Settings edits them), and the sums by day, model and kind show here.", width-2, st.Hint)...)
	case v.err != "":
		return append([]string{""}, paragraph(v.err, width-2, st.Problem)...)
	case v.sums == nil:
		return []string{"", st.Hint.Render("counting…")}
	}
	s := v.sums
	kinds, models, days := func(w int) []string { return costTable(st, "By kind", "kind", s.Kinds, w) },
		func(w int) []string { return costTable(st, "By model", "model or endpoint", s.Models, w) },
		func(w int) []string { return costTable(st, "By day", "day", s.Days, w) }
	out := []string{""}
	if width < wideCosts {
		w := min(width, 60)
		out = append(append(out, kinds(w)...), "")
		out = append(append(out, models(w)...), "")
		return append(out, days(w)...)
	}
	// Wide: kinds and days on the left, the models (whose names are long)
	// on the right.
	left := append(append(kinds(leftCosts), strings.Repeat(" ", leftCosts)), days(leftCosts)...)
	right := models(min(width-leftCosts-tableGap, 80))
	for i := range max(len(left), len(right)) {
		l, r := strings.Repeat(" ", leftCosts), ""
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, l+strings.Repeat(" ", tableGap)+r)
	}
	return out
}

// heading is the view's first line: what it covers and the total.
func (v costsView) heading(st styles, label string, priced bool, width int) string {
	left := st.Heading.Render("costs") + st.Hint.Render(" · ") + st.Value.Render(label)
	right := ""
	switch {
	case !priced:
	case v.sums != nil:
		t := v.sums.Total
		right = st.Value.Render("total "+price.Format(t.Cost)) + st.Hint.Render(fmt.Sprintf(" · %d priced", t.Count))
		if t.Unpriced > 0 {
			right += st.Problem.Render(fmt.Sprintf(" · %d without a rate, not counted", t.Unpriced))
		}
	}
	if v.loading && v.sums != nil {
		right = st.Hint.Render("counting… ") + right
	}
	gap := width - lipgloss.Width(left) - lipgloss.Width(right)
	if gap < 2 {
		return left
	}
	return left + strings.Repeat(" ", gap) + right
}

// lines are the view in a width×height frame, scrolled to where it is.
func (v costsView) lines(st styles, label string, priced bool, width, height int) []string {
	body := v.body(st, priced, width)
	v.at.SetHeight(max(height-1, 1))
	v.at.SetTotal(len(body))
	return append([]string{v.heading(st, label, priced, width)}, v.at.Window(body)...)
}

// scrolled moves the view by a scrolling key of km, kept inside its body.
func (v costsView) scrolled(msg tea.KeyPressMsg, km keyMap, st styles, priced bool, width, height int) costsView {
	v.at.KeyMap = km.scroll()
	v.at.SetHeight(max(height-1, 1))
	v.at.SetTotal(len(v.body(st, priced, width)))
	v.at, _ = v.at.Update(msg)
	return v
}

// count counts the costs of the period chosen again, while the view is
// open, over the list's filters f; with no store or no prices there is
// nothing to count (the view says so).
func (v costsView) count(e tabEnv, f filters) (costsView, tea.Cmd) {
	if !v.open || e.db == nil || len(e.prices) == 0 {
		return v, nil
	}
	v = v.ask()
	q, _ := v.query(f, e.now())
	return v, costsCmd(e.db, e.prices, v.seq, q)
}

// key handles the keys of the costs view: the period, scrolling, and back
// to the list; f are the list's filters, the first period's range.
func (v costsView) key(e tabEnv, f filters, msg tea.KeyPressMsg) (costsView, tea.Cmd) {
	k := e.km
	switch {
	case key.Matches(msg, k.Costs, k.Back):
		v.open = false
		return v, nil
	case key.Matches(msg, k.NextPeriod):
		v.period = wrap(v.period+1, len(costPeriods))
	case key.Matches(msg, k.PrevPeriod):
		v.period = wrap(v.period-1, len(costPeriods))
	case key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom):
		return v.scrolled(msg, k, e.st, len(e.prices) > 0, e.width, e.height), nil
	default:
		return v, nil
	}
	v.at.GotoTop()
	return v.count(e, f)
}
