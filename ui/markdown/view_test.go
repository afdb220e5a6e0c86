package markdown

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/internal/frameclock"
)

// newTestModel returns a Model whose frame ticks come at once (no timer)
// and whose renders are counted in *renders.
func newTestModel(w, h int, renders *int) Model {
	m := New(WithSize(w, h))
	m.pace.Tick = func(_ time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		return func() tea.Msg { return fn(time.Time{}) }
	}
	m.r.newRender = func(w int, st Styles) renderFunc {
		inner := newGlamour(w, st.Markdown)
		return func(src []byte) (rendering, error) {
			*renders++
			return inner(src)
		}
	}
	m.r.newFlat = countingFlat(func([]byte) { *renders++ })
	return m
}

// run feeds the message of cmd back into m, as Bubble Tea would.
func deliver(m Model, cmd tea.Cmd) Model {
	if cmd != nil {
		m, _ = m.Update(cmd())
	}
	return m
}

func press(code rune, text string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: code, Text: text}
}

func viewText(m Model) string { return strings.Join(plain(strings.Split(m.View(), "\n")), "\n") }

// TestFrameCoalescing: many pieces between two ticks cost one render, and
// nothing is rendered or drawn before the tick.
func TestFrameCoalescing(t *testing.T) {
	var renders int
	m := newTestModel(40, 5, &renders)
	first := m.Append("Hello")
	if first == nil {
		t.Fatal("the first Append armed no frame")
	}
	for _, p := range []string{",", " streaming", " world."} {
		if cmd := m.Append(p); cmd != nil {
			t.Fatal("an Append while a frame is on its way armed another")
		}
	}
	if renders != 0 || strings.TrimSpace(viewText(m)) != "" {
		t.Fatalf("before the tick: %d renders, view %q", renders, viewText(m))
	}
	m = deliver(m, first)
	if renders != 1 {
		t.Fatalf("one frame rendered %d times", renders)
	}
	if !strings.Contains(viewText(m), "Hello, streaming world.") {
		t.Fatalf("view after the frame:\n%s", viewText(m))
	}
	if m.Append(" More.") == nil {
		t.Fatal("after the frame, Append armed no new one")
	}
}

// TestStaleFrames: a tick that was overtaken, repeated, or sent for another
// Model does nothing.
func TestStaleFrames(t *testing.T) {
	var renders int
	m := newTestModel(40, 5, &renders)
	cmd := m.Append("one")
	msg := cmd()
	m, _ = m.Update(msg)
	if renders != 1 {
		t.Fatalf("%d renders after the first frame", renders)
	}

	m.Append(" two") // arms frame 2
	m, _ = m.Update(msg)
	if renders != 1 || strings.Contains(viewText(m), "two") {
		t.Fatal("the old tick (frame 1) rendered frame 2's text")
	}

	var other int
	o := newTestModel(40, 5, &other)
	o.Append("x")
	m, _ = m.Update(frameMsg{id: o.r, seq: m.seq})
	if renders != 1 {
		t.Fatal("another Model's tick rendered this one")
	}

	m, _ = m.Update(frameMsg{id: m.r, seq: m.seq})
	if renders != 2 || !strings.Contains(viewText(m), "one two") {
		t.Fatalf("the current tick did not render: %d renders", renders)
	}
	m, _ = m.Update(frameMsg{id: m.r, seq: m.seq})
	if renders != 2 {
		t.Fatal("the same tick twice rendered twice")
	}
}

// paragraphs returns n short paragraphs, numbered.
func paragraphs(from, n int) string {
	var b strings.Builder
	for i := from; i < from+n; i++ {
		fmt.Fprintf(&b, "Paragraph %d.\n\n", i)
	}
	return b.String()
}

