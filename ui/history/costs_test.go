package history

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// testPrices price the fixture's models, its image model by size and
// quality and its video endpoints by the second.
func testPrices() price.Table {
	return price.Table{
		"model-x":               {Input: tabtest.Float(3), Output: tabtest.Float(15)},
		"model-y":               {Input: tabtest.Float(1), Output: tabtest.Float(10)},
		"model-z":               {Input: tabtest.Float(2), Output: tabtest.Float(8)},
		"gamma/image-2.5-flare": {Image: map[string]float64{"1024x1024/high": 0.19}},
		"videob/*":              {Second: map[string]float64{"*": 0.05}},
	}
}

// TestGoldenPriced draws the items with prices set: each heading carries
// the item's cost, each finished reply its own. TestGolden's views (no
// prices) stay as they were.
func TestGoldenPriced(t *testing.T) {
	f := homeFixture(t)
	cases := []struct {
		name, to string
		want     []string
	}{
		{"chat", "haiku", []string{"cost 0.0032"}}, // 12×3 + 212×15 per million
		{"compare", "CRDT", []string{"cost 0.0166", "cost 0.0076", "cost 0.005", "cost 0.0041"}},
		{"image", "watercolor", []string{"cost 0.19"}},
		{"video", "beam sweeps", []string{"cost 0.25"}}, // 5 s at 0.05
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				hs := harnessOf(t, New(Options{Store: f.db, Now: now, FFmpeg: noFFmpeg, Settings: &store.Settings{Prices: testPrices()}}), size[0], size[1])
				hs.to(c.to).Keys("enter")
				hs.Send(tea.KeyPressMsg{}) // let background renderings land
				v := hs.m.View()
				if size[0] == 120 {
					for _, w := range c.want {
						if !strings.Contains(v, w) {
							t.Errorf("%q not shown:\n%s", w, v)
						}
					}
				}
				golden.RequireEqual(t, masked(tabtest.In256Colours(v)))
			})
		}
	}
}

// TestPricesSavedReachTheReader: prices saved while an item is open show
// at once; cleared, the view is as it was with none.
func TestPricesSavedReachTheReader(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 120, 40)
	hs.to("haiku").Keys("enter")
	hs.Send(tea.KeyPressMsg{})
	before := hs.m.View()
	if strings.Contains(before, "cost ") {
		t.Fatalf("a cost shown with no prices:\n%s", before)
	}
	hs.Send(tab.SettingsMsg{Settings: &store.Settings{Prices: testPrices()}})
	if v := hs.m.View(); !strings.Contains(v, "cost 0.0032") {
		t.Fatalf("the cost did not appear after prices were saved:\n%s", v)
	}
	hs.Send(tab.SettingsMsg{Settings: &store.Settings{}})
	if v := hs.m.View(); v != before {
		t.Fatalf("the view with prices cleared differs from before:\n%s", v)
	}
}

// TestCostRules: a conversation with one unpriced reply has no total; a
// reply cut short has no cost; a failed video task none.
func TestCostRules(t *testing.T) {
	t.Parallel()
	p := testPrices()
	c := &store.Conversation{Messages: []store.Message{
		{Role: store.RoleUser, Text: "hi"},
		{Role: store.RoleAssistant, Model: "model-x", Status: store.StatusComplete, Usage: store.Usage{InputTokens: 10, OutputTokens: 10}},
		{Role: store.RoleAssistant, Model: "unpriced", Status: store.StatusComplete, Usage: store.Usage{InputTokens: 10, OutputTokens: 10}},
	}}
	if got := convCost(p, c); got != nil {
		t.Errorf("a conversation with an unpriced reply: %v, want none", *got)
	}
	c.Messages = c.Messages[:2]
	if got := convCost(p, c); got == nil || fmt.Sprintf("%.6f", *got) != "0.000180" {
		t.Errorf("one priced reply: %v, want 0.00018", got)
	}
	cut := c.Messages[1]
	cut.Status = store.StatusInterrupted
	if got := replyCost(p, cut); got != nil {
		t.Errorf("a reply cut short: %v, want none", *got)
	}
	v := &store.VideoTask{Endpoint: "videob/x", BodyJSON: []byte(`{"duration":5}`), FailureJSON: []byte(`{"detail":"no"}`)}
	if got := videoCost(p, v); got != nil {
		t.Errorf("a failed video task: %v, want none", *got)
	}
	if convCost(nil, c) != nil || replyCost(nil, c.Messages[1]) != nil {
		t.Error("a cost with no prices")
	}
}

// TestSpentTodayOnTheList: with prices set, the list's top line says what
// today has cost (the store's count, as the day's budget has it); with
// none, the line is as it was.
func TestSpentTodayOnTheList(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	plain := newHarness(t, f.db, 120, 40)
	if first := strings.SplitN(plain.m.View(), "\n", 2)[0]; strings.Contains(first, "today") {
		t.Fatalf("spending shown with no prices: %q", first)
	}
	late := func() time.Time { return store.StartOfDay(t0).Add(23 * time.Hour) } // the fixture's day
	hs := harnessOf(t, New(Options{Store: f.db, Now: late, FFmpeg: noFFmpeg, Settings: &store.Settings{Prices: testPrices()}}), 120, 40)
	want, err := f.db.SpentSince(bg, store.StartOfDay(late()), testPrices())
	if err != nil {
		t.Fatal(err)
	}
	first := strings.SplitN(hs.m.View(), "\n", 2)[0]
	if !strings.Contains(first, "today "+price.Label(&want)) || want == 0 {
		t.Errorf("top line %q, want today %s (a sum above 0)", first, price.Label(&want))
	}
	hs.Send(tab.SettingsMsg{Settings: &store.Settings{}})
	if first := strings.SplitN(hs.m.View(), "\n", 2)[0]; strings.Contains(first, "today") {
		t.Errorf("spending still shown with prices cleared: %q", first)
	}
}
