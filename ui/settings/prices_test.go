package settings

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/tab/tabtest"
)

// flat is the view on one line of single spaces, for phrases a narrow
// column may wrap.
func (h *harness) flat() string { return strings.Join(strings.Fields(h.view()), " ") }

// TestPricesRoundTrip: a price added, changed and deleted in the tab, and
// a budget set, land in config.toml; store.LoadSettings gives back the
// very Table and Budget the tab holds and told every tab about.
func TestPricesRoundTrip(t *testing.T) {
	h := newHarness(t, nil)
	h.m.SetSize(120, 40)
	h.to("+ add price").Keys("enter")
	if !strings.Contains(h.view(), "New price") || !h.m.Focused() {
		t.Fatalf("no price form:\n%s", h.view())
	}
	h.Type("alpha/*").Keys("enter").Type("3").Keys("enter").Type("15").Keys("enter", "enter")
	h.Keys("enter").Type("1024x1024/high").Keys("enter").Type("0.17") // a line of the image list
	h.Keys("ctrl+s")
	h.NoErrors()
	want := price.Table{"alpha/*": {Input: tabtest.Float(3), Output: tabtest.Float(15), Image: map[string]float64{"1024x1024/high": 0.17}}}
	if got := h.onDisk().Prices; !reflect.DeepEqual(got, want) {
		t.Fatalf("on disk %s, want %s", show(got), show(want))
	}
	if got := h.saved(); got == nil || !reflect.DeepEqual(got.Prices, want) {
		t.Fatal("the other tabs were not told of the new price")
	}
	if l := h.cursorLine(); !strings.Contains(l, "alpha/*") || !strings.Contains(l, "in 3 · out 15 · 1024x1024/high 0.17/image") {
		t.Errorf("cursor line %q", l)
	}

	// Changed: the output rate cleared, a thinking rate and a video
	// second added, the pattern renamed; the old entry goes.
	h.Keys("enter", "down", "down", "ctrl+u", "down").Type("20")
	h.to2("per video second").Keys("enter").Type("720p").Keys("enter").Type("0.1")
	h.m.price.form.Goto(0)
	h.Keys("ctrl+u").Type("alpha/opus*")
	h.Keys("ctrl+s")
	h.NoErrors()
	want = price.Table{"alpha/opus*": {Input: tabtest.Float(3), Thinking: tabtest.Float(20),
		Image: map[string]float64{"1024x1024/high": 0.17}, Second: map[string]float64{"720p": 0.1}}}
	if got := h.onDisk().Prices; !reflect.DeepEqual(got, want) {
		t.Fatalf("after a change, on disk %s, want %s", show(got), show(want))
	}

	h.to("Per run").Keys("enter").Type("2.5").Keys("enter")
	h.to("Per day").Keys("enter").Type("10").Keys("enter")
	disk := h.onDisk()
	if !reflect.DeepEqual(disk.Budget, price.Budget{Run: tabtest.Float(2.5), Day: tabtest.Float(10)}) || !reflect.DeepEqual(disk.Budget, h.saved().Budget) {
		t.Fatalf("budget on disk %+v, told %+v", disk.Budget, h.saved().Budget)
	}
	if !reflect.DeepEqual(disk.Prices, h.m.cfg.Prices) {
		t.Fatal("a budget's save changed the prices")
	}

	h.home().to("alpha/opus*").Keys("d")
	if !strings.Contains(h.view(), "remove the price of alpha/opus*?") {
		t.Fatalf("no question:\n%s", h.view())
	}
	h.Keys("y")
	if got := h.onDisk(); len(got.Prices) != 0 || got.Budget.Run == nil || len(h.saved().Prices) != 0 {
		t.Fatalf("after delete: %s, budget %+v", show(got.Prices), got.Budget)
	}
	h.to("Per run").Keys("enter", "ctrl+u", "enter")
	if got := h.onDisk().Budget; got.Run != nil || got.Day == nil {
		t.Errorf("an empty budget did not remove the limit: %+v", got)
	}
}

// to2 moves the price form's focus to the row whose line holds label.
func (h *harness) to2(label string) *harness {
	h.t.Helper()
	for range 40 {
		if strings.Contains(h.m.price.form.Line(h.m.price.form.Path()), label) {
			return h
		}
		h.Keys("down")
	}
	h.t.Fatalf("no row %q in the price form\n%s", label, h.view())
	return h
}

