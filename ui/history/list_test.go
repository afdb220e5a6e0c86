package history

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func TestListShowsEveryKindNewestFirst(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 120, 30)
	var got []store.ItemRef
	for _, r := range hs.m.browse.list.rows() {
		got = append(got, r.ref)
	}
	want := slices.Clone(f.order)
	slices.Reverse(want)
	if !slices.Equal(got, want) {
		t.Fatalf("rows %v, want %v", got, want)
	}
	view := hs.view()
	for _, w := range []string{
		"chat    ✓ 2026-11-20 09:01  alpha model-x",      // a conversation's status: its last turn's worst reply's
		"compare ✓ 2026-11-20 11:03  alpha, beta, gamma", // every lane's family, not one lane's target (issue 19)
		"image   ✓ 2026-11-20 10:00  gamma/image-2.5-flare",
		"image   ◌ 2026-11-20 12:00",
		"video   ✓ 2026-11-20 13:00  videob/o3/pro/text-to-video",
		"video   ✗ 2026-11-20 14:00  videoa/q3/turbo/text-to-video",
		"▸ chat    ◌ 2026-11-20 15:01  beta model-y", // stopped: interrupted
	} {
		if !strings.Contains(view, w) {
			t.Errorf("no %q in\n%s", w, view)
		}
	}
}

func TestListPagesAsTheCursorNearsTheEnd(t *testing.T) {
	t.Parallel()
	const n = 2*pageSize + 30
	db := numberedChats(t, n)
	hs := newHarness(t, db, 80, 24)
	if len(hs.m.browse.list.rows()) != pageSize || !hs.m.browse.list.more {
		t.Fatalf("first page: %d rows, more %v", len(hs.m.browse.list.rows()), hs.m.browse.list.more)
	}
	hs.Keys("G") // the end of the first page: the second comes
	if len(hs.m.browse.list.rows()) != 2*pageSize {
		t.Fatalf("after G: %d rows", len(hs.m.browse.list.rows()))
	}
	hs.Keys("G")
	if len(hs.m.browse.list.rows()) != n || hs.m.browse.list.more {
		t.Fatalf("after G: %d rows, more %v", len(hs.m.browse.list.rows()), hs.m.browse.list.more)
	}
	seen := map[int64]bool{}
	for i, r := range hs.m.browse.list.rows() {
		if seen[r.ref.ID] {
			t.Fatalf("row %d: %v twice", i, r.ref)
		}
		seen[r.ref.ID] = true
		if want := fmt.Sprintf("prompt %03d", n-1-i); r.title != want {
			t.Fatalf("row %d: %q, want %q", i, r.title, want)
		}
	}
	if hs.Keys("G"); !strings.Contains(hs.view(), "▸ chat") || !strings.Contains(hs.view(), "prompt 000") {
		t.Errorf("the cursor's row is not in sight:\n%s", hs.view())
	}
}

