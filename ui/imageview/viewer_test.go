package imageview

import (
	"context"
	"fmt"
	"image"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi/kitty"

	"atelier/ui/tab/tabtest"
)

func TestPreviewCaches(t *testing.T) {
	var p Preview
	img := testPattern(64, 64)
	a := p.View("a", img, 20, 10)
	if a != HalfBlock(img, 20, 10) {
		t.Fatal("first view differs from HalfBlock")
	}
	// The cache answers by id and size, not by pixels.
	if got := p.View("a", testPattern(8, 8), 20, 10); got != a {
		t.Error("cached view not reused")
	}
	if got := p.View("a", img, 10, 5); got == a {
		t.Error("another size reused the cached view")
	}
	p.Forget("a")
	if got := p.View("a", testPattern(8, 8), 20, 10); got == a {
		t.Error("Forget kept the old rendering")
	}
}

func TestPreviewEvictsOldest(t *testing.T) {
	p := Preview{Max: 2}
	img := testPattern(4, 4)
	p.View("a", img, 2, 1)
	p.View("b", img, 2, 1)
	p.View("c", img, 2, 1)
	if _, ok := p.entries[previewKey{"a", 2, 1, 0, 0, trueColour}]; ok {
		t.Error("oldest entry kept")
	}
	if len(p.entries) != 2 || len(p.order) != 2 {
		t.Errorf("%d entries, %d in order", len(p.entries), len(p.order))
	}
}

// placeholderCaps is a kitty that has placeholders, as its XTVERSION reply
// shows.
func placeholderCaps(trueColor bool) Capabilities {
	c := DetectFromEnv(env("TERM", "xterm-kitty"))
	c.Update(tea.TerminalVersionMsg{Name: "kitty(0.41.1)"})
	c.TrueColor = trueColor
	return c
}

// tmuxCaps is kitty 0.41 inside tmux with passthrough on, the renderer in
// true colour or not.
func tmuxCaps(trueColor bool) Capabilities {
	c := placeholderCaps(trueColor)
	c.Tmux, c.Passthrough, c.kittyOK = true, true, true
	return c
}

// noWait is a Viewer.Tick that does not wait.
func noWait(_ time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return f(time.Time{}) }
}

// drain runs cmd and the commands of any batch it returns.
var drain = tabtest.Drain

// raws are the bytes of the raw messages among msgs.
func raws(msgs []tea.Msg) []string {
	var out []string
	for _, m := range msgs {
		if r, ok := m.(tea.RawMsg); ok {
			out = append(out, fmt.Sprint(r.Msg))
		}
	}
	return out
}

// cellRune is the placeholder cell for row, col.
func cellRune(row, col int) string {
	return string([]rune{kittyPlaceholderRune, kitty.Diacritic(row), kitty.Diacritic(col)})
}

func TestViewerKitty(t *testing.T) {
	v := NewViewer(placeholderCaps(true), 0)
	v.Tick = noWait
	img := testPattern(200, 100)
	// Before Prepare, the half-block preview stands in.
	if got := v.View("k", img, 20, 10); got != HalfBlock(img, 20, 10) {
		t.Error("unprepared image not shown as half blocks")
	}
	cmd := v.Prepare("k", img, 20, 10)
	if cmd == nil {
		t.Fatal("no transmission")
	}
	raw, ok := cmd().(tea.RawMsg)
	if !ok {
		t.Fatalf("transmission is %T", cmd())
	}
	_, placed := transmission(t, fmt.Sprint(raw.Msg))
	keys := placed.keys
	// 200×100 pixels in 20×10 cells of 1:2: 20 columns by 5 rows.
	if keys["a"] != "p" || keys["c"] != "20" || keys["r"] != "5" || keys["i"] != "16" || keys["p"] != "1" {
		t.Errorf("transmission keys %v", keys)
	}
	// Until the program has handed the transmission to the terminal, the
	// half blocks stay.
	if got := v.View("k", img, 20, 10); got != HalfBlock(img, 20, 10) {
		t.Error("placeholders drawn before the image was sent")
	}
	if v.Update(tea.RawMsg{Msg: "someone else's bytes"}) != nil || v.Update(tea.KeyPressMsg{}) != nil {
		t.Error("Update answered a message that is not a transmission")
	}
	if v.Update(raw) != nil {
		t.Fatal("Update answered the transmission with a command")
	}
	view := v.View("k", img, 20, 10)
	checkBox(t, "the view", view, 20, 10)
	if want := KittyPlaceholder(Placement{16, 1, 20, 5}); !strings.Contains(view, strings.Split(want, "\n")[0]) {
		t.Error("placeholder text missing")
	}
	if v.Prepare("k", img, 20, 10) != nil {
		t.Error("same size sent again")
	}
	// A resize moves the image to its other placement without sending the
	// pixels again; the old size shows until the new placement has gone out.
	place, ok := v.Prepare("k", img, 40, 30)().(tea.RawMsg)
	if !ok || fmt.Sprint(place.Msg) != (Kitty{}).Place(Placement{16, 2, 40, 10}) {
		t.Fatalf("resize sent %v", place.Msg)
	}
	if got := v.View("k", img, 40, 30); !strings.Contains(got, KittyPlaceholder(Placement{16, 1, 20, 5})[:40]) || strings.Contains(got, cellRune(0, 30)) {
		t.Error("new size drawn before its placement was sent")
	}
	v.Update(place)
	if got := v.View("k", img, 40, 30); !strings.Contains(got, cellRune(9, 39)) || !strings.Contains(got, ";58;5;2m") {
		t.Error("new size not drawn, naming its placement, after its placement was sent")
	}
	del := raws(drain(v.Forget("k")))
	if len(del) != 1 || del[0] != (Kitty{}).Delete(16) {
		t.Errorf("Forget sent %q", del)
	}
	if v.Forget("k") != nil {
		t.Error("second Forget sent something")
	}
}