// TestBadPriceIsRefused: every rule is price.Validate's, named at its
// row; ctrl+s saves nothing while one is broken, and what was typed and
// what was saved before are kept.
func TestBadPriceIsRefused(t *testing.T) {
	cfg := store.DefaultSettings()
	cfg.Prices = price.Table{"beta/*": {Input: tabtest.Float(1)}}
	h := newHarness(t, cfg)
	h.m.SetSize(120, 40)
	cases := []struct{ pattern, input, want string }{
		{"alpha/*", "-3", "input: a price must be a finite number, zero or more (got -3)"},
		{"alpha/*", "three", `input: "three" is not a number`},
		{"alpha/*", "1e999", `input: "1e999" is not a number`},
		{"[", "3", `pattern: "[" is not a model name or glob pattern`},
		{"beta/*", "3", "pattern: beta/* has a price already"},
		{"alpha/*", "", "pattern: sets no price"},
	}
	for _, c := range cases {
		h.to("+ add price").Keys("enter").Type(c.pattern).Keys("enter").Type(c.input).Keys("ctrl+s")
		if !strings.Contains(h.flat(), c.want) {
			t.Errorf("%s %s: no %q in\n%s", c.pattern, c.input, c.want, h.view())
		}
		if !h.m.price.open || h.m.busy || h.m.price.form.Text("pattern") != c.pattern {
			t.Errorf("%s %s: the form closed or lost what was typed", c.pattern, c.input)
		}
		h.Keys("esc")
	}
	if _, err := os.Stat(h.path); !os.IsNotExist(err) {
		t.Fatal("a refused price was saved")
	}

	// An image line that is not a size, one given twice, one with no
	// price: each named at its line.
	h.home().to("beta/*").Keys("enter")
	h.to2("per image").Keys("enter").Type("huge").Keys("enter").Type("1")
	h.Keys("ctrl+n").Type("*").Keys("enter").Type("1")
	h.Keys("ctrl+n").Type("*").Keys("enter").Type("2")
	h.Keys("ctrl+n").Type("512x512")
	h.Keys("ctrl+s")
	for _, want := range []string{"want SIZE, SIZE/QUALITY, */QUALITY or *", `"*" is priced twice`, "give the price"} {
		if !strings.Contains(strings.Join(h.m.price.form.Problems(), "\n"), want) {
			t.Errorf("no %q in %q", want, h.m.price.form.Problems())
		}
	}
	if !strings.Contains(h.flat(), "image[0]: want SIZE") {
		t.Errorf("the detail line does not name the field:\n%s", h.view())
	}
	h.Keys("esc")
	if got := h.m.cfg.Prices; !reflect.DeepEqual(got, price.Table{"beta/*": {Input: tabtest.Float(1)}}) {
		t.Fatalf("a refused edit changed the prices: %s", show(got))
	}

	// A budget: the rule named with its key, the value kept in the field.
	h.to("Per day").Keys("enter").Type("-1").Keys("enter")
	if !strings.Contains(h.flat(), "budget.day: a budget must be a finite number above zero (got -1)") || h.m.form.Value("budget.day") != "-1" {
		t.Fatalf("a negative budget:\n%s", h.view())
	}
	h.Keys("ctrl+u").Type("ten").Keys("enter")
	if !strings.Contains(h.flat(), `budget.day: "ten" is not a number`) {
		t.Fatalf("a budget that is not a number:\n%s", h.view())
	}
	if _, err := os.Stat(h.path); !os.IsNotExist(err) {
		t.Fatal("a refused budget was saved")
	}
}

// TestPriceFormLoadsTheEntry: an entry opens with each of its rates in its
// row, so a change starts from what is saved.
func TestPriceFormLoadsTheEntry(t *testing.T) {
	cfg := store.DefaultSettings()
	cfg.Prices = price.Table{"videob/*": {Second: map[string]float64{"720p": 0.1, "*": 0.2}}, "gamma/x": {Output: tabtest.Float(2)}}
	h := newHarness(t, cfg)
	h.m.SetSize(120, 40)
	h.to("videob/*").Keys("enter")
	f := h.m.price.form
	for path, want := range map[string]string{"second[0].resolution": "*", "second[0].price": "0.2", "second[1].resolution": "720p", "second[1].price": "0.1"} {
		if l := f.Line(path); !strings.Contains(l, want) {
			t.Errorf("%s: %q, want %q", path, l, want)
		}
	}
	if f.Text("pattern") != "videob/*" || f.Count() != 0 {
		t.Errorf("pattern %q, problems %q", f.Text("pattern"), f.Problems())
	}
	h.Keys("ctrl+s")
	if got := h.onDisk().Prices; !reflect.DeepEqual(got, cfg.Prices) {
		t.Errorf("saved unchanged, on disk %s", show(got))
	}
}