// TestFilters: the filter form (the Arena's too) chooses each filter with
// ↑/↓ or takes it typed, tab moving between them, and enter applies them;
// since takes what the Arena's and the command line's since take.
func TestFilters(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 120, 30)
	hs.Keys("f")
	if hs.m.mode() != filtering || !strings.Contains(hs.view(), "kind all") || !strings.Contains(hs.view(), "enter applies") {
		t.Fatalf("no filter form:\n%s", hs.view())
	}
	hs.Keys("down", "down", "down", "enter") // kind: image
	if got := hs.titles(); !slices.Equal(got, []string{"add a red boat", "a lighthouse in fog, watercolor"}) {
		t.Fatalf("kind image: %q", got)
	}
	hs.Keys("f", "ctrl+u", "tab", "down", "down", "enter") // kind all; family: beta
	if got := hs.titles(); !slices.Equal(got, []string{"plan a trip to the lighthouse", "explain CRDTs to a new engineer"}) {
		t.Fatalf("family beta: %q", got)
	}
	hs.Keys("f", "tab", "ctrl+u", "tab", "tab").Type("failed").Keys("enter") // family all; status: failed, typed
	if got := hs.titles(); !slices.Equal(got, []string{"a storm over the sea"}) {
		t.Fatalf("status failed: %q\n%s", got, hs.view())
	}
	// The one vocabulary (issue 30): "interrupted" is a stopped chat and a
	// stopped image job alike, as the command line's --status says.
	hs.Keys("f", "tab", "tab", "tab", "ctrl+u").Type("interrupted").Keys("enter")
	if got := hs.titles(); !slices.Equal(got, []string{"plan a trip to the lighthouse", "add a red boat"}) {
		t.Fatalf("status interrupted: %q\n%s", got, hs.view())
	}
	hs.Keys("f", "tab", "tab", "tab", "ctrl+u", "tab", "down", "enter") // status all; since 24h: the clock is two days on
	if len(hs.m.browse.list.rows()) != 0 || !strings.Contains(hs.view(), "Nothing matches these filters.") {
		t.Fatalf("since 24h:\n%s", hs.view())
	}
	hs.Keys("f", "shift+tab", "ctrl+u").Type("720h").Keys("enter") // 30 days, as the Arena writes it
	if len(hs.m.browse.list.rows()) != len(f.order) {
		t.Fatalf("since 720h: %d rows", len(hs.m.browse.list.rows()))
	}
	hs.Keys("f", "shift+tab", "ctrl+u").Type("last week").Keys("enter")
	if hs.m.mode() != filtering || !strings.Contains(hs.view(), `✗ since "last week": want a date like 2026-11-01`) {
		t.Fatalf("a bad since is not refused by name:\n%s", hs.view())
	}
	hs.Keys("esc")
	if hs.m.browse.filters.values[sinceFilter] != "720h" {
		t.Fatalf("a refused since changed the filters: %q", hs.m.browse.filters.values)
	}
	hs.Keys("f", "tab", "tab", "down", "enter") // model: the first model seen
	if hs.m.browse.filters.values[modelFilter] == "" {
		t.Fatalf("no model chosen")
	}
	for _, r := range hs.m.browse.list.rows() {
		if r.model != hs.m.browse.filters.values[modelFilter] {
			t.Fatalf("model %q listed under filter %q", r.model, hs.m.browse.filters.values[modelFilter])
		}
	}
	if hs.m.mode() != listing || !strings.Contains(hs.view(), "model: "+hs.m.browse.filters.values[modelFilter]) {
		t.Fatalf("filters closed:\n%s", hs.view())
	}
}

func TestSearchAsYouType(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 120, 30)
	hs.Keys("/")
	if !hs.m.Focused() {
		t.Fatal("the search field does not have the keyboard")
	}
	hs.Type("lightho")
	var kinds []store.Kind
	for _, r := range hs.m.browse.list.rows() {
		kinds = append(kinds, r.ref.Kind)
		if !r.snippet || !strings.Contains(r.title, store.HighlightStart+"lighthouse"+store.HighlightEnd) {
			t.Errorf("row %v: snippet %q", r.ref, r.title)
		}
	}
	// The stopped chat matches twice (prompt and reply): it shows once.
	if !slices.Equal(kinds, []store.Kind{store.KindChat, store.KindVideo, store.KindImage}) {
		t.Fatalf("kinds %v\n%s", kinds, hs.view())
	}
	styled := hs.m.View()
	if !strings.Contains(styled, hs.m.st.Match.Render("lighthouse")) {
		t.Errorf("matches are not styled:\n%q", styled)
	}
	if strings.ContainsAny(styled, store.HighlightStart+store.HighlightEnd+"\x07") || strings.Contains(styled, "]52;") {
		t.Errorf("markers or control sequences reach the screen:\n%q", styled)
	}
	hs.Keys("enter") // to the list: letters are keys again
	if hs.m.Focused() || hs.m.browse.query != "lightho" {
		t.Fatalf("focused %v, query %q", hs.m.Focused(), hs.m.browse.query)
	}
	hs.Keys("esc") // clears the search
	if hs.m.browse.query != "" || len(hs.m.browse.list.rows()) != len(f.order) {
		t.Fatalf("after esc: query %q, %d rows", hs.m.browse.query, len(hs.m.browse.list.rows()))
	}
}

