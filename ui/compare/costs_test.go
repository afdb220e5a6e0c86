package compare

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// testPrices price the made-up run's model-x and model-y; its gamma
// column failed and its last is still streaming, so neither has a cost.
func testPrices() price.Table {
	return price.Table{
		"model-x": {Input: tabtest.Float(3), Output: tabtest.Float(15)},
		"model-y": {Input: tabtest.Float(1.25), Output: tabtest.Float(10)},
	}
}

// priced is the made-up run after prices were saved in Settings.
func priced(t *testing.T, m Model, p price.Table) Model {
	t.Helper()
	m, cmd := m.Update(tab.SettingsMsg{Settings: &store.Settings{Prices: p}})
	return drive(t, m, cmd)
}

// TestGoldenPriced draws the made-up run with prices set: each finished
// column's figures end with its cost; the failed and the streaming
// columns show none. TestGolden's views (no prices) stay as they were.
func TestGoldenPriced(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("run_%dx%d", size[0], size[1]), func(t *testing.T) {
			m := priced(t, madeUpRun(t, size[0], size[1]), testPrices())
			v := m.View()
			if n := strings.Count(v, "\n") + 1; n != size[1]-4 {
				t.Errorf("%d lines, want %d", n, size[1]-4)
			}
			golden.RequireEqual(t, tabtest.In256Colours(v))
		})
	}
}

// TestColumnCosts: a finished column's cost from its counts at its
// model's rates, thinking at the thinking rate; none for a failed, a
// streaming or an unpriced column; none again once prices are cleared.
func TestColumnCosts(t *testing.T) {
	m := priced(t, madeUpRun(t, 200, 50), testPrices())
	want := []string{
		"cost 0.0077", // 14×3 + 512×15 per million
		"cost 0.0064", // 14×1.25 + 640×10
		"", "",        // failed; streaming
	}
	for i := range m.run.lanes {
		if got := m.screen().painter().cost(&m.run.lanes[i]); got != want[i] {
			t.Errorf("column %d: %q, want %q", i, got, want[i])
		}
	}
	l := m.run.lanes[0]
	l.fig.thinking = 500
	think := priced(t, m, price.Table{"model-x": {Input: tabtest.Float(3), Output: tabtest.Float(15), Thinking: tabtest.Float(60)}})
	if got := think.screen().painter().cost(&l); got != "cost 0.0302" { // 14×3 + 12×15 + 500×60
		t.Errorf("with thinking: %q, want cost 0.0302", got)
	}
	cleared := priced(t, m, nil)
	for i := range cleared.run.lanes {
		if got := cleared.screen().painter().cost(&cleared.run.lanes[i]); got != "" {
			t.Errorf("column %d with no prices: %q", i, got)
		}
	}
	if v, plain := cleared.View(), madeUpRun(t, 200, 50).View(); v != plain {
		t.Errorf("the view with prices cleared differs from the view without:\n%s", v)
	}
}