func show(t price.Table) string {
	var b strings.Builder
	for p, r := range t {
		b.WriteString(p + ": " + rateSummary(r) + "; ")
	}
	return b.String()
}

// home moves the cursor to the first row.
func (h *harness) home() *harness {
	for range len(h.m.rows) {
		h.Keys("up")
	}
	return h
}

// TestBlindDefaultSavesAndLoads: the Arena row flips [arena] blind, which
// config.toml keeps and every tab is told of (issue 16).
func TestBlindDefaultSavesAndLoads(t *testing.T) {
	h := newHarness(t, nil)
	h.m.SetSize(120, 40)
	if l := h.to("Blind").cursorLine(); !strings.Contains(l, "☐ false") || !strings.Contains(l, "new comparisons start blind") {
		t.Fatalf("blind line %q", l)
	}
	h.Keys("enter")
	if !h.onDisk().Arena.Blind || h.saved() == nil || !h.saved().Arena.Blind {
		t.Fatal("blind was not saved on, or the tabs were not told")
	}
	if l := h.cursorLine(); !strings.Contains(l, "☑ true") {
		t.Errorf("blind line %q", l)
	}
	if n := h.Notices(); len(n) != 1 || n[0] != "new comparisons start blind" {
		t.Errorf("notices %q", n)
	}
	data, _ := os.ReadFile(h.path)
	if !strings.Contains(string(data), "[arena]\nblind = true") {
		t.Errorf("config.toml:\n%s", data)
	}
	h.Keys("enter")
	if h.onDisk().Arena.Blind || h.saved().Arena.Blind {
		t.Fatal("blind was not saved off")
	}
}

// TestValuesAreCheckedAsTyped: a row typed into is checked at each key by
// the rules config.toml is saved with, the problem named by its key,
// before enter; esc puts the saved value back (issue 21: one form).
func TestValuesAreCheckedAsTyped(t *testing.T) {
	cfg := store.DefaultSettings()
	cfg.Budget.Day = tabtest.Float(5)
	h := newHarness(t, cfg)
	h.m.SetSize(120, 40)
	h.to("Per day").Keys("enter", "ctrl+u").Type("-1")
	if !strings.Contains(h.flat(), "budget.day: a budget must be a finite number above zero (got -1)") {
		t.Fatalf("not checked as typed:\n%s", h.view())
	}
	h.Keys("esc")
	if h.m.Focused() || h.m.form.Value("budget.day") != "5" || !strings.Contains(h.cursorLine(), "5") {
		t.Fatalf("esc did not put back the saved value: %q", h.cursorLine())
	}
	h.home().to("beta + add header").Keys("enter").Type("X-Api-Key: k")
	if !strings.Contains(h.flat(), "headers.beta.X-Api-Key: credentials do not belong in the config file") {
		t.Fatalf("a credential header is not refused as typed:\n%s", h.view())
	}
	if _, err := os.Stat(h.path); !os.IsNotExist(err) {
		t.Fatal("something was saved")
	}
}

// TestTabMovesBetweenPriceFields: tab and shift+tab go from field to
// field of the price form, never typed into one (issue 30: "demo-*\t315"
// was saved as a pattern), and round from the last to the first.
func TestTabMovesBetweenPriceFields(t *testing.T) {
	h := newHarness(t, nil)
	h.m.SetSize(120, 40)
	h.to("+ add price").Keys("enter")
	h.Type("demo-*").Keys("tab").Type("3").Keys("tab").Type("15")
	f := h.m.price.form
	if f.Text("pattern") != "demo-*" || f.Text("input") != "3" || f.Text("output") != "15" {
		t.Fatalf("pattern %q, input %q, output %q", f.Text("pattern"), f.Text("input"), f.Text("output"))
	}
	h.Keys("shift+tab", "shift+tab")
	if p := h.m.price.form.Path(); p != "pattern" {
		t.Errorf("shift+tab twice from output: on %q", p)
	}
	h.Keys("shift+tab")
	if p := h.m.price.form.Path(); p == "pattern" {
		t.Error("shift+tab on the first field stayed there")
	}
	h.Keys("ctrl+s")
	h.NoErrors()
	if got := h.onDisk().Prices; got["demo-*"].Input == nil || *got["demo-*"].Input != 3 || *got["demo-*"].Output != 15 {
		t.Errorf("on disk %s", show(got))
	}
}
