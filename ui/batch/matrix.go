package batch

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/tab"
)

// matrix is an open batch: its plan, its cells by case and target, the
// summary rows under it, and how the rows are sorted and filtered. It
// belongs to the UI loop; commands read the store and hand it new data.
type matrix struct {
	b      store.Batch
	plan   *engine.Plan
	labels []string // the targets as the heads name them (targetLabels)
	cells  []store.BatchCell
	grid   [][]cellSum // [case][target]

	// Read with the replies' text, after the matrix shows (the summary's
	// stability and the disagreement without checks need every reply).
	summary  []engine.TargetSummary // nil: not read yet
	disagree []bool                 // by case; nil: not read yet
	repeats  [][]engine.Repeats     // [case][target]; nil: not read yet

	sortCol   int  // 0: plan order, 1: case name, 2+t: target t
	reverse   bool // the sort turned around
	onlyDiff  bool // only the cases where targets disagree
	onlyFlaky bool // only the cases a target's repeats both passed and failed
	stability bool // the cells show their repeats read together (stability.go)
	rows      []int
	row, col  int // the cursor: a row of rows, a target
	top       int // the first row in sight
	left      int // the first target column in sight
	gen       int // counts the changes of data or order: the drawing cache's key
}

// cellSum is one (case, target) cell of the matrix: its repeats together.
type cellSum struct {
	repeats         []int // indexes into matrix.cells, by repeat
	done, failed    int
	running, left   int // running now; pending
	interrupted     int // stopped midway (esc, a crash): r resumes them
	checked, passed int
	total           time.Duration // the median total time of the done repeats
	tokens          int64         // the mean output tokens of the done repeats
	first           string        // the first line of the first done repeat
	media           string        // an image batch's: the file of the first done repeat
	err             string        // the last failure's error
}

// newMatrix lays out b's cells.
func newMatrix(b store.Batch, plan *engine.Plan, cells []store.BatchCell) *matrix {
	m := &matrix{b: b, plan: plan, labels: targetLabels(plan.Targets)}
	m.setCells(cells)
	return m
}

// setCells replaces the cells (a reload while the batch runs), keeping the
// cursor, the sort and the filter.
func (m *matrix) setCells(cells []store.BatchCell) {
	m.cells = cells
	nt := len(m.plan.Targets)
	m.grid = make([][]cellSum, len(m.plan.Cases))
	for i := range m.grid {
		m.grid[i] = make([]cellSum, nt)
	}
	totals := make([][]time.Duration, len(m.plan.Cases)*nt)
	for i, c := range cells {
		if c.Case < 0 || c.Case >= len(m.grid) || c.Target < 0 || c.Target >= nt {
			continue
		}
		m.grid[c.Case][c.Target].add(i, c, &totals[c.Case*nt+c.Target])
	}
	for ci := range m.grid {
		for ti := range m.grid[ci] {
			m.grid[ci][ti].settle(totals[ci*nt+ti])
		}
	}
	m.arrange()
}

// add counts repeat i, cell c, into its cell; a done repeat's total time
// goes to totals, for the median settle takes.
func (s *cellSum) add(i int, c store.BatchCell, totals *[]time.Duration) {
	s.repeats = append(s.repeats, i)
	switch c.Status {
	case store.CellDone:
		s.done++
		if c.Passed != nil {
			s.checked++
			if *c.Passed {
				s.passed++
			}
		}
		*totals = append(*totals, c.Total)
		s.tokens += c.Usage.OutputTokens
		if s.first == "" {
			s.first = c.FirstLine
			if c.Media == "" { // a reply's first line is markdown: "## Notes" reads "Notes"
				s.first = store.MarkdownText(s.first)
			}
		}
		if s.media == "" {
			s.media = c.Media
		}
	case store.CellFailed:
		s.failed++
		s.err = c.Error
	case store.StatusRunning:
		s.running++
	case store.StatusInterrupted:
		s.interrupted++
	default:
		s.left++
	}
}

// settle turns the sums of the done repeats into the figures shown: the
// mean output tokens and the median total time.
func (s *cellSum) settle(totals []time.Duration) {
	if s.done == 0 {
		return
	}
	s.tokens /= int64(s.done)
	slices.Sort(totals)
	s.total = totals[(len(totals)-1)/2]
}

// summarized takes the summary rows and the disagreement, when they were
// computed from the cells the matrix shows.
func (m *matrix) summarized(msg summaryMsg) {
	if msg.id == m.b.ID && msg.err == nil && len(msg.cells) == len(m.cells) {
		m.summary, m.disagree, m.repeats = msg.summary, msg.disagree, msg.repeats
		m.arrange()
	}
}

// sortColumns is how many columns the sort cycles through.
func (m *matrix) sortColumns() int { return 2 + len(m.plan.Targets) }