// TestViewerResizeKeepsShownPlacement resizes again and again, delivering
// the commands in every order Bubble Tea might: no command ever changes the
// placement the text on screen shows (that is what tore images for a frame:
// the placement changed under the old text), at most one command per image
// is on its way, and the last size asked for is the one that ends up shown.
func TestViewerResizeKeepsShownPlacement(t *testing.T) {
	img := testPattern(300, 200)
	sizes := [][2]int{{40, 20}, {20, 10}, {30, 30}, {10, 4}, {60, 24}}
	for _, reversed := range []bool{false, true} {
		v := NewViewer(placeholderCaps(true), 0)
		v.Tick = noWait
		var inFlight []tea.Msg
		deliver := func() {
			if reversed {
				slices.Reverse(inFlight)
			}
			for len(inFlight) > 0 {
				msg := inFlight[0]
				inFlight = inFlight[1:]
				if r, ok := msg.(tea.RawMsg); ok {
					if s, ok := r.Msg.(kittySent); ok && v.kitty["k"].shown.ID == s.p.ID && v.kitty["k"].shown != s.p {
						t.Fatalf("placement %d changed under the text showing it: %+v → %+v", s.p.ID, v.kitty["k"].shown, s.p)
					}
				}
				inFlight = append(inFlight, drain(v.Update(msg))...)
			}
		}
		for _, s := range sizes {
			inFlight = append(inFlight, drain(v.Prepare("k", img, s[0], s[1]))...)
			if len(inFlight) > 1 {
				t.Fatalf("%d commands on their way for one image", len(inFlight))
			}
			if s == sizes[1] || s == sizes[len(sizes)-1] {
				deliver()
			}
		}
		deliver()
		last := sizes[len(sizes)-1]
		want, _ := FitCells(300, 200, last[0], last[1], 0, 0)
		if got := v.kitty["k"].shown; got.Cols != want {
			t.Errorf("shown %+v, want %d columns", got, want)
		}
	}
}

// TestViewerSucceed streams partial images: each shows the one before it
// until it is in the terminal (never the half-block preview in between),
// and the one before is deleted only after that, later.
func TestViewerSucceed(t *testing.T) {
	v := NewViewer(placeholderCaps(true), 0)
	var ticks []tea.Cmd
	v.Tick = func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		if d <= 0 {
			t.Error("a delete that does not wait for the frame")
		}
		c := func() tea.Msg { return f(time.Time{}) }
		ticks = append(ticks, c)
		return c
	}
	a, b := testPattern(80, 40), noise(80, 40, 9)
	v.Update(v.Prepare("p1", a, 20, 10)())
	first := v.View("p1", a, 20, 10)
	if v.Succeed("p1", "p2") != nil {
		t.Error("the first partial deleted while it is still shown")
	}
	tx := v.Prepare("p2", b, 20, 10)
	if got := v.View("p2", b, 20, 10); got != first {
		t.Errorf("the next partial's place shows %q, want the one before", got[:min(len(got), 40)])
	}
	del := v.Update(tx())
	if got := v.View("p2", b, 20, 10); got == first || !strings.Contains(got, "38;2;0;0;17") {
		t.Error("the next partial not shown once sent")
	}
	if len(ticks) != 1 {
		t.Fatalf("%d deferred deletes, want the one", len(ticks))
	}
	if got := raws(drain(del)); len(got) != 1 || got[0] != (Kitty{}).Delete(16) {
		t.Errorf("deleted %q, want image 16", got)
	}
}