// TestFollowAndScrolledUp: at the bottom the view follows new text; scrolled
// up it stays put and MoreBelow says there is more.
func TestFollowAndScrolledUp(t *testing.T) {
	var renders int
	m := newTestModel(40, 6, &renders)
	m = deliver(m, m.Append(paragraphs(1, 10)))
	if !strings.Contains(viewText(m), "Paragraph 10.") || m.MoreBelow() {
		t.Fatalf("following: view\n%s\nMoreBelow %v", viewText(m), m.MoreBelow())
	}

	m, _ = m.Update(press(tea.KeyUp, ""))
	m, _ = m.Update(press('k', "k"))
	before := viewText(m)
	if !m.MoreBelow() {
		t.Fatal("scrolled up, MoreBelow is false")
	}
	m = deliver(m, m.Append(paragraphs(11, 5)))
	if viewText(m) != before {
		t.Fatalf("scrolled up, new text moved the view:\n%s\nwas\n%s", viewText(m), before)
	}
	if !m.MoreBelow() {
		t.Fatal("new text below, MoreBelow is false")
	}

	m, _ = m.Update(press(tea.KeyEnd, ""))
	if m.MoreBelow() || !strings.Contains(viewText(m), "Paragraph 15.") {
		t.Fatalf("after End:\n%s", viewText(m))
	}
	m = deliver(m, m.Append(paragraphs(16, 1)))
	if !strings.Contains(viewText(m), "Paragraph 16.") {
		t.Fatalf("back at the bottom, the view does not follow:\n%s", viewText(m))
	}
}

func TestScrollKeysAndWheel(t *testing.T) {
	var renders int
	m := newTestModel(40, 4, &renders)
	m = deliver(m, m.Append(paragraphs(1, 20))) // 39 lines
	top := func() string { return strings.TrimSpace(strings.SplitN(viewText(m), "\n", 2)[0]) }
	steps := []struct {
		msg  tea.Msg
		want string // the first visible line
	}{
		{press(tea.KeyHome, ""), "Paragraph 1."},
		{press(tea.KeyDown, ""), ""},
		{press('j', "j"), "Paragraph 2."},
		{press(tea.KeyPgDown, ""), "Paragraph 4."},
		{press(tea.KeyPgUp, ""), "Paragraph 2."},
		{tea.MouseWheelMsg{Button: tea.MouseWheelDown}, ""},
		{tea.MouseWheelMsg{Button: tea.MouseWheelUp}, "Paragraph 2."},
		{press('g', "g"), "Paragraph 1."},
		{press(tea.KeyUp, ""), "Paragraph 1."},
		{press('G', "G"), ""}, // lines 35-38: "", 19, "", 20
		{press(tea.KeyDown, ""), ""},
	}
	for i, s := range steps {
		m, _ = m.Update(s.msg)
		if got := top(); got != s.want {
			t.Fatalf("step %d (%v): top line %q, want %q", i, s.msg, got, s.want)
		}
	}
	if !strings.HasSuffix(strings.TrimSpace(viewText(m)), "Paragraph 20.") || m.MoreBelow() {
		t.Fatalf("at the end:\n%s", viewText(m))
	}
}

func TestSetSize(t *testing.T) {
	var renders int
	m := newTestModel(0, 0, &renders)
	if cmd := m.Append("Some text that is long enough to wrap at a narrow width."); cmd != nil {
		m = deliver(m, cmd)
	}
	if renders != 0 || m.View() != "" {
		t.Fatalf("with no size: %d renders, view %q", renders, m.View())
	}
	m = deliver(m, m.SetSize(30, 3))
	if renders != 1 || !strings.Contains(viewText(m), "Some text") {
		t.Fatalf("after SetSize: %d renders, view:\n%s", renders, viewText(m))
	}
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 3 || ansi.StringWidth(lines[0]) != 30 {
		t.Fatalf("view is %d lines of %d columns, want 3 of 30", len(lines), ansi.StringWidth(lines[0]))
	}
	if cmd := m.SetSize(30, 5); cmd != nil || len(strings.Split(m.View(), "\n")) != 5 {
		t.Fatal("a new height needs no frame and shows at once")
	}
	cmd := m.SetSize(60, 5)
	if cmd == nil || renders != 1 {
		t.Fatal("a new width must render, on the next frame")
	}
	m = deliver(m, cmd)
	if renders != 2 || !strings.Contains(viewText(m), "Some text that is long enough to wrap at a narrow width.") {
		t.Fatalf("after the frame at 60: %d renders, view:\n%s", renders, viewText(m))
	}
}

