package imageview

import (
	"context"
	"fmt"
	"image"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
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
	if _, ok := p.entries[previewKey{"a", 2, 1}]; ok {
		t.Error("oldest entry kept")
	}
	if len(p.entries) != 2 || len(p.order) != 2 {
		t.Errorf("%d entries, %d in order", len(p.entries), len(p.order))
	}
}

func kittyCaps(trueColor bool) Capabilities {
	c := DetectFromEnv(env("TERM", "xterm-kitty"))
	c.TrueColor = trueColor
	return c
}

func TestViewerKitty(t *testing.T) {
	v := NewViewer(kittyCaps(true), 0)
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
	keys := parseKitty(t, fmt.Sprint(raw.Msg))[0].keys
	// 200×100 pixels in 20×10 cells of 1:2: 20 columns by 5 rows.
	if keys["a"] != "T" || keys["c"] != "20" || keys["r"] != "5" || keys["i"] != "16" {
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
	lines := strings.Split(view, "\n")
	if len(lines) != 10 {
		t.Fatalf("%d lines", len(lines))
	}
	for i, l := range lines {
		if w := ansi.StringWidth(l); w != 20 {
			t.Errorf("line %d is %d cells", i, w)
		}
	}
	if want := KittyPlaceholder(16, 20, 5); !strings.Contains(view, strings.Split(want, "\n")[0]) {
		t.Error("placeholder text missing")
	}
	if v.Prepare("k", img, 20, 10) != nil {
		t.Error("same size sent again")
	}
	// A resize moves the placement without sending the pixels again; the
	// old size shows until the new placement has gone out.
	place, ok := v.Prepare("k", img, 40, 30)().(tea.RawMsg)
	if !ok || fmt.Sprint(place.Msg) != (Kitty{}).Place(16, 40, 10) {
		t.Fatalf("resize sent %v", place.Msg)
	}
	if got := v.View("k", img, 40, 30); !strings.Contains(got, KittyPlaceholder(16, 20, 5)[:40]) || strings.Contains(got, string(kittyDiacritics[30])) {
		t.Error("new size drawn before its placement was sent")
	}
	v.Update(place)
	if got := v.View("k", img, 40, 30); !strings.Contains(got, string(kittyDiacritics[39])) {
		t.Error("new size not drawn after its placement was sent")
	}
	del, ok := v.Forget("k")().(tea.RawMsg)
	if !ok || del.Msg != (Kitty{}).Delete(16) {
		t.Errorf("Forget sent %v", del.Msg)
	}
	if v.Forget("k") != nil {
		t.Error("second Forget sent something")
	}
}

// TestViewerForgetWhileSending checks that an image forgotten before its
// transmission went out is deleted after it, not before.
func TestViewerForgetWhileSending(t *testing.T) {
	v := NewViewer(kittyCaps(true), 0)
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
	v := NewViewer(kittyCaps(false), 238)
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
	return m, m.v.Update(msg)
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
	tests := []struct {
		name    string
		profile colorprofile.Profile
		caps    Capabilities
		colour  string
	}{
		{"true colour", colorprofile.TrueColor, kittyCaps(true), "\x1b[38;2;0;0;16m"},
		{"256 colours", colorprofile.ANSI256, kittyCaps(false), "\x1b[38;5;16m"},
	}
	cell := func(row, col int) string {
		return string([]rune{kittyPlaceholderRune, kittyDiacritics[row], kittyDiacritics[col]})
	}
	// 40×40 pixels in 12×4 cells of 1:2 take 8×4 cells.
	const head = "\x1b_Ga=T,U=1,q=2,i=16,c=8,r=4,f=100,m=0;iVBORw0KGgo"
	after := func(out string) (string, bool) {
		tx := strings.Index(out, head)
		if tx < 0 {
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
				rest, ok := after(s)
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
			rest, ok := after(out.String())
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
	kv := NewViewer(kittyCaps(true), 0)
	kv.Update(kv.Prepare("a", img, 30, 12)())
	hb := NewViewer(DetectFromEnv(env()), 0)
	box := lipgloss.NewStyle().Border(lipgloss.NormalBorder())
	row := lipgloss.JoinHorizontal(lipgloss.Top,
		box.Render(kv.View("a", img, 30, 12)), box.Render(hb.View("b", img, 30, 12)))
	lines := strings.Split(row, "\n")
	if len(lines) != 14 {
		t.Fatalf("%d lines, want 14", len(lines))
	}
	for i, l := range lines {
		if w := lipgloss.Width(l); w != 64 {
			t.Errorf("line %d is %d cells wide, want 64", i, w)
		}
	}
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
		j := strings.Index(l, "\x1b[39m")
		if i >= 0 && j > i {
			out = append(out, l[i:j+len("\x1b[39m")])
		}
	}
	return out
}