// TestViewerForgetWhileSending checks that an image forgotten before its
// transmission went out is deleted after it, not before.
func TestViewerForgetWhileSending(t *testing.T) {
	v := NewViewer(placeholderCaps(true), 0)
	v.Tick = noWait
	img := testPattern(20, 20)
	tx := v.Prepare("p", img, 4, 2)()
	if v.Forget("p") != nil {
		t.Fatal("delete sent before the transmission")
	}
	cmd := v.Update(tx)
	if cmd == nil {
		t.Fatal("no delete after the transmission went out")
	}
	if got := fmt.Sprint(cmd().(tea.RawMsg).Msg); got != (Kitty{}).Delete(16) {
		t.Errorf("sent %q", got)
	}
	if v.Update(tx) != nil {
		t.Error("deleted twice")
	}
	if got := v.View("p", img, 4, 2); got != HalfBlock(img, 4, 2) {
		t.Error("forgotten image drawn as placeholders")
	}
}

func TestViewerIDs(t *testing.T) {
	v := NewViewer(placeholderCaps(false), 238)
	var ids []uint32
	for range 4 {
		ids = append(ids, v.nextID())
	}
	want := []uint32{254, 255, 1<<24 | 16, 1<<24 | 17}
	for i := range want {
		if ids[i] != want[i] {
			t.Errorf("id %d = %#x, want %#x", i, ids[i], want[i])
		}
	}
	img := testPattern(10, 10)
	v.Update(v.Prepare("x", img, 4, 2)())
	if view := v.View("x", img, 4, 2); !strings.Contains(view, "\x1b[38;5;") {
		t.Errorf("without true colour the id should be a palette index: %q", view)
	}
}

// TestViewerHalfBlockCellSize checks the preview follows the cell size the
// terminal reports, and the tty's when it reports none.
func TestViewerHalfBlockCellSize(t *testing.T) {
	img := testPattern(90, 90)
	c := DetectFromEnv(env())
	c.Update(uv.CellSizeEvent{Width: 9, Height: 20})
	v := NewViewer(c, 0)
	if got, want := v.View("a", img, 30, 10), HalfBlockCells(img, 30, 10, 9, 20); got != want {
		t.Error("reported cell size not used")
	}
	c = DetectFromEnv(env())
	c.Window = Window{Cols: 80, Rows: 24, PixelW: 720, PixelH: 528} // 9×22
	v = NewViewer(c, 0)
	if got, want := v.View("a", img, 30, 10), HalfBlockCells(img, 30, 10, 9, 22); got != want {
		t.Error("the tty's cell size not used")
	}
}

func TestViewerOffAndHalfBlock(t *testing.T) {
	img := testPattern(10, 10)
	off := NewViewer(DetectFromEnv(env("ATELIER_IMAGES", "off")), 0)
	if off.Prepare("a", img, 4, 2) != nil || off.View("a", img, 4, 2) != "" {
		t.Error("images off still shows something")
	}
	hb := NewViewer(DetectFromEnv(env()), 0)
	if hb.Prepare("a", img, 4, 2) != nil {
		t.Error("half blocks need no command")
	}
	if hb.View("a", img, 4, 2) != HalfBlock(img, 4, 2) {
		t.Error("half-block view differs")
	}
	if hb.Forget("a") != nil {
		t.Error("Forget of a half-block image sent something")
	}
}

// placeholderModel shows one kitty image through the real renderer.
type placeholderModel struct {
	v   *Viewer
	img image.Image
}

func (m placeholderModel) Init() tea.Cmd { return m.v.Prepare("img", m.img, 12, 4) }

func (m placeholderModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := m.v.Caps.Update(msg); ok {
		return m, cmd
	}
	return m, tea.Batch(m.v.Update(msg), kittyAnswers(msg))
}

