package history

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func pricedHarness(t *testing.T, db *store.Store, w, h int) *harness {
	return harnessOf(t, New(Options{Store: db, Now: now, FFmpeg: noFFmpeg, Settings: &store.Settings{Prices: testPrices()}}), w, h)
}

// shows fails unless every pattern matches a line of the view.
func shows(t *testing.T, hs *harness, patterns ...string) {
	t.Helper()
	v := hs.view()
	for _, p := range patterns {
		if !regexp.MustCompile(p).MatchString(v) {
			t.Errorf("no %q in\n%s", p, v)
		}
	}
}

// TestCostsViewSumsByDayModelAndKind: c shows the fixture's costs summed
// three ways, over the list's range, then over the periods p steps
// through; the total is the store's.
func TestCostsViewSumsByDayModelAndKind(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	want := tabtest.Must[store.CostSums](t)(f.db.CostSums(bg, store.CostQuery{}, testPrices()))
	if got := price.Format(want.Total.Cost); got != "0.4599" {
		t.Fatalf("the fixture costs %s in all: the figures below assume 0.4599", got)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			hs := pricedHarness(t, f.db, size[0], size[1]).Keys("c")
			if hs.m.Summary() != "history · costs" {
				t.Errorf("summary %q", hs.m.Summary())
			}
			shows(t, hs, `costs · as listed: since any +total 0\.4599 · 7 priced`,
				`chat +0\.0032 +2 `, `compare +0\.0166 +3 `, `image +0\.19 +1 `, `video +0\.25 +1 `,
				`model-x +0\.0108 +2 `, `gamma/image-2\.5-flare +0\.19 +1 `, `videob/o3/pro/text-to-video +0\.25 +1 `,
				`2026-11-20 +0\.4599 +7 `)
			hs.Keys("p") // today: two days after the fixture
			shows(t, hs, `costs · today +total 0 · 0 priced`, `nothing in this period`)
			hs.Keys("p") // 7 days
			shows(t, hs, `costs · 7 days +total 0\.4599`)
			hs.Keys("esc")
			if hs.m.costs.open || !strings.Contains(hs.view(), "/ search") {
				t.Errorf("esc did not go back to the list:\n%s", hs.view())
			}
		})
	}
	// The list's range: its filters narrow the sums.
	hs := pricedHarness(t, f.db, 120, 40).Keys("f", "down", "down", "down", "enter", "c")
	shows(t, hs, `costs · as listed: kind image, since any +total 0\.19 · 1 priced`)
	if strings.Contains(hs.view(), "model-x") {
		t.Errorf("chat models in the image costs:\n%s", hs.view())
	}
}

// TestCostsViewWithoutPrices says no price is set and shows no number.
func TestCostsViewWithoutPrices(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 80, 24)
	hs.Keys("c")
	v := hs.view()
	if !strings.Contains(v, "No prices are set") || regexp.MustCompile(`\d\.\d|total|priced`).MatchString(v) {
		t.Errorf("costs view without prices:\n%s", v)
	}
}

// TestCostsCountedInACommand: the key returns at once with a command
// (the frame says it is counting); an answer to an earlier count is
// dropped.
func TestCostsCountedInACommand(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	m := New(Options{Store: f.db, Now: now, FFmpeg: noFFmpeg, Settings: &store.Settings{Prices: testPrices()}})
	m.SetSize(80, 24)
	m, first := m.Update(tea.KeyPressMsg{Code: 'c', Text: "c"})
	if first == nil || !strings.Contains(m.View(), "counting…") {
		t.Fatalf("c: command %v, view\n%s", first, m.View())
	}
	m, _ = m.Update(tea.KeyPressMsg{Code: 'p', Text: "p"}) // a new count: today
	m, _ = m.Update(first().(tab.ResultMsg).Msg)
	if m.costs.sums != nil {
		t.Fatalf("an answer for the earlier period was taken: %+v", m.costs.sums.Total)
	}
}

// TestGoldenCosts draws the costs view, priced and not, at 80×24 and
// 120×40.
func TestGoldenCosts(t *testing.T) {
	f := homeFixture(t)
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, priced := range []bool{true, false} {
			name := fmt.Sprintf("priced_%dx%d", size[0], size[1])
			if !priced {
				name = fmt.Sprintf("unpriced_%dx%d", size[0], size[1])
			}
			t.Run(name, func(t *testing.T) {
				hs := newHarness(t, f.db, size[0], size[1])
				if priced {
					hs = pricedHarness(t, f.db, size[0], size[1])
				}
				hs.Keys("c")
				golden.RequireEqual(t, tabtest.In256Colours(hs.m.View()))
			})
		}
	}
}