// sortName names the sort column for the heading.
func (m *matrix) sortName() string {
	switch m.sortCol {
	case 0:
		return "plan order"
	case 1:
		return "case"
	}
	return m.labels[m.sortCol-2]
}

// arrange recomputes the rows that show, in their order, keeping the
// cursor on its case where it still shows.
func (m *matrix) arrange() {
	m.gen++
	at := -1
	if m.row >= 0 && m.row < len(m.rows) {
		at = m.rows[m.row]
	}
	m.rows = m.rows[:0]
	for c := range m.plan.Cases {
		if m.onlyDiff && (m.disagree == nil || !m.disagree[c]) || m.onlyFlaky && !m.flaky(c) {
			continue
		}
		m.rows = append(m.rows, c)
	}
	slices.SortStableFunc(m.rows, func(a, b int) int {
		r := m.compare(a, b)
		if m.reverse {
			r = -r
		}
		return r
	})
	m.row = max(min(m.row, len(m.rows)-1), 0)
	if i := slices.Index(m.rows, at); i >= 0 {
		m.row = i
	}
	m.col = max(min(m.col, len(m.plan.Targets)-1), 0)
}

// compare orders two cases by the sort column: a target's column puts its
// best cells first — the highest share of passed checks (of done repeats
// without checks), then the fastest median; cells with nothing done last.
func (m *matrix) compare(a, b int) int {
	switch m.sortCol {
	case 0:
		return cmp.Compare(a, b)
	case 1:
		return strings.Compare(m.plan.Cases[a].Name, m.plan.Cases[b].Name)
	}
	t := m.sortCol - 2
	x, y := m.grid[a][t], m.grid[b][t]
	if r := cmp.Compare(y.score(), x.score()); r != 0 {
		return r
	}
	return cmp.Compare(x.total, y.total)
}

// score is what a target's sort reads first: the share of repeats that
// passed (done counts as passed without checks), -1 when none is done.
func (s cellSum) score() float64 {
	n := s.done + s.failed
	if s.done == 0 || n == 0 {
		return -1
	}
	good := s.done
	if s.checked > 0 {
		good = s.passed
	}
	return float64(good) / float64(n)
}

// selected is the cell under the cursor: its case and target; false when
// no row shows.
func (m *matrix) selected() (c, t int, ok bool) {
	if len(m.rows) == 0 {
		return 0, 0, false
	}
	return m.rows[m.row], m.col, true
}

// move moves the cursor by rows and columns, stopping at the ends.
func (m *matrix) move(dr, dc int) {
	m.row = max(min(m.row+dr, len(m.rows)-1), 0)
	m.col = max(min(m.col+dc, len(m.plan.Targets)-1), 0)
}

// selectedCells is the cell under the cursor with its repeats' cells;
// false when no row shows.
func (m *matrix) selectedCells() (c, t int, cells []store.BatchCell, ok bool) {
	c, t, ok = m.selected()
	if !ok {
		return 0, 0, nil, false
	}
	reps := m.grid[c][t].repeats
	cells = make([]store.BatchCell, 0, len(reps))
	for _, i := range reps {
		cells = append(cells, m.cells[i])
	}
	return c, t, cells, true
}

// key moves the cursor (page rows at a time for pgup and pgdn), cycles or
// turns the sort, or turns the disagreement filter on or off; the command
// is a notice when the filter waits for the replies to be read.
func (m *matrix) key(msg tea.KeyPressMsg, k keyMap, page int) tea.Cmd {
	switch {
	case key.Matches(msg, k.Up):
		m.move(-1, 0)
	case key.Matches(msg, k.Down):
		m.move(1, 0)
	case key.Matches(msg, k.Left):
		m.move(0, -1)
	case key.Matches(msg, k.Right):
		m.move(0, 1)
	case key.Matches(msg, k.PageUp):
		m.move(-page, 0)
	case key.Matches(msg, k.PageDown):
		m.move(page, 0)
	case key.Matches(msg, k.Top):
		m.move(-len(m.rows), 0)
	case key.Matches(msg, k.Bottom):
		m.move(len(m.rows), 0)
	case key.Matches(msg, k.Sort):
		m.sortCol = (m.sortCol + 1) % m.sortColumns()
		m.arrange()
	case key.Matches(msg, k.Reverse):
		m.reverse = !m.reverse
		m.arrange()
	case key.Matches(msg, k.Disagree):
		m.onlyDiff, m.onlyFlaky = !m.onlyDiff, false
		m.row = 0
		m.arrange()
		if m.onlyDiff && m.disagree == nil {
			return tab.Info("reading the replies to compare them…")
		}
	case key.Matches(msg, k.Flaky):
		m.onlyFlaky, m.onlyDiff = !m.onlyFlaky, false
		m.row = 0
		m.arrange()
	case key.Matches(msg, k.Stability):
		m.stability = !m.stability
		m.gen++
	}
	return nil
}
