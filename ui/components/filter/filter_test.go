package filter

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab/tabtest"
)

// form is a form of a kind (one of its choices only), a tag (a rule of
// its own) and a since, as History's and the Arena's are.
func form() Model {
	return New(
		Field{Name: "kind", Any: "any kind", Choices: []string{"chat", "image", "video"}, Only: true},
		Field{Name: "tag", Any: "any tag", Check: func(s string) error {
			if strings.Contains(s, " ") {
				return errors.New("one word")
			}
			return nil
		}},
		Field{Name: "since", Any: "any time", Choices: SinceChoices, Check: CheckSince},
	)
}

// keys presses each named key, or types each word, in turn on m (see
// tabtest.Presses), returning the last result.
func press(t *testing.T, m Model, ks ...string) (Model, Result) {
	t.Helper()
	var r Result
	for _, msg := range tabtest.Presses(ks...) {
		m, r, _ = m.Update(msg)
	}
	return m, r
}

// TestChooseTypeApply: ↑/↓ go through a field's values, any first; tab
// moves between fields (never typed into one); enter applies what every
// field holds, typed or chosen, and closes.
func TestChooseTypeApply(t *testing.T) {
	m, _ := form().Open()
	if !m.IsOpen() || m.Active() || !m.FocusedEmpty() {
		t.Fatal("a new form, opened: not open, or not empty")
	}
	m, _ = press(t, m, "down", "down", "down", "down", "up") // chat, image, video, any, video
	m, _ = press(t, m, "tab", "red-kites", "tab", "up")      // since: the last suggestion
	if got := ansi.Strip(m.View()); !strings.Contains(got, "kind video") || !strings.Contains(got, "tag red-kites") ||
		!strings.Contains(got, "since 365d") {
		t.Fatalf("view %q", got)
	}
	m, r := press(t, m, "enter")
	if r != Applied || m.IsOpen() || !slices.Equal(m.Values(), []string{"video", "red-kites", "365d"}) {
		t.Fatalf("result %v, open %v, values %q", r, m.IsOpen(), m.Values())
	}
	if m.Value("tag") != "red-kites" || !m.Active() || ansi.Strip(m.Summary()) != "kind video · tag red-kites · since 365d" {
		t.Errorf("value %q, summary %q", m.Value("tag"), ansi.Strip(m.Summary()))
	}
	m, _ = m.Open() // opens on what was applied
	m, _ = press(t, m, "shift+tab", "backspace", "backspace", "backspace", "backspace", "7d", "esc")
	if m.IsOpen() || m.Value("since") != "365d" {
		t.Errorf("esc changed the filters: %q", m.Values())
	}
	if m = m.Clear(); m.Active() || m.Summary() != "" {
		t.Errorf("cleared: %q", m.Values())
	}
}

// TestRefusedValueIsNamed: a value that breaks its field's rule is named
// with the rule, the form stays open on that field, and nothing applies.
func TestRefusedValueIsNamed(t *testing.T) {
	for _, c := range []struct {
		keys []string
		want string
		at   int
	}{
		{[]string{"comparison"}, `kind "comparison": want chat, image, video (↑/↓ chooses)`, 0},
		{[]string{"tab", "tab", "last week"}, `since "last week": ` + errSince, 2},
	} {
		m, _ := form().Open()
		m, _ = press(t, m, c.keys...)
		m, r := press(t, m, "enter")
		if r != Editing || !m.IsOpen() || m.Err() != c.want || m.at != c.at || m.Active() {
			t.Errorf("%v: result %v, err %q, field %d", c.keys, r, m.Err(), m.at)
		}
		if !strings.Contains(ansi.Strip(m.Status()), "✗ "+c.want) {
			t.Errorf("status %q", ansi.Strip(m.Status()))
		}
		if m, _ = press(t, m, "x"); m.Err() != "" {
			t.Error("typing kept the refusal")
		}
	}
}