// kittyAnswers is kitty's answer to a command handed to the terminal that
// asks for one (inside tmux), as the reply Bubble Tea then delivers.
func kittyAnswers(msg tea.Msg) tea.Cmd {
	r, ok := msg.(tea.RawMsg)
	if !ok {
		return nil
	}
	s, ok := r.Msg.(kittySent)
	if !ok || !s.ack {
		return nil
	}
	reply := uv.KittyGraphicsEvent{Options: kitty.Options{ID: int(s.p.Image), PlacementID: int(s.p.ID)}, Payload: []byte("OK")}
	return func() tea.Msg { return reply }
}

func (m placeholderModel) View() tea.View {
	return tea.NewView("atelier\n" + m.v.View("img", m.img, 12, 4))
}

// watchWriter collects a program's output and closes done once ok says
// the output so far is what the test waits for.
type watchWriter struct {
	syncBuffer
	ok   func(string) bool
	done chan struct{}
	once sync.Once
}

func (w *watchWriter) Write(p []byte) (int, error) {
	n, err := w.syncBuffer.Write(p)
	if w.ok(w.String()) {
		w.once.Do(func() { close(w.done) })
	}
	return n, err
}

// TestPlaceholdersSurviveRenderer runs a program and checks that what
// reaches the terminal holds the transmission, written as it is, and after
// it every placeholder cell with its diacritics and the id colour, in the
// colour profiles where each placeholder form is meant to work.
func TestPlaceholdersSurviveRenderer(t *testing.T) {
	// 40×40 pixels in 12×4 cells of 1:2 take 8×4 cells.
	// The placement, which follows the pixels (a=t).
	const head = "\x1b_Ga=p,U=1,q=2,i=16,p=1,c=8,r=4"
	// Inside tmux, wrapped, and answered.
	const tmuxHead = "\x1bPtmux;\x1b\x1b_Ga=p,U=1,i=16,p=1,c=8,r=4"
	tests := []struct {
		name    string
		profile colorprofile.Profile
		caps    Capabilities
		head    string
		colour  string
	}{
		{"true colour", colorprofile.TrueColor, placeholderCaps(true), head, "\x1b[38;2;0;0;16;58;5;1m"},
		{"256 colours", colorprofile.ANSI256, placeholderCaps(false), head, "\x1b[38;5;16;58;5;1m"},
		// Inside tmux: the image id a palette index, the placement a
		// 24-bit underline colour, which tmux passes on as it is.
		{"inside tmux", colorprofile.TrueColor, tmuxCaps(true), tmuxHead, "\x1b[38;5;16;58;2;0;0;1m"},
		// Where Bubble Tea settled for 256 colours, it is told true
		// colour (tmux takes it from any program), and renders it.
		{"inside tmux, from 256 colours", colorprofile.ANSI256, tmuxCaps(false), tmuxHead, "\x1b[38;5;16;58;2;0;0;1m"},
	}
	cell := func(row, col int) string {
		return cellRune(row, col)
	}
	after := func(out, head string) (string, bool) {
		tx := strings.Index(out, head)
		if tx < 0 || !strings.Contains(out[:tx], "_Ga=t,q=2,i=16,f=100,m=0;iVBORw0KGgo") {
			return "", false
		}
		rest := out[tx:]
		end := strings.Index(rest, "\x1b\\")
		if end < 0 {
			return "", false
		}
		return rest[end:], true
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := NewViewer(tt.caps, 0)
			out := &watchWriter{done: make(chan struct{}), ok: func(s string) bool {
				rest, ok := after(s, tt.head)
				return ok && strings.Contains(rest, cell(3, 7))
			}}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			in, w := io.Pipe()
			defer w.Close()
			p := tea.NewProgram(placeholderModel{v: v, img: testPattern(40, 40)},
				tea.WithInput(in), tea.WithOutput(out), tea.WithContext(ctx),
				tea.WithWindowSize(40, 10), tea.WithColorProfile(tt.profile), tea.WithoutSignalHandler())
			errc := make(chan error, 1)
			go func() { _, err := p.Run(); errc <- err }()
			select {
			case <-out.done:
				p.Quit()
			case <-ctx.Done():
			}
			<-errc
			rest, ok := after(out.String(), tt.head)
			if !ok {
				t.Fatalf("transmission not written whole: %q", out.String())
			}
			for r := range 4 {
				for c := range 8 {
					if !strings.Contains(rest, cell(r, c)) {
						t.Fatalf("cell (%d,%d) missing after the transmission: %q", r, c, rest)
					}
				}
			}
			if !strings.Contains(rest, tt.colour) {
				t.Errorf("id colour %q missing from %q", tt.colour, rest)
			}
		})
	}
}

