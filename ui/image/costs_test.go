package imagetab

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

// testPrices price the golden runs' model at 0.04 an image, whatever its
// size and quality.
func testPrices() price.Table {
	return price.Table{client.ImageModel25Flare: {Image: map[string]float64{"*": 0.04}}}
}

// priced is m after prices were saved in Settings.
func priced(m Model, p price.Table) Model {
	m, _ = m.Update(tab.SettingsMsg{Settings: &store.Settings{Models: store.Models{Image: client.ImageModel25Flare}, Prices: p}})
	return m
}

// TestGoldenPriced draws finished runs with prices set: a done lane's
// caption adds its cost beside its time; a streaming or refused lane has
// none. TestGolden's views (no prices) stay as they were.
func TestGoldenPriced(t *testing.T) {
	cases := []struct {
		name  string
		setup func(Model) Model
		want  string
	}{
		{"results", results, "cost 0.08"}, // two images at 0.04
		{"compare", comparing, "cost 0.04"},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := priced(goldenModel(), testPrices())
				m.SetSize(size[0]-4, size[1]-4)
				m = c.setup(m)
				v := m.View()
				if size[0] == 120 && !strings.Contains(v, c.want) { // at 80 three captions are cut short
					t.Errorf("%q not shown:\n%s", c.want, v)
				}
				golden.RequireEqual(t, tabtest.In256Colours(v))
			})
		}
	}
}

// TestPricesClearedShowNoCost: prices saved then cleared leave the
// results as they were drawn with none.
func TestPricesClearedShowNoCost(t *testing.T) {
	plain := goldenModel()
	plain.SetSize(116, 36)
	plain = results(plain)
	m := priced(priced(goldenModel(), testPrices()), nil)
	m.SetSize(116, 36)
	m = results(m)
	if v := m.View(); v != plain.View() || strings.Contains(v, "cost") {
		t.Errorf("with prices cleared the view differs from the one without:\n%s", v)
	}
}

// TestGalleryJobCost: a gallery job's status line adds its cost by the
// store's rule; a failed job and an unpriced model show none.
func TestGalleryJobCost(t *testing.T) {
	m := priced(goldenModel(), testPrices())
	settings, _ := json.Marshal(map[string]any{"size": "1024x1024", "quality": "high", "n": 3})
	j := store.ImageJob{Model: client.ImageModel25Flare, Status: store.StatusComplete, SettingsJSON: settings,
		Files: []store.ImageFile{{Path: "a.png"}, {Path: "b.png"}, {Path: "p.png", Partial: true}}}
	if got := jobCost(m.prices, j); got != " · cost 0.08" { // two results; the partial is not one
		t.Errorf("a finished job: %q", got)
	}
	failed := j
	failed.Status = store.StatusError
	other := j
	other.Model = "unpriced"
	for name, j := range map[string]store.ImageJob{"failed": failed, "unpriced": other} {
		if got := jobCost(m.prices, j); got != "" {
			t.Errorf("%s: %q, want none", name, got)
		}
	}
}