// TestSince: durations, days and dates, as the command line and the
// filters take them; anything else refused with the rule.
func TestSince(t *testing.T) {
	now := time.Date(2026, 11, 21, 12, 0, 0, 0, time.Local)
	for in, want := range map[string]time.Time{
		"720h":       now.Add(-720 * time.Hour),
		"90m":        now.Add(-90 * time.Minute),
		"7d":         now.AddDate(0, 0, -7),
		"0d":         now,
		"2026-11-01": time.Date(2026, 11, 1, 0, 0, 0, 0, time.Local),
	} {
		if got, err := Since(in, now); err != nil || !got.Equal(want) {
			t.Errorf("%s: %v %v, want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "last week", "-5h", "-2d", "7 days", "2026-13-01"} {
		if _, err := Since(in, now); err == nil || err.Error() != errSince {
			t.Errorf("%q: %v", in, err)
		}
	}
	for _, c := range SinceChoices {
		if CheckSince(c) != nil {
			t.Errorf("the suggestion %q is refused", c)
		}
	}
}

// TestChoicesAndWidth: choices may change (the models seen); the fields
// share the width; a closed form draws nothing.
func TestChoicesAndWidth(t *testing.T) {
	m := form()
	m.SetChoices("tag", []string{"code", "poems"})
	m, _ = m.Open()
	m, _ = press(t, m, "tab", "down", "down")
	if got := m.inputs[1].Value(); got != "poems" {
		t.Errorf("tag after two downs: %q", got)
	}
	for _, w := range []int{40, 76, 116} {
		m.SetWidth(w)
		if got := ansi.StringWidth(m.View()); got > w {
			t.Errorf("width %d: view %d wide", w, got)
		}
	}
	if m, _ = press(t, m, "esc"); m.View() != "" || m.Status() != "" {
		t.Error("closed, yet drawn")
	}
}

// TestValuesFitTheLine: at 80 columns (History's five fields in 76) a
// value chosen shows whole, the focused field's first (it read "status
// plete"), and a wide line gives every field its longest value.
func TestValuesFitTheLine(t *testing.T) {
	five := func() Model {
		return New(Field{Name: "kind", Any: "all", Choices: []string{"chat", "compare", "image", "video", "batch"}},
			Field{Name: "family", Any: "all", Choices: []string{"alpha", "beta", "gamma", "videoa", "videob", "videoc3.1"}},
			Field{Name: "model", Any: "all"},
			Field{Name: "status", Any: "all", Choices: []string{"complete", "running", "queued", "interrupted", "failed"}},
			Field{Name: "since", Any: "any time", Choices: SinceChoices})
	}
	m := five()
	m.SetWidth(76)
	m, _ = m.Open()
	m, _ = press(t, m, "down", "down", "tab", "tab", "tab", "down", "down", "down", "down") // compare; interrupted
	got := ansi.Strip(m.View())
	if !strings.Contains(got, "status interrupted") || !strings.Contains(got, "kind compare") || ansi.StringWidth(got) > 76 {
		t.Errorf("at 76 columns: %q", got)
	}
	m.SetWidth(200)
	m, _ = press(t, m, "tab", "down", "down", "down", "down", "down", "tab", "tab", "down", "down", "down", "down", "down", "down")
	if got := ansi.Strip(m.View()); !strings.Contains(got, "since ") || !strings.Contains(got, "family videoc3.1") || !strings.Contains(got, "status interrupted") {
		t.Errorf("at 200 columns: %q", got)
	}
}

// An empty field too narrow for what it means shows its first word, never
// a word cut short.
func TestFitAny(t *testing.T) {
	for _, tc := range []struct {
		any  string
		w    int
		want string
	}{
		{"any time", 8, "any time"},
		{"any time", 7, "any"},
		{"any time", 4, "any"},
		{"all", 4, "all"},
		{"anyone", 4, "anyo"},
	} {
		if got := fitAny(tc.any, tc.w); got != tc.want {
			t.Errorf("fitAny(%q, %d) = %q, want %q", tc.any, tc.w, got, tc.want)
		}
	}
}