// TestViewsInLipglossLayout puts a kitty view and a half-block view side by
// side in bordered boxes: the layout keeps its width on every line and the
// placeholder cells come through whole.
func TestViewsInLipglossLayout(t *testing.T) {
	img := testPattern(120, 80)
	kv := NewViewer(placeholderCaps(true), 0)
	kv.Update(kv.Prepare("a", img, 30, 12)())
	hb := NewViewer(DetectFromEnv(env()), 0)
	box := lipgloss.NewStyle().Border(lipgloss.NormalBorder())
	row := lipgloss.JoinHorizontal(lipgloss.Top,
		box.Render(kv.View("a", img, 30, 12)), box.Render(hb.View("b", img, 30, 12)))
	checkBox(t, "the two boxes side by side", row, 64, 14)
	// 120×80 pixels in 30×12 cells of 1:2: 30×24 pixel box, 30 wide by 10 tall.
	_, cells := parsePlaceholders(t, strings.Join(placeholderLines(row), "\n"))
	if len(cells) != 10 || len(cells[0]) != 30 || cells[9][29] != (placeholderCell{9, 29, 0}) {
		t.Errorf("placeholders damaged: %d rows", len(cells))
	}
}

// placeholderLines cuts each line's placeholder run (from its colour to the
// colour reset) out of a laid-out view.
func placeholderLines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(s, "\n") {
		i := strings.Index(l, "\x1b[38;2;")
		j := strings.Index(l, "\x1b[39;59m")
		if i >= 0 && j > i {
			out = append(out, l[i:j+len("\x1b[39;59m")])
		}
	}
	return out
}

// TestViewerRefresh: after a paused program kitty has cleared the
// alternate screen's images; Refresh sends each again under a new id once
// the terminal has answered a sync query (so after the return to the
// alternate screen that Bubble Tea queued), showing the old one until the
// new one is in, then deleting the old.
func TestViewerRefresh(t *testing.T) {
	for _, answered := range []bool{true, false} {
		v := NewViewer(placeholderCaps(true), 0)
		var deadlines []tea.Msg
		v.Tick = func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
			if d == syncWait {
				deadlines = append(deadlines, f(time.Time{}))
				return nil
			}
			return noWait(d, f)
		}
		img := testPattern(80, 40)
		v.Update(v.Prepare("a", img, 20, 10)())
		before := v.View("a", img, 20, 10)
		sent := raws(drain(v.Refresh()))
		if len(sent) != 1 {
			t.Fatalf("Refresh sent %q, want the sync query alone", sent)
		}
		q := parseKitty(t, sent[0])
		id, _ := strconv.Atoi(q[0].keys["i"])
		if q[0].keys["a"] != "q" || !isSyncID(id) || len(deadlines) != 1 {
			t.Fatalf("sync query %v, %d deadlines", q[0].keys, len(deadlines))
		}
		if got := v.View("a", img, 20, 10); got != before {
			t.Error("the image not shown until its new copy is in")
		}
		if v.Prepare("a", img, 20, 10) != nil {
			t.Fatal("sent before the terminal answered the sync query")
		}
		if answered {
			// The answer comes to Capabilities, which hands it to the
			// Viewer as a raw message.
			for _, a := range []int{id - 1, id} {
				cmd, ok := v.Caps.Update(kittyReply(a, "OK"))
				if !ok {
					t.Fatalf("sync answer %d not taken", a)
				}
				v.Update(drainOne(cmd))
				if a != id && v.Prepare("a", img, 20, 10) != nil {
					t.Fatal("an earlier sync's answer taken for this one's")
				}
			}
		} else {
			v.Update(tea.RawMsg{Msg: syncDeadline{id - 1}})
			if v.Prepare("a", img, 20, 10) != nil {
				t.Fatal("an earlier sync's deadline ended this one's wait")
			}
			v.Update(deadlines[0])
		}
		tx := v.Prepare("a", img, 20, 10)
		if tx == nil {
			t.Fatal("no new transmission after the sync")
		}
		msg := tx()
		if keys := parseKitty(t, fmt.Sprint(msg.(tea.RawMsg).Msg))[0].keys; keys["i"] != "17" || keys["a"] != "t" {
			t.Errorf("sent %v, want image 17 transmitted", keys)
		}
		del := raws(drain(v.Update(msg)))
		if len(del) != 1 || del[0] != (Kitty{}).Delete(16) {
			t.Errorf("after the new copy, deleted %q, want the old image 16", del)
		}
		if got := v.View("a", img, 20, 10); !strings.Contains(got, "38;2;0;0;17") {
			t.Error("the new copy not shown")
		}
	}
	// Nothing shown, nothing to wait for; inside tmux the query is wrapped.
	v := NewViewer(placeholderCaps(true), 0)
	if v.Refresh() != nil {
		t.Error("a sync with no image to send again")
	}
	v = NewViewer(tmuxCaps(true), 0)
	v.Tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	img := testPattern(8, 8)
	tx := v.Prepare("a", img, 4, 2)()
	v.Update(tx)
	cmd, _ := v.Caps.Update(drainOne(kittyAnswers(tx)))
	v.Update(drainOne(cmd))
	if sent := raws(drain(v.Refresh())); len(sent) != 1 || !strings.HasPrefix(sent[0], "\x1bPtmux;\x1b\x1b_G") {
		t.Errorf("sync inside tmux %q", sent)
	}
	// tmux may drop the query (a redraw is due): unanswered, it goes
	// again, probeTries times in all, then the images go anyway.
	var waits []tea.Msg
	v.Tick = func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		if d != probeWait {
			t.Errorf("a sync inside tmux waits %v", d)
		}
		waits = append(waits, f(time.Time{}))
		return nil
	}
	v.Refresh()
	queries := 0
	for len(waits) > 0 {
		w := waits[0]
		waits = waits[1:]
		if v.Prepare("a", img, 4, 2) != nil {
			t.Fatal("sent before the sync was over")
		}
		queries += len(raws(drain(v.Update(w))))
	}
	if queries != probeTries-1 || v.Prepare("a", img, 4, 2) == nil {
		t.Errorf("%d more queries, then nothing sent", queries)
	}
}

