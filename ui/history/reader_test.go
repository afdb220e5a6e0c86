package history

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/homepath"
	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// opened opens the row holding text and returns the screen.
func (hs *harness) opened(text string) string {
	hs.t.Helper()
	hs.to(text).Keys("enter")
	if !hs.m.reader.open || hs.m.reader.it == nil {
		hs.t.Fatalf("%q did not open:\n%s", text, hs.view())
	}
	return hs.view()
}

func wantAll(t *testing.T, view string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(view, w) {
			t.Errorf("no %q in\n%s", w, view)
		}
	}
}

func TestOpenChat(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 100, 30)
	view := hs.opened("haiku")
	wantAll(t, view, "‹ chat · write a haiku about tea", "▸ You · 2026-11-20 09:00", "▾ alpha · model-x",
		"0.4 s to first token · 3.1 s · 12 in · 212 out tokens · 79 tok/s · end_turn",
		"▸ thinking · 7 words", "Steam curls from the cup —", "a leaf unfolds its summer", "in the winter light.")
	if strings.Contains(view, "**") || strings.Contains(view, "The person wants") {
		t.Errorf("markdown not rendered, or thinking not folded:\n%s", view)
	}
	view = hs.Keys("t").view()
	wantAll(t, view, "▾ thinking", "The person wants a haiku about tea.")
	if hs.Keys("esc"); hs.m.reader.open || hs.m.mode() != listing {
		t.Fatal("esc did not go back to the list")
	}
}

func TestOpenStoppedReplyIsCleaned(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 100, 30)
	hs.opened("plan a trip")
	styled := hs.m.View()
	if strings.Contains(styled, "]52;") || strings.Contains(styled, "\x1b[2J") || strings.Contains(styled, "\x07") {
		t.Fatalf("control sequences reach the screen: %q", styled)
	}
	wantAll(t, hs.view(), "interrupted", "Day one: the lighthouse keepers' museum.")
}

func TestOpenCompare(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 120, 40)
	view := hs.opened("CRDT")
	wantAll(t, view, "lane 1 · alpha · model-x", "★★★★☆ · winner", "• replicas")
	sideBySide := func() bool {
		for _, l := range strings.Split(hs.view(), "\n") {
			if strings.Contains(l, "lane 1 ·") && strings.Contains(l, "lane 2 ·") && strings.Contains(l, "lane 3 ·") {
				return true
			}
		}
		return false
	}
	if !sideBySide() {
		t.Fatalf("lanes not side by side at 120 columns:\n%s", hs.view())
	}
	// The lanes line up: no tab (measured as one cell, drawn as up to
	// eight) in code.
	for _, l := range strings.Split(hs.view(), "\n") {
		if i := strings.Index(l, "│"); i >= 0 && (ansi.StringWidth(l[:i]) != hs.m.laneWidthFor(3)+1 || strings.Contains(l, "\t")) {
			t.Errorf("a lane is %d cells wide, want %d: %q", ansi.StringWidth(l[:i]), hs.m.laneWidthFor(3)+1, l)
		}
	}
	if hs.Keys("l"); sideBySide() || !strings.Contains(hs.view(), "▾ lane 2 · beta · model-y") {
		t.Fatalf("l did not stack the lanes:\n%s", hs.view())
	}
	hs.Keys("l")
	hs.m.SetSize(80, 30) // too narrow for three lanes of 28
	if sideBySide() {
		t.Fatalf("lanes side by side at 80 columns:\n%s", hs.view())
	}
}

func TestOpenImage(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 100, 40)
	view := hs.opened("watercolor")
	abs := homepath.Tilde(filepath.Join(f.db.Dir(), filepath.FromSlash(f.imageFile)))
	wantAll(t, view, "Image · gamma/image-2.5-flare", "generations · complete · 2026-11-20 10:00 · 4.2 s",
		"a lighthouse in fog, watercolor", "quality  high", "size     1024x1024", abs, "32×32", "▀")
	if strings.Contains(view, "decoding…") {
		t.Errorf("the picture was never decoded:\n%s", view)
	}

	hs.Keys("esc")
	view = hs.opened("red boat")
	wantAll(t, view, "edits · interrupted", "image ", abs, "mask ", "/media/", "in-")
}