// TestStaleSearchesAreDropped answers two keystrokes in the wrong order:
// the slower, older answer must not replace the newer one.
func TestStaleSearchesAreDropped(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 120, 30)
	hs.Keys("/")
	m, cmdL := hs.m.Update(tabtest.Press("w"))
	m, cmdI := m.Update(tabtest.Press("a"))
	hs.m = m
	newer := hs.Results(cmdI)
	older := hs.Results(cmdL)
	hs.Send(newer...)
	hs.Send(older...)
	if got := hs.titles(); !slices.Equal(got, []string{"a lighthouse in fog, watercolor"}) {
		t.Fatalf("rows %q: the answer for \"w\" replaced the one for \"wa\"", got)
	}
}

func TestSearchKeepsToTheFilters(t *testing.T) {
	t.Parallel()
	_, hs := openFixture(t, 120, 30)
	hs.Keys("f", "down", "down", "down", "down", "enter") // kind: video
	hs.Keys("/").Type("lighthouse")
	if got := hs.titles(); len(got) != 1 || !strings.Contains(got[0], "beam sweeps") {
		t.Fatalf("video only: %q", got)
	}
	hs.Keys("esc", "f", "ctrl+u", "tab", "down", "enter") // kind all, family alpha
	hs.Keys("/").Type("tea")
	for _, r := range hs.m.browse.list.rows() {
		if r.family != "alpha" {
			t.Errorf("family %q under the alpha filter", r.family)
		}
	}
	if len(hs.m.browse.list.rows()) != 1 {
		t.Errorf("%d rows for tea in alpha", len(hs.m.browse.list.rows()))
	}
	hs.Send(tabtest.Press("esc"))
	hs.Type("/").Type("zzzz")
	if !strings.Contains(hs.view(), "No match for “zzzz”.") {
		t.Errorf("no empty state:\n%s", hs.view())
	}
}

func TestShownReloads(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 120, 30)
	c := tabtest.Must[int64](t)(f.db.NewConversation(bg, store.KindChat, ""))
	tabtest.Must[int64](t)(f.db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser, Text: "made in another tab"}))
	hs.Send(tab.ShownMsg{})
	if got := hs.titles(); got[0] != "made in another tab" {
		t.Fatalf("first row %q after the tab was shown again", got[0])
	}
}

func TestWithoutAStore(t *testing.T) {
	t.Parallel()
	hs := newHarness(t, nil, 80, 24)
	if !strings.Contains(hs.view(), "no data folder") {
		t.Fatalf("no explanation:\n%s", hs.view())
	}
	hs.Keys("enter", "x", "d", "r", "J", "/", "a", "esc", "f", "j", "enter")
	if len(hs.Errors()) != 0 {
		t.Errorf("errors: %v", hs.Errors())
	}
}