// keyExec is a paused program that waits for a key, as the full screen
// does.
type keyExec struct{ in io.Reader }

func (e *keyExec) Run() error {
	_, err := e.in.Read(make([]byte, 1))
	return err
}
func (e *keyExec) SetStdin(r io.Reader) { e.in = r }
func (*keyExec) SetStdout(io.Writer)    {}
func (*keyExec) SetStderr(io.Writer)    {}

// backMsg says the paused program is over.
type backMsg struct{}

// refreshModel shows one kitty image, pauses for a program once it is
// shown, and sends it again when back, as the Image tab does.
type refreshModel struct {
	v      *Viewer
	img    image.Image
	paused *bool
}

func (m refreshModel) Init() tea.Cmd { return m.v.Prepare("img", m.img, 12, 4) }

func (m refreshModel) View() tea.View {
	v := tea.NewView(m.v.View("img", m.img, 12, 4))
	v.AltScreen = true
	return v
}

// shown is the id of the image whose placeholders the view draws.
func (m refreshModel) shown() uint32 {
	if k, ok := m.v.kitty["img"]; ok {
		return k.shown.Image
	}
	return 0
}

func (m refreshModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	if cmd, ok := m.v.Caps.Update(msg); ok {
		cmds = append(cmds, cmd)
	}
	switch msg.(type) {
	case tea.RawMsg:
		cmds = append(cmds, m.v.Update(msg))
		if m.shown() == 16 && !*m.paused {
			*m.paused = true
			cmds = append(cmds, tea.Exec(&keyExec{}, func(error) tea.Msg { return backMsg{} }))
		}
	case backMsg:
		cmds = append(cmds, m.v.Refresh())
	}
	return m, tea.Batch(append(cmds, m.v.Prepare("img", m.img, 12, 4))...)
}

// refreshedImage is the head of the image's new copy after the pause.
const refreshedImage = "\x1b_Ga=t,q=2,i=17,"

// humanDelay is how long after a screen shows a fake person presses a key.
const humanDelay = 20 * time.Millisecond