func TestOpenVideo(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 110, 40)
	view := hs.opened("beam sweeps")
	abs := homepath.Tilde(filepath.Join(f.db.Dir(), filepath.FromSlash(f.videoFile)))
	wantAll(t, view, "Video · videob/o3/pro/text-to-video", "COMPLETED · rq-77a · submitted 2026-11-20 13:00 · took 2m3s",
		abs+" · 17 B", "duration        5", "generate_audio  false",
		"2026-11-20 13:00:00  IN_QUEUE", "2026-11-20 13:00:30  IN_QUEUE     position 2",
		"IN_PROGRESS  rendering frame 40/120", "2026-11-20 13:01:30  COMPLETED")

	hs.Keys("esc")
	view = hs.opened("storm")
	wantAll(t, view, "failed · rq-71f", "none: the task failed", "Failure", "content policy: refused")
}

func TestNativeJSON(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 100, 60)
	hs.opened("haiku")
	view := hs.Keys("J").view()
	wantAll(t, view, "native JSON", "Request · call 1 · alpha · /bypass/alpha/v1/messages · HTTP 200 · 2026-11-20 09:01 · 3.1 s",
		`"max_tokens": 256`, "Response · call 1", `"stop_reason": "end_turn"`, "Usage · call 1", `"output_tokens": 212`)
	if view = hs.Keys("J").view(); !strings.Contains(view, "Steam curls") {
		t.Fatalf("J did not go back to the item:\n%s", view)
	}

	hs.Keys("esc").to("beam sweeps").Keys("J") // J in the list opens on the JSON
	wantAll(t, hs.view(), `"request_id": "rq-77a"`, "Result · video task", "https://media.example.test/v.mp4")
}

// TestOpenAtTheMatch opens a long conversation from a search hit deep
// inside it: the view starts at the message that matched.
func TestOpenAtTheMatch(t *testing.T) {
	t.Parallel()
	db := tabtest.OpenStore(t, "")
	c := tabtest.Must[int64](t)(db.NewConversation(bg, store.KindChat, "long"))
	for i := range 30 { // some four screens above the match, two below
		text := fmt.Sprintf("turn %d: **nothing** much to say here, again and again.", i)
		if i == 22 {
			text = "the **zeppelin** is the word searched for"
		}
		tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: c, Turn: i, Role: store.RoleUser, Text: "go on"}))
		tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: c, Turn: i, Role: store.RoleAssistant, Family: "alpha",
			Model: "model-x", Text: text}))
	}
	hs := newHarness(t, db, 100, 24)
	hs.Keys("/").Type("zeppel").Keys("enter", "enter")
	view := hs.view()
	lines := strings.Split(view, "\n")
	if len(lines) < 5 || !strings.Contains(strings.Join(lines[:6], "\n"), "zeppelin is the word") {
		t.Fatalf("the match is not at the top:\n%s", view)
	}
	if strings.Contains(view, "**") {
		t.Errorf("replies in sight are not rendered:\n%s", view)
	}
	// Scrolling up renders the replies above, and keeps the view still.
	before := lines[1]
	hs.Keys("k")
	if got := strings.Split(hs.view(), "\n")[2]; got != before {
		t.Errorf("one line up: line 2 is %q, want %q", got, before)
	}
	hs.Keys("g")
	if strings.Contains(hs.view(), "**") {
		t.Errorf("the top is not rendered:\n%s", hs.view())
	}
	if len(hs.m.reader.page.missing(0, -1)) != 0 {
		t.Errorf("%d replies never rendered", len(hs.m.reader.page.missing(0, -1)))
	}
}

