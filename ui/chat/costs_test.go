package chat

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// testPrices prices the golden conversation's model-x at 3 per million
// input tokens and 15 per million output tokens.
func testPrices() price.Table {
	return price.Table{"model-x": {Input: tabtest.Float(3), Output: tabtest.Float(15)}}
}

// TestGoldenPriced draws the golden conversation with prices set in
// Settings: the finished reply's figures end with its cost, the stopped
// one shows none (its count is not final). The goldens without prices
// (TestGolden) stay as they were: no cost is invented.
func TestGoldenPriced(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("conversation_%dx%d", size[0], size[1]), func(t *testing.T) {
			h := goldenHarness(t, size[0]-4, size[1]-4)
			h.Send(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Alpha: "model-x"}, Prices: testPrices()}})
			view := h.m.View()
			if !strings.Contains(view, "cost 0.0032") { // 20×3 + 212×15 per million
				t.Errorf("the reply's cost is not shown:\n%s", view)
			}
			golden.RequireEqual(t, tabtest.In256Colours(view))
		})
	}
}

// TestReplyCostFigures: the cost joins a reply's figures only when a rate
// applies and the reply finished; thinking tokens the native usage tells
// apart are charged at the thinking rate.
func TestReplyCostFigures(t *testing.T) {
	native, _ := json.Marshal(map[string]any{"usageMetadata": map[string]any{
		"promptTokenCount": 100, "candidatesTokenCount": 400, "thoughtsTokenCount": 600}})
	done := entry{role: store.RoleAssistant, family: client.Beta, model: "model-x", status: store.StatusComplete,
		usage: client.ChatUsage{Input: 100, Output: 1000}, native: native}
	done.countUsage()
	withThinking := price.Table{"model-x": {Input: tabtest.Float(1), Output: tabtest.Float(2), Thinking: tabtest.Float(10)}}
	stopped := done
	stopped.status = store.StatusInterrupted
	for _, c := range []struct {
		name   string
		e      entry
		prices price.Table
		want   string // "" for none
	}{
		{"thinking at its own rate", done, withThinking, "cost 0.0069"}, // 100×1 + 400×2 + 600×10
		{"no prices", done, nil, ""},
		{"another model's prices", done, price.Table{"model-y": {Input: tabtest.Float(1), Output: tabtest.Float(2)}}, ""},
		{"a stopped reply", stopped, withThinking, ""},
	} {
		got := figures(&c.e, c.prices)
		if c.want == "" && strings.Contains(got, "cost") || c.want != "" && !strings.Contains(got+" · ", " · "+c.want+" · ") {
			t.Errorf("%s: figures %q, want cost %q", c.name, got, c.want)
		}
	}
}

// TestPricesSavedRedrawHeaders: prices saved in Settings reach headers
// already drawn, and clearing them takes the cost away again.
func TestPricesSavedRedrawHeaders(t *testing.T) {
	h := goldenHarness(t, 116, 36)
	before := h.m.View()
	if strings.Contains(before, "cost ") {
		t.Fatalf("a cost shown with no prices:\n%s", before)
	}
	h.Send(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Alpha: "model-x"}, Prices: testPrices()}})
	if v := h.m.View(); !strings.Contains(v, "cost 0.0032") {
		t.Fatalf("the cost did not appear after prices were saved:\n%s", v)
	}
	h.Send(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Alpha: "model-x"}}})
	if v := h.m.View(); v != before {
		t.Fatalf("the view with prices cleared differs from before:\n%s", v)
	}
}