// kittyTerminal answers the kitty graphics queries written to it, as kitty
// does, once they are written; and the first time the program leaves the
// alternate screen (pausing for another), it presses a key.
type kittyTerminal struct {
	syncBuffer
	replies  io.Writer
	answered int // how much of the output has been searched for queries
	pressed  bool
	// sent is closed once the output holds the image's new copy.
	sent     chan struct{}
	sentOnce sync.Once
}

func (k *kittyTerminal) Write(p []byte) (int, error) {
	n, err := k.syncBuffer.Write(p)
	out := k.String()
	if !k.pressed && strings.Contains(out, "\x1b[?1049l") {
		// A person presses the key a moment later. Pressed at once, the
		// paused program's end can beat Bubble Tea's old frame ticker to
		// its own stop, which then stops the new one (its race, not ours:
		// no frame would come again).
		k.pressed = true
		time.AfterFunc(humanDelay, func() { _, _ = io.WriteString(k.replies, " ") })
	}
	if strings.Contains(out, refreshedImage) {
		k.sentOnce.Do(func() { close(k.sent) })
	}
	for {
		const head = "\x1b_Gi="
		i := strings.Index(out[k.answered:], head)
		if i < 0 {
			break
		}
		rest := out[k.answered+i+len(head):]
		id, keys, ok := strings.Cut(rest, ",")
		if !ok {
			break // the rest is still to come
		}
		k.answered += i + len(head)
		if strings.HasPrefix(keys, "s=1,v=1,a=q,") {
			reply := head + id + ";OK\x1b\\"
			go func() { _, _ = io.WriteString(k.replies, reply) }()
		}
	}
	return n, err
}

// TestRefreshAfterPausedProgram runs a program that shows a kitty image,
// pauses for another (tea.Exec, as the full screen does) and sends the
// image again when back: the new copy must reach the terminal after the
// program's return to the alternate screen, which kitty clears.
func TestRefreshAfterPausedProgram(t *testing.T) {
	// An *os.File, as a terminal is: Bubble Tea stops reading it while the
	// other program runs, which it can only do for a file.
	in, replies, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	defer replies.Close()
	out := &kittyTerminal{replies: replies, sent: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	v := NewViewer(placeholderCaps(true), 0)
	var late atomic.Bool // the wait for the sync's answer ran out
	v.Tick = func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		return tea.Tick(d, func(now time.Time) tea.Msg {
			late.Store(late.Load() || d == syncWait)
			return f(now)
		})
	}
	p := tea.NewProgram(refreshModel{v: v, img: testPattern(40, 40), paused: new(bool)},
		tea.WithInput(in), tea.WithOutput(out), tea.WithContext(ctx),
		tea.WithWindowSize(40, 10), tea.WithColorProfile(colorprofile.TrueColor), tea.WithoutSignalHandler(),
		// Few frames a second: the return to the alternate screen waits
		// for the next frame, while the image's new copy is ready at once
		// (and Bubble Tea writes raw bytes first, then the frame).
		tea.WithFPS(4))
	go func() {
		select {
		case <-out.sent:
			p.Quit()
		case <-ctx.Done():
		}
	}()
	if _, err := p.Run(); err != nil {
		t.Fatalf("program: %v (output %q)", err, out.String())
	}
	if late.Load() {
		t.Error("the sync query's answer never came")
	}
	got := out.String()
	again := strings.Index(got, refreshedImage)
	enter := strings.LastIndex(got, "\x1b[?1049h")
	if again < 0 || enter < 0 || again < enter {
		t.Errorf("image sent again at %d, the alternate screen entered at %d: %q", again, enter, got)
	}
}

