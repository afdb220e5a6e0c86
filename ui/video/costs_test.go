package video

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"atelier/store"
	"atelier/store/price"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// testPrices price every golden endpoint by the second.
func testPrices() price.Table {
	return price.Table{
		"videoa/*": {Second: map[string]float64{"*": 0.1}},
		"videob/*": {Second: map[string]float64{"*": 0.2}},
		"videoc*":  {Second: map[string]float64{"*": 0.05}},
	}
}

// TestGoldenPriced draws the tasks with prices saved in Settings: the
// selected task's detail line ends with its cost. TestGolden's views (no
// prices) stay as they were.
func TestGoldenPriced(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("tasks_%dx%d", size[0], size[1]), func(t *testing.T) {
			st := storetest.Open(t, "")
			h := newHarness(t, Options{Store: st})
			h.m.SetSize(size[0]-4, size[1]-4)
			msg := goldenTasks().(tasksLoadedMsg)
			for i := range msg.tasks { // each says how long: 8 s
				msg.tasks[i].rec.BodyJSON = json.RawMessage(`{"prompt":"the lighthouse","duration":"8s"}`)
			}
			h.Send(msg)
			h.Send(tab.SettingsMsg{Settings: &store.Settings{Prices: testPrices()}})
			h.Keys("esc", "down", "down")
			v := h.m.View()
			if size[0] == 120 && !strings.Contains(v, "cost 0.4") { // 8 s at 0.05
				t.Errorf("no cost on the selected task:\n%s", v)
			}
			golden.RequireEqual(t, tabtest.In256Colours(v))
		})
	}
}

// TestTaskCost: a task's seconds at its endpoint's price; none for a
// failed task, an unpriced endpoint, or with no prices.
func TestTaskCost(t *testing.T) {
	m := New(Options{Prices: testPrices(), Tick: -1})
	ok := newTask(store.VideoTask{Endpoint: "videob/o3/pro/text-to-video", BodyJSON: json.RawMessage(`{"duration":5}`)}, "")
	if got := ok.cost(m.prices); got != "cost 1.00" { // 5 s at 0.2
		t.Errorf("a 5 s task: %q", got)
	}
	failed := ok
	failed.rec.FailureJSON = json.RawMessage(`{"detail":"no"}`)
	unpriced := ok
	unpriced.rec.Endpoint = "videoz/x"
	for name, c := range map[string]struct {
		m Model
		t task
	}{"failed": {m, failed}, "unpriced": {m, unpriced}, "no prices": {New(Options{Tick: -1}), ok}} {
		if got := c.t.cost(c.m.prices); got != "" {
			t.Errorf("%s: %q, want none", name, got)
		}
	}
}