// TestResizeRendersAgain lays a reply out at the new width.
func TestResizeRendersAgain(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 100, 30)
	hs.opened("CRDT")
	hs.m.SetSize(60, 30)
	hs.Send(struct{}{}) // any message: the next update renders what is missing
	if n := len(hs.m.reader.page.missing(0, -1)); n != 0 {
		t.Fatalf("%d replies plain after a resize", n)
	}
	for _, l := range strings.Split(hs.view(), "\n") {
		if w := len([]rune(l)); w > 60 {
			t.Errorf("line of %d cells: %q", w, l)
		}
	}
}

// TestStaleOpeningIsDropped: an item closed before it was read does not
// come back over the next one.
func TestStaleOpeningIsDropped(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 100, 30)
	hs.to("haiku")
	m, first := hs.m.Update(tabtest.Press("enter"))
	m, _ = m.Update(tabtest.Press("esc"))
	hs.m = m
	hs.to("CRDT").Keys("enter")
	hs.Send(hs.Results(first)...)
	if got := hs.m.reader.row.ref.Kind; got != store.KindCompare || hs.m.reader.it.conv.Kind != store.KindCompare {
		t.Fatalf("the comparison was replaced by %s", got)
	}
}

// laneWidthFor is the width of each of n lanes side by side on the tab.
func (m Model) laneWidthFor(n int) int { return (&layoutCtx{width: m.width}).laneWidth(n) }

// TestCompareMatchOpensAtItsPrompt: a search matching a comparison's
// last lane opens it at the prompt, the lanes from the first, not down at
// that lane (issue 19, bug 7: the lane view opened at "89%").
func TestCompareMatchOpensAtItsPrompt(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 80, 24)
	hs.Keys("/").Type("model-z").Keys("enter", "enter") // said in lane 3's reply only
	if !hs.m.reader.open || hs.m.reader.it == nil {
		t.Fatalf("nothing opened:\n%s", hs.view())
	}
	view := hs.view()
	if !strings.Contains(view, "explain CRDTs to a new engineer") || !strings.Contains(view, "▸ You") {
		t.Fatalf("the comparison did not open at its prompt:\n%s", view)
	}
	at := hs.m.reader.at.Offset()
	hs.Keys("j")
	if hs.m.reader.at.Offset() != at+1 {
		t.Errorf("a line down went from offset %d to %d", at, hs.m.reader.at.Offset())
	}
}

// TestVideoLogsAndFailuresAreText: a video task's log lines and its
// failure read as text, not JSON or quoted (issue 19).
func TestVideoLogsAndFailuresAreText(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 120, 40)
	view := hs.opened("beam sweeps")
	if !strings.Contains(view, "IN_PROGRESS  rendering frame 40/120") || strings.Contains(view, "“rendering") {
		t.Errorf("the log is not plain text:\n%s", view)
	}
	hs.Keys("esc")
	view = hs.opened("storm over the sea")
	if !strings.Contains(view, "content policy: refused") || strings.Contains(view, `{"detail"`) {
		t.Errorf("the failure is not text:\n%s", view)
	}
}

// TestOpenItemFooterKeys: the footer of an open item offers the keys that
// act on its kind: no "t thinking" on a video, the file and the way to the
// Video tab on an image.
func TestOpenItemFooterKeys(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 110, 40)
	for _, c := range []struct {
		row       string
		want, not []string
	}{
		{"haiku", []string{"esc", "t", "x"}, []string{"o", "l", "V"}},
		{"CRDT", []string{"esc", "l", "t"}, []string{"o", "V"}},
		{"watercolor", []string{"esc", "o", "V", "s"}, []string{"t", "l"}},
		{"beam sweeps", []string{"esc", "o", "x"}, []string{"t", "l", "V"}},
	} {
		hs.opened(c.row)
		var got []string
		for _, b := range hs.m.KeyMap().ShortHelp() {
			got = append(got, b.Help().Key)
		}
		for _, k := range c.want {
			if !slices.Contains(got, k) {
				t.Errorf("%s: no %q in the footer's keys %q", c.row, k, got)
			}
		}
		for _, k := range c.not {
			if slices.Contains(got, k) {
				t.Errorf("%s: %q in the footer's keys %q, though it does nothing here", c.row, k, got)
			}
		}
		hs.Keys("esc")
	}
}