// TestViewerTmuxAnswers: inside tmux a command can be lost on the way
// (tmux drops passthrough from a pane whose redraw is due), so the Viewer
// asks kitty to answer, draws the placeholders once it has, sends again
// what got no answer (or an error), and after ackTries falls back to half
// blocks and says why.
func TestViewerTmuxAnswers(t *testing.T) {
	var deadlines []tea.Msg
	tick := func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd {
		if d == ackWait {
			deadlines = append(deadlines, f(time.Time{}))
			return nil
		}
		return noWait(d, f)
	}
	answer := func(v *Viewer, id, placement uint32, payload string) tea.Cmd {
		t.Helper()
		cmd, ok := v.Caps.Update(kittyReply(int(id), payload))
		r := drainOne(cmd)
		if !ok || r == nil {
			t.Fatalf("answer for %d not taken", id)
		}
		a := r.(tea.RawMsg).Msg.(kittyAnswer)
		a.placement = placement
		return v.Update(tea.RawMsg{Msg: a})
	}
	img := testPattern(200, 100)
	v := NewViewer(tmuxCaps(true), 0)
	v.Tick = tick
	tx := v.Prepare("k", img, 20, 10)().(tea.RawMsg)
	_, placed := transmission(t, tmuxUnwrapAll(t, fmt.Sprint(tx.Msg)))
	keys := placed.keys
	if _, quiet := keys["q"]; quiet || keys["a"] != "p" {
		t.Fatalf("transmission keys %v: want one kitty answers", keys)
	}
	v.Update(tx)
	if got := v.View("k", img, 20, 10); strings.Contains(got, string(kittyPlaceholderRune)) || len(deadlines) != 1 {
		t.Fatalf("placeholders drawn before kitty answered (%d waits)", len(deadlines))
	}
	answer(v, 16, 1, "OK")
	if got := v.View("k", img, 20, 10); !strings.Contains(got, cellRune(4, 19)) {
		t.Fatal("not drawn once kitty answered")
	}
	// A wait that ends after the answer changes nothing.
	v.Update(deadlines[0])
	if v.kitty["k"].resend {
		t.Error("an answered command marked to go again")
	}

	// A resize's placement, lost: it goes again when its wait is over.
	deadlines = nil
	place := v.Prepare("k", img, 40, 30)().(tea.RawMsg)
	v.Update(place)
	if v.Prepare("k", img, 40, 30) != nil {
		t.Fatal("sent again before the wait was over")
	}
	v.Update(deadlines[0])
	again, ok := v.Prepare("k", img, 40, 30)().(tea.RawMsg)
	if !ok || parseKitty(t, tmuxUnwrapAll(t, fmt.Sprint(again.Msg)))[0].keys["a"] != "p" {
		t.Fatalf("the lost placement not sent again: %v", again)
	}
	v.Update(again)
	if got := v.View("k", img, 40, 30); !strings.Contains(got, cellRune(4, 19)) || strings.Contains(got, cellRune(9, 39)) {
		t.Error("the old size should show until the new placement is confirmed")
	}
	answer(v, 16, 2, "OK")
	if got := v.View("k", img, 40, 30); !strings.Contains(got, cellRune(9, 39)) || !strings.Contains(got, "58;2;0;0;2") {
		t.Error("the new size not drawn once confirmed")
	}

	// kitty refuses the placement (the pixels arrived in part, so it has
	// no such image): it goes again, whole.
	v = NewViewer(tmuxCaps(true), 0)
	v.Tick = tick
	v.Update(v.Prepare("k", img, 20, 10)())
	answer(v, 16, 1, "ENOENT:Put command refers to non-existent image with id: 16 and number: 0")
	whole, ok := v.Prepare("k", img, 20, 10)().(tea.RawMsg)
	if !ok || parseKitty(t, tmuxUnwrapAll(t, fmt.Sprint(whole.Msg)))[0].keys["a"] != "t" {
		t.Fatal("a refused image not sent again whole")
	}

	// Nothing answers any more: after ackTries sendings in all (the
	// refused one among them), half blocks and LostHint.
	deadlines = nil
	v.Update(whole)
	sendings := 2
	for len(deadlines) > 0 {
		d := deadlines[0]
		deadlines = deadlines[1:]
		v.Update(d)
		if cmd := v.Prepare("k", img, 20, 10); cmd != nil {
			sendings++
			v.Update(cmd())
		}
	}
	if sendings != ackTries {
		t.Errorf("sent %d times before giving up, want %d", sendings, ackTries)
	}
	if got := v.View("k", img, 20, 10); got != v.preview.View("k", img, 20, 10) || !strings.Contains(got, "▀") {
		t.Error("no half blocks once images never got through")
	}
	if h := v.Hint(); h != LostHint || v.Hint() != "" {
		t.Errorf("hint %q, then again", h)
	}
	if v.Prepare("k2", img, 20, 10) != nil {
		t.Error("kitty images sent after giving up")
	}
	// Someone else's answer is none of the Viewer's business.
	if cmd, ok := v.Caps.Update(kittyReply(7, "OK")); ok || cmd != nil {
		t.Error("an answer for a foreign id taken")
	}
}