func TestHighlight(t *testing.T) {
	t.Parallel()
	st := newStyles(true)
	got := highlight("…the \x02lighthouse\x03 \x1b[31mkeeper\nand\x02 fog\x03…", st)
	want := st.Title.Render("…the ") + st.Match.Render("lighthouse") + st.Title.Render(" keeper and") +
		st.Match.Render(" fog") + st.Title.Render("…")
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestSearchable(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"t", ""}, {"th", "th"}, {"the r", "the "}, {"the ri", "the ri"}, {"the ", "the "},
		{"é", ""}, {`"t`, `"t`}, {"a b c", "a b "}, {" ", ""}, {"", ""}, {"x 7", "x "},
	} {
		if got := searchable(c.in); got != c.want {
			t.Errorf("searchable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestSweepIsNamedByItsModel: a comparison of one model run several ways
// is named by that model and the count (issue 19).
func TestSweepIsNamedByItsModel(t *testing.T) {
	t.Parallel()
	ls := []store.Lane{{Turn: 0, Family: "alpha", Model: "m"}, {Turn: 1, Family: "beta", Model: "x"},
		{Turn: 1, Family: "beta", Model: "x", Lane: 1}, {Turn: 1, Family: "beta", Model: "x", Lane: 2}}
	if got := lanesLabel(ls); got != "beta x ×3" {
		t.Errorf("label %q", got)
	}
}

// TestListKeepsAWindow pages through more items than the list keeps, down
// to the end and back up to the top: the list never holds more than its
// window, and the cursor walks every item once each way, in order.
func TestListKeepsAWindow(t *testing.T) {
	t.Parallel()
	const n = 2*windowPages*pageSize + 37
	db := numberedChats(t, n)
	hs := newHarness(t, db, 80, 24)
	title := func() string {
		r, ok := hs.m.browse.list.selected()
		if !ok {
			t.Fatal("no row selected")
		}
		return r.title
	}
	// The cursor's row on the screen: pages read and dropped at either end
	// never make the rows in sight jump.
	h := hs.m.browse.height(hs.m.env())
	screenRow := func() int {
		for i, l := range strings.Split(hs.view(), "\n")[1:] {
			if strings.HasPrefix(l, "▸") {
				return i
			}
		}
		return -1
	}
	for i := range n {
		if want := fmt.Sprintf("prompt %03d", n-1-i); title() != want {
			t.Fatalf("going down, row %d is %q, want %q (%d rows kept)", i, title(), want, len(hs.m.browse.list.rows()))
		}
		if got := screenRow(); got != min(i, h-1) {
			t.Fatalf("going down, row %d is on the screen's row %d, want %d", i, got, min(i, h-1))
		}
		if len(hs.m.browse.list.rows()) > windowPages*pageSize {
			t.Fatalf("%d rows kept", len(hs.m.browse.list.rows()))
		}
		hs.Keys("j")
	}
	if !hs.m.browse.list.above || hs.m.browse.list.more {
		t.Fatalf("at the end: above %v, more %v", hs.m.browse.list.above, hs.m.browse.list.more)
	}
	for i := range n {
		if want := fmt.Sprintf("prompt %03d", i); title() != want {
			t.Fatalf("going up, row %d is %q, want %q", i, title(), want)
		}
		if got := screenRow(); got != max(h-1-i, 0) {
			t.Fatalf("going up, row %d is on the screen's row %d, want %d", i, got, max(h-1-i, 0))
		}
		if len(hs.m.browse.list.rows()) > windowPages*pageSize {
			t.Fatalf("%d rows kept", len(hs.m.browse.list.rows()))
		}
		hs.Keys("k")
	}
	hs.Keys("G", "G", "G", "G", "g") // far down, then the top: read again
	if title() != fmt.Sprintf("prompt %03d", n-1) || hs.m.browse.list.above {
		t.Fatalf("after g: %q, above %v", title(), hs.m.browse.list.above)
	}
}

// TestSearchSnippetsAreText: a match in a markdown reply is listed as
// text, not as raw markdown ("## Notes on …"; issue 30, item 8).
func TestSearchSnippetsAreText(t *testing.T) {
	t.Parallel()
	db := storetest.Open(t, "")
	ctx := context.Background()
	id, err := db.NewConversation(ctx, store.KindChat, "kites")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleAssistant, Family: "alpha", Model: "m",
		Text: "## Notes on kites\n\n- **Box kites** fly in `light` wind"}); err != nil {
		t.Fatal(err)
	}
	hs := newHarness(t, db, 120, 30)
	hs.Keys("/").Type("kites")
	row := tabtest.Line(hs.view(), "Notes on")
	if row == "" || strings.ContainsAny(row, "#*`") || !strings.Contains(row, "Notes on kites Box kites fly in light wind") {
		t.Fatalf("the snippet is not text: %q\n%s", row, hs.view())
	}
}
