package batch

import (
	"io"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// openFixture records threeByThree and opens its matrix from the list.
func openFixture(t *testing.T, w, h int) *harness {
	t.Helper()
	return openMatrix(t, threeByThree(), w, h)
}

// openMatrix records f and opens its matrix from the list, at w×h.
func openMatrix(t *testing.T, f fixture, w, h int) *harness {
	t.Helper()
	db := openStore(t)
	f.record(t, db)
	hs := newHarness(t, db, nil, nil, w, h)
	hs.Keys("enter")
	hs.NoErrors()
	if hs.m.mx == nil || hs.m.mx.summary == nil {
		t.Fatalf("no matrix with its summary:\n%s", hs.view())
	}
	return hs
}

// caseNames are the matrix's rows, in order.
func (hs *harness) caseNames() []string {
	var out []string
	for _, c := range hs.m.mx.rows {
		out = append(out, hs.m.mx.plan.Cases[c].Name)
	}
	return out
}

// s cycles the sort column — plan order, case name, then each target
// (its best cells first) — and S turns it around.
func TestSortByAnyColumn(t *testing.T) {
	hs := openFixture(t, 120, 40)
	steps := []struct {
		keys []string
		head string
		want []string
	}{
		{nil, "sorted by plan order ↓", []string{"capital[country=France]", "sum", "poem"}},
		{[]string{"s"}, "sorted by case ↓", []string{"capital[country=France]", "poem", "sum"}},
		{[]string{"s", "s"}, "sorted by beta:model-b ↓", []string{"capital[country=France]", "poem", "sum"}},
		{[]string{"S"}, "sorted by beta:model-b ↑", []string{"sum", "poem", "capital[country=France]"}},
		// gamma's "poem" has a failed repeat: half its repeats passed.
		{[]string{"S", "s"}, "sorted by gamma:model-g:temperature=1 ↓", []string{"capital[country=France]", "sum", "poem"}},
	}
	for _, st := range steps {
		hs.Keys(st.keys...)
		if got := hs.caseNames(); !slices.Equal(got, st.want) {
			t.Errorf("after %v: %v, want %v", st.keys, got, st.want)
		}
		if !strings.Contains(hs.view(), st.head) {
			t.Errorf("after %v: no %q in\n%s", st.keys, st.head, hs.view())
		}
	}
}

// f shows only the cases where the targets disagree: "sum" (beta fails
// its check where the others pass) and "poem" (gamma failed a repeat).
func TestDisagreeFilter(t *testing.T) {
	hs := openFixture(t, 120, 40)
	hs.Keys("f")
	if got := hs.caseNames(); !slices.Equal(got, []string{"sum", "poem"}) {
		t.Fatalf("disagreements: %v", got)
	}
	if !strings.Contains(hs.view(), "only where targets disagree · 2 of 3 shown") {
		t.Errorf("heading:\n%s", hs.view())
	}
	hs.Keys("f")
	if len(hs.caseNames()) != 3 {
		t.Errorf("filter off: %v", hs.caseNames())
	}
}

// Without checks, targets disagree when two answers' word similarity is
// under DisagreeBelow; targets with nothing done take no part.
func TestDisagreementWithoutChecks(t *testing.T) {
	plan := &engine.Plan{Targets: []string{"alpha:a", "beta:b", "gamma:g"}, Repeats: 1,
		Cases: []engine.Case{{Name: "same"}, {Name: "different"}, {Name: "one done"}}}
	texts := map[int]string{
		0: "the capital of France is Paris", 1: "Paris is the capital of France", 2: "the capital of France is Paris indeed",
		3: "the answer is forty two", 4: "I cannot say anything about that topic", 5: "the answer is forty two",
		6: "alone",
	}
	var cells []store.BatchCell
	for i := range 9 {
		c, tg, _ := plan.Cell(i)
		st := store.CellDone
		if i > 6 {
			st = store.CellPending
		}
		cells = append(cells, store.BatchCell{CellKey: store.CellKey{Cell: i, Case: c, Target: tg}, Status: st})
	}
	got := disagreement(plan, cells, texts)
	if want := []bool{false, true, false}; !slices.Equal(got, want) {
		t.Errorf("disagreement %v, want %v", got, want)
	}
}

// enter opens the cell's replies, every repeat, rendered as markdown with
// their figures and checks; esc goes back to the matrix.
func TestCellRepliesAsMarkdown(t *testing.T) {
	hs := openFixture(t, 120, 40)
	hs.Keys("j", "l", "enter") // sum → beta, whose check failed
	if hs.m.reader == nil {
		t.Fatal("no replies open")
	}
	v := hs.view()
	for _, want := range []string{"sum → beta:model-b", "repeat 1/2 · done", "repeat 2/2 · done", "✗ contains \"yes\" — not in the reply",
		"Answer 1 from target 1: no, surely.", "point one"} {
		if !strings.Contains(v, want) {
			t.Errorf("replies lack %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "**") {
		t.Errorf("markdown not rendered:\n%s", v)
	}
	// In a short terminal they scroll as every pane does: G to the end,
	// g to the top, the wheel.
	hs.m.SetSize(116, 8)
	if !strings.Contains(hs.view(), "more below") {
		t.Fatalf("8 lines hold every reply:\n%s", hs.view())
	}
	hs.Keys("G")
	if at := hs.m.reader.at; !at.AtBottom() || at.AtTop() || strings.Contains(hs.view(), "more below") {
		t.Errorf("G: offset %d of %d", at.Offset(), at.Total())
	}
	hs.Keys("g")
	hs.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if at := hs.m.reader.at; at.Offset() != 3 {
		t.Errorf("g then the wheel: offset %d", at.Offset())
	}
	hs.Keys("esc")
	if hs.m.reader != nil || hs.m.mx == nil {
		t.Error("esc did not go back to the matrix")
	}
	hs.Keys("esc")
	if hs.m.mx != nil {
		t.Error("esc did not go back to the list")
	}
}

// c sends the selected row to Compare — its prompt to every target, their
// settings with them — and C asks for it blind.
func TestRowToCompare(t *testing.T) {
	hs := openFixture(t, 120, 40)
	hs.Keys("j", "c", "C")
	var got []tab.RerunMsg
	for _, m := range hs.Out {
		if r, ok := m.(tab.RerunMsg); ok {
			got = append(got, r)
		}
	}
	if len(got) != 2 {
		t.Fatalf("rerun messages: %+v", got)
	}
	for i, r := range got {
		if r.To != tab.Compare || r.Kind != store.KindCompare || r.Prompt != "Question: sum" || len(r.Targets) != 3 || r.Blind != (i == 1) {
			t.Errorf("message %d: %+v", i, r)
		}
	}
	if g := got[0].Targets[2]; g.Family != "gamma" || g.Model != "model-g" || !strings.Contains(string(g.SettingsJSON), `"temperature":1`) {
		t.Errorf("gamma's target: %+v %s", g, g.SettingsJSON)
	}
}

// A read of the matrix that comes back after esc went to the list (a run's
// reload) does not open it again.
func TestLateReadAfterBack(t *testing.T) {
	hs := openFixture(t, 120, 40)
	late := loadMatrix(t.Context(), hs.m.db, hs.m.mx.b.ID)
	hs.Keys("esc")
	hs.Send(late)
	if hs.m.mx != nil || !strings.Contains(hs.view(), "Batches") {
		t.Errorf("a late read opened the matrix again:\n%s", hs.view())
	}
}

// The list deletes a batch after y, with its cells' conversations.
func TestDeleteFromList(t *testing.T) {
	db := openStore(t)
	threeByThree().record(t, db)
	hs := newHarness(t, db, nil, nil, 120, 40)
	hs.Keys("d")
	if !strings.Contains(hs.view(), "delete “batch 1 fixture”, its cells and their conversations?") {
		t.Fatalf("no question:\n%s", hs.view())
	}
	hs.Keys("y")
	hs.NoErrors()
	if !strings.Contains(hs.view(), "no batches yet") {
		t.Errorf("after the deletion:\n%s", hs.view())
	}
}

// TestCursorWithoutColour: with NO_COLOR (no colours, text attributes
// kept) the cell under the cursor still shows, in reverse video (issue 30:
// no mark but the absence of bold).
func TestCursorWithoutColour(t *testing.T) {
	hs := openFixture(t, 80, 24)
	hs.Keys("j", "l") // sum × beta
	var b strings.Builder
	w := &colorprofile.Writer{Forward: &b, Profile: colorprofile.Ascii}
	io.WriteString(w, hs.m.View())
	if !strings.Contains(b.String(), "\x1b[7m✗ 0/2") {
		t.Fatalf("the cursor's cell is not marked without colour:\n%q", b.String())
	}
	if n := strings.Count(b.String(), "\x1b[7m"); n != 2 {
		t.Errorf("%d cells in reverse video, want the cursor's two lines", n)
	}
}

// TestSweepTargetsToldApart: at 80 columns, targets of one model read the
// same when cut ("alpha:model-x…"); the column heads and the summary name
// them by the settings that tell them apart first (issue 30).
func TestSweepTargetsToldApart(t *testing.T) {
	db := openStore(t)
	f := threeByThree()
	f.targets = []string{"alpha:model-x:max_tokens=200,temperature=0.2", "alpha:model-x:max_tokens=200,temperature=1", "beta:model-b"}
	f.record(t, db)
	hs := newHarness(t, db, nil, nil, 80, 24)
	hs.Keys("enter")
	v := hs.view()
	head := strings.Split(v, "\n")[2] // the column heads
	if !strings.Contains(head, "temperature=0.2 ·") || !strings.Contains(head, "temperature=1 · a") || !strings.Contains(head, "beta:model-b") {
		t.Errorf("the heads do not tell the sweep apart: %q", head)
	}
	for _, want := range []string{"temperature=0.2 ", "temperature=1 · "} {
		if tabtest.Line(v[strings.Index(v, "target"):], want) == "" {
			t.Errorf("the summary has no row %q:\n%s", want, v)
		}
	}
}

func TestTargetLabels(t *testing.T) {
	got := targetLabels([]string{"alpha:m:temperature=0.2,max_tokens=5", "alpha:m:max_tokens=5,temperature=1", "alpha:m", "beta:m:top_k=3", "image:gamma/image-2:size=1024x1024"})
	want := []string{"max_tokens=5 temperature=0.2 · alpha:m", "max_tokens=5 temperature=1 · alpha:m", "alpha:m", "beta:m:top_k=3", "image:gamma/image-2:size=1024x1024"}
	if !slices.Equal(got, want) {
		t.Errorf("labels %q, want %q", got, want)
	}
}