func TestModelDelegates(t *testing.T) {
	var renders int
	m := newTestModel(40, 5, &renders)
	m.Append("```sh\necho hi\n```\n")
	if m.Text() != "```sh\necho hi\n```\n" {
		t.Fatalf("Text %q", m.Text())
	}
	if cb := m.CodeBlocks(); len(cb) != 1 || cb[0] != (CodeBlock{Lang: "sh", Code: "echo hi\n"}) {
		t.Fatalf("CodeBlocks %+v", cb)
	}
	k := m.KeyMap()
	if len(k.ShortHelp()) == 0 || len(k.FullHelp()) == 0 || k.End.Help().Desc == "" {
		t.Fatal("the key map gives no help")
	}
}

func TestSetStylesRedraws(t *testing.T) {
	var renders int
	m := newTestModel(40, 3, &renders)
	m = deliver(m, m.Append("Some *text*."))
	dark := m.View()
	m = deliver(m, m.SetStyles(DefaultStyles(false)))
	if m.View() == dark || viewText(m) != strings.Join(plain(strings.Split(dark, "\n")), "\n") {
		t.Fatal("new styles: same bytes, or different text")
	}
}

func TestLineWidth(t *testing.T) {
	for _, s := range []string{"", "plain", "\x1b[38;5;252mab\x1b[m c", "  \x1b[1;4mx\x1b[m", "café \x1b[31m日本\x1b[m", "•\x1b[m a", "a\x1b]8;;x\x07b", "\x1b7c"} {
		if got, want := LineWidth(s), ansi.StringWidth(s); got != want {
			t.Errorf("LineWidth(%q) = %d, want %d", s, got, want)
		}
	}
}

// TestLineWidthNarrowRunes checks every character LineWidth counts itself
// against ansi.StringWidth: alone, doubled, between ASCII, before a
// combining mark (which LineWidth leaves to ansi.StringWidth) and in SGR.
func TestLineWidthNarrowRunes(t *testing.T) {
	n := 0
	for r := rune(0x80); r < 0x3000; r++ {
		if !narrowRune(r) {
			continue
		}
		n++
		c := string(r)
		for _, s := range []string{c, c + c, "a" + c + "b", "\x1b[1m" + c + "\x1b[m x", c + "\u0301", "日" + c} {
			if got, want := LineWidth(s), ansi.StringWidth(s); got != want {
				t.Errorf("LineWidth(%q) = %d, want %d", s, got, want)
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d narrow runes", n)
	}
}

// TestFramesLandOnTheClock: with the renderer's clock set, a frame waits
// for its next tick; without, an Interval.
func TestFramesLandOnTheClock(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	var waits []time.Duration
	m := New(WithSize(40, 5))
	m.pace.Now = func() time.Time { return now }
	m.pace.Tick = func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
		waits = append(waits, d)
		return func() tea.Msg { return fn(now.Add(d)) }
	}
	m = deliver(m, m.Append("before the clock"))
	m.SetClock(frameclock.Sync(frameclock.SyncMsg{At: now.Add(-20 * time.Millisecond)}))
	m = deliver(m, m.Append(", after"))
	want := []time.Duration{frameclock.Interval, 30 * time.Millisecond}
	if !slices.Equal(waits, want) {
		t.Fatalf("the frames waited %v, want %v", waits, want)
	}
	if got := viewText(m); !strings.Contains(got, "before the clock, after") {
		t.Fatalf("view %q", got)
	}
}
