package compare

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTablesFallBackToFewerColumns: replies whose tables would break words
// in four columns of a 120-column terminal show in fewer, each table whole;
// at 200 columns all four fit (issue 19).
func TestTablesFallBackToFewerColumns(t *testing.T) {
	t.Parallel()
	m := madeUpRun(t, 120, 40)
	g := m.screen().geometry()
	if g.count >= 4 || g.count < 1 {
		t.Fatalf("%d columns at 116", g.count)
	}
	view := ansi.Strip(m.View())
	for _, cell := range []string{"thread frames", "garden tunes", "current tunes"} {
		if !strings.Contains(view, cell) {
			t.Errorf("the table cell %q is not whole:\n%s", cell, view)
		}
	}
	if !strings.Contains(view, "column 1 of 4") {
		t.Errorf("the top line does not say which columns show:\n%s", view)
	}
	if m := madeUpRun(t, 200, 50); m.screen().geometry().count != 4 {
		t.Errorf("%d columns at 196", m.screen().geometry().count)
	}
}

// TestTableWidth reads tables as a stream brings them, a piece at a time.
func TestTableWidth(t *testing.T) {
	t.Parallel()
	var tw tableWidth
	for _, piece := range []string{"Some text, then\n\n| Item | Va", "lue |\n|---|:--:|\n| **orbit** | 303 |\n| a much longer cell", " here | 1 |\nafter"} {
		tw.feed(piece)
	}
	// Widest cells: "a much longer cell here" (23) and "Value" (5).
	if want := 23 + 5 + 3*2 + 2; tw.need != want {
		t.Errorf("need %d, want %d", tw.need, want)
	}
	tw.feed("\n| the last row, unended, is read at the end of the reply | 1 |")
	tw.end()
	if tw.need <= 23+5+3*2+2 {
		t.Errorf("the last row was not read: need %d", tw.need)
	}
	tw.feed(strings.Repeat("x", 3*maxTableLine)) // a long line that is no row is not kept
	if len(tw.line) > 1 {
		t.Errorf("kept %d bytes of a paragraph", len(tw.line))
	}
}

// TestSweepColumnsShowWhatTellsThemApart: four targets on one model that
// differ only in temperature each show their temperature, in the title when
// it fits, else on a line of its own; the settings they share come after
// (issue 19: the fourth header was cut before its settings).
func TestSweepColumnsShowWhatTellsThemApart(t *testing.T) {
	t.Parallel()
	m := New(Options{})
	m.SetSize(116, 36)
	m.targets = targets(t, "alpha:model-x:temperature=0.2,max_tokens=900,effort=low", "alpha:model-x:temperature=0.5,max_tokens=900,effort=low",
		"alpha:model-x:temperature=0.8,max_tokens=900,effort=low", "alpha:model-x:temperature=1,max_tokens=900,effort=low")
	view := ansi.Strip(m.View())
	for _, want := range []string{"temperature=0.2", "temperature=0.5", "temperature=0.8", "temperature=1"} {
		if !strings.Contains(view, want) {
			t.Errorf("no %q:\n%s", want, view)
		}
	}
	set := m.screen().settingsApart()[3]
	apart, shared := set.apart, set.shared
	if strings.Join(apart, " ") != "temperature=1" || strings.Join(shared, " ") != "max_tokens=900 effort=low" {
		t.Errorf("apart %q, shared %q", apart, shared)
	}
	if p := settingPairs(targets(t, `alpha:m:stop_sequences=["a,b","c"],top_k=3`)[0], ""); len(p) != 2 || p[1] != `stop_sequences=["a,b","c"]` {
		t.Errorf("pairs %q", p)
	}
}

// TestFocusedColumnShowsWithoutColour: the focused column's frame is drawn
// thick, so it shows without colour (issue 19).
func TestFocusedColumnShowsWithoutColour(t *testing.T) {
	t.Parallel()
	m := madeUpRun(t, 200, 50)
	v := ansi.Strip(m.View())
	if strings.Count(v, "┏━ 1 alpha") != 1 || strings.Count(v, "┏") != 1 {
		t.Errorf("the focused column is not the one thick frame:\n%s", v)
	}
}
