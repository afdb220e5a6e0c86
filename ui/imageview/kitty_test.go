package imageview

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"image"
	"image/png"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"
)

// kittyCommand is one parsed graphics command.
type kittyCommand struct {
	keys    map[string]string
	payload string
}

// parseKitty splits a stream into graphics commands, failing on anything
// between or around them.
func parseKitty(t *testing.T, s string) []kittyCommand {
	t.Helper()
	var cmds []kittyCommand
	for s != "" {
		if !strings.HasPrefix(s, "\x1b_G") {
			t.Fatalf("expected APC G, got %q", s[:min(len(s), 20)])
		}
		end := strings.Index(s, "\x1b\\")
		if end < 0 {
			t.Fatal("unterminated APC")
		}
		body := s[3:end]
		s = s[end+2:]
		ctl, payload, _ := strings.Cut(body, ";")
		c := kittyCommand{keys: map[string]string{}, payload: payload}
		for kv := range strings.SplitSeq(ctl, ",") {
			k, v, ok := strings.Cut(kv, "=")
			if !ok {
				t.Fatalf("bad key %q", kv)
			}
			c.keys[k] = v
		}
		cmds = append(cmds, c)
	}
	return cmds
}

// transmission splits Transmit's commands into the chunks of the pixels and
// the virtual placement after them, failing if that is not what the last is.
func transmission(t *testing.T, seq string) (chunks []kittyCommand, place kittyCommand) {
	t.Helper()
	cmds := parseKitty(t, seq)
	if len(cmds) < 2 {
		t.Fatalf("%d commands; want the pixels, then the placement", len(cmds))
	}
	place = cmds[len(cmds)-1]
	if place.keys["a"] != "p" || place.keys["U"] != "1" {
		t.Fatalf("last command %v: want the virtual placement (a=p, U=1)", place.keys)
	}
	return cmds[:len(cmds)-1], place
}

// kittyPayload checks the chunking rules and returns the decoded payload.
func kittyPayload(t *testing.T, cmds []kittyCommand) []byte {
	t.Helper()
	var data strings.Builder
	for i, c := range cmds {
		last := i == len(cmds)-1
		if want := map[bool]string{true: "0", false: "1"}[last]; c.keys["m"] != want {
			t.Errorf("chunk %d: m=%q, want %s", i, c.keys["m"], want)
		}
		if i > 0 && len(c.keys) != 1 {
			t.Errorf("chunk %d carries keys %v; only m is allowed", i, c.keys)
		}
		if len(c.payload) > 4096 {
			t.Errorf("chunk %d is %d bytes", i, len(c.payload))
		}
		data.WriteString(c.payload)
	}
	raw, err := base64.StdEncoding.DecodeString(data.String())
	if err != nil {
		t.Fatalf("payload: %v", err)
	}
	return raw
}

func samePixels(t *testing.T, got, want image.Image) {
	t.Helper()
	if got.Bounds().Size() != want.Bounds().Size() {
		t.Fatalf("size %v, want %v", got.Bounds().Size(), want.Bounds().Size())
	}
	gb, wb := got.Bounds(), want.Bounds()
	for y := range wb.Dy() {
		for x := range wb.Dx() {
			r1, g1, b1, a1 := got.At(gb.Min.X+x, gb.Min.Y+y).RGBA()
			r2, g2, b2, a2 := want.At(wb.Min.X+x, wb.Min.Y+y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel (%d,%d) = %v, want %v", x, y, got.At(gb.Min.X+x, gb.Min.Y+y), want.At(wb.Min.X+x, wb.Min.Y+y))
			}
		}
	}
}

func TestKittyTransmitPNG(t *testing.T) {
	src := noise(128, 96, 1) // incompressible: many chunks
	seq, err := Kitty{CellWidth: 16, CellHeight: 16}.Transmit(src, Placement{Image: 42, ID: 3, Cols: 8, Rows: 6})
	if err != nil {
		t.Fatal(err)
	}
	cmds, place := transmission(t, seq)
	if len(cmds) < 2 {
		t.Fatalf("%d chunks; want several", len(cmds))
	}
	// The pixels go first, placed nowhere; the virtual placement is a
	// command of its own after the last chunk (see Kitty.Transmit: kitty
	// redraws the placeholders already on the screen for a command with
	// U=1, which a chunked a=T is only at its first chunk).
	first := cmds[0].keys
	want := map[string]string{"a": "t", "q": "2", "i": "42", "f": "100", "m": "1"}
	if len(first) != len(want) {
		t.Errorf("first chunk keys %v, want %v", first, want)
	}
	for k, v := range want {
		if first[k] != v {
			t.Errorf("first chunk %s=%q, want %q (keys %v)", k, first[k], v, first)
		}
	}
	wantPlace := map[string]string{"a": "p", "U": "1", "q": "2", "i": "42", "p": "3", "c": "8", "r": "6"}
	if len(place.keys) != len(wantPlace) || place.payload != "" {
		t.Errorf("placement %v;%q, want %v", place.keys, place.payload, wantPlace)
	}
	for k, v := range wantPlace {
		if place.keys[k] != v {
			t.Errorf("placement %s=%q, want %q (keys %v)", k, place.keys[k], v, place.keys)
		}
	}
	got, err := png.Decode(bytes.NewReader(kittyPayload(t, cmds)))
	if err != nil {
		t.Fatal(err)
	}
	samePixels(t, got, src)
}

func TestKittyTransmitRGBA(t *testing.T) {
	src := testPattern(30, 20)
	seq, err := Kitty{Format: KittyRGBA}.Transmit(src, Placement{Image: 7, ID: 1, Cols: 3, Rows: 1})
	if err != nil {
		t.Fatal(err)
	}
	cmds, _ := transmission(t, seq)
	k := cmds[0].keys
	if k["f"] != "32" || k["s"] != "30" || k["v"] != "20" || k["i"] != "7" {
		t.Errorf("keys %v", k)
	}
	if !bytes.Equal(kittyPayload(t, cmds), src.Pix) {
		t.Error("payload differs from the image's RGBA bytes")
	}
}

func TestKittyTransmitShrinksToPlacement(t *testing.T) {
	seq, err := Kitty{}.Transmit(testPattern(400, 400), Placement{Image: 9, ID: 1, Cols: 4, Rows: 4}) // at most 40×80 pixels
	if err != nil {
		t.Fatal(err)
	}
	cmds, _ := transmission(t, seq)
	cfg, err := png.DecodeConfig(bytes.NewReader(kittyPayload(t, cmds)))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width != 40 || cfg.Height != 40 {
		t.Errorf("sent %dx%d, want 40x40", cfg.Width, cfg.Height)
	}
}

func TestKittyTransmitErrors(t *testing.T) {
	if _, err := (Kitty{}).Transmit(testPattern(4, 4), Placement{ID: 1, Cols: 1, Rows: 1}); err == nil {
		t.Error("id 0 accepted")
	}
	if _, err := (Kitty{}).Transmit(image.NewRGBA(image.Rect(0, 0, 0, 5)), Placement{Image: 1, ID: 1, Cols: 1, Rows: 1}); err == nil {
		t.Error("empty image accepted")
	}
	if msg := (Kitty{}).TransmitCmd(testPattern(4, 4), Placement{ID: 1, Cols: 1, Rows: 1})(); msg != nil {
		t.Errorf("TransmitCmd with id 0 = %v, want nil", msg)
	}
}

func TestKittyCommands(t *testing.T) {
	k := Kitty{}
	tests := []struct{ got, want string }{
		{k.Place(Placement{Image: 42, ID: 2, Cols: 10, Rows: 5}), "\x1b_Ga=p,U=1,q=2,i=42,p=2,c=10,r=5\x1b\\"},
		{k.Place(Placement{Image: 42, ID: 1, Cols: 1000, Rows: 0}), "\x1b_Ga=p,U=1,q=2,i=42,p=1,c=297,r=1\x1b\\"},
		{k.Delete(42), "\x1b_Ga=d,d=I,q=2,i=42\x1b\\"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// TestPlacementIDOnEveryPlacement checks that every command that places an
// image — a transmission with its virtual placement, one drawn where the
// cursor is, a new size — names its placement (p=), so kitty replaces a
// placement instead of adding one; and that a Viewer's commands do.
func TestPlacementIDOnEveryPlacement(t *testing.T) {
	img := noise(64, 64, 3)
	p := Placement{Image: 77, ID: 2, Cols: 6, Rows: 3}
	for _, k := range []Kitty{{}, {Format: KittyRGBA}, {Tmux: true}} {
		virtual, err := k.Transmit(img, p)
		if err != nil {
			t.Fatal(err)
		}
		direct, err := k.TransmitAt(img, p)
		if err != nil {
			t.Fatal(err)
		}
		for name, seq := range map[string]string{"virtual": virtual, "direct": direct, "place": k.Place(p)} {
			if k.Tmux {
				seq = tmuxUnwrapAll(t, seq)
			}
			cmds := parseKitty(t, seq)
			cmd := cmds[0].keys
			if name == "virtual" {
				cmd = cmds[len(cmds)-1].keys // the placement, after the pixels
			}
			if cmd["p"] != "2" || cmd["i"] != "77" {
				t.Errorf("%+v %s: keys %v lack the placement", k, name, cmd)
			}
			if name == "direct" && (cmd["U"] != "" || cmd["C"] != "1") {
				t.Errorf("direct placement keys %v: want no U, and C=1 to keep the cursor", cmd)
			}
		}
	}
	v := NewViewer(placeholderCaps(true), 0)
	v.Tick = noWait
	var sent []string
	run := func(cmd tea.Cmd) {
		for _, m := range drain(cmd) {
			if r, ok := m.(tea.RawMsg); ok {
				sent = append(sent, fmt.Sprint(r.Msg))
				v.Update(r)
			}
		}
	}
	run(v.Prepare("a", img, 20, 10))
	run(v.Prepare("a", img, 10, 5))
	run(v.Prepare("a", img, 30, 12))
	if len(sent) != 3 {
		t.Fatalf("%d commands for a transmission and two resizes", len(sent))
	}
	for i, seq := range sent {
		cmds := parseKitty(t, seq)
		if keys := cmds[len(cmds)-1].keys; keys["p"] == "" {
			t.Errorf("command %d %v names no placement", i, keys)
		}
	}
}

// placeholderCell is one parsed placeholder cell.
type placeholderCell struct{ row, col, msb int }

// parsePlaceholders reads placeholder text back: the colour SGR of each line
// and each cell's numbers.
func parsePlaceholders(t *testing.T, s string) (sgr []string, cells [][]placeholderCell) {
	t.Helper()
	index := map[rune]int{}
	for i := range kittyMaxCells {
		index[kitty.Diacritic(i)] = i
	}
	for line := range strings.SplitSeq(s, "\n") {
		if !strings.HasPrefix(line, "\x1b[") || !strings.HasSuffix(line, "\x1b[39;59m") {
			t.Fatalf("line %q lacks its colour", line)
		}
		m := strings.IndexByte(line, 'm')
		sgr = append(sgr, line[2:m])
		var row []placeholderCell
		runes := []rune(strings.TrimSuffix(line[m+1:], "\x1b[39;59m"))
		for i := 0; i < len(runes); {
			if runes[i] != kittyPlaceholderRune {
				t.Fatalf("expected U+10EEEE, got %U", runes[i])
			}
			nums := []int{}
			for i++; i < len(runes) && runes[i] != kittyPlaceholderRune; i++ {
				v, ok := index[runes[i]]
				if !ok {
					t.Fatalf("%U is not a row/column diacritic", runes[i])
				}
				nums = append(nums, v)
			}
			c := placeholderCell{}
			switch len(nums) {
			case 3:
				c.msb = nums[2]
				fallthrough
			case 2:
				c.row, c.col = nums[0], nums[1]
			default:
				t.Fatalf("cell with %d diacritics", len(nums))
			}
			row = append(row, c)
		}
		cells = append(cells, row)
	}
	return sgr, cells
}

func TestKittyPlaceholder(t *testing.T) {
	tests := []struct {
		name string
		text string
		sgr  string
		msb  int
		cols int
		rows int
	}{
		{"24-bit", KittyPlaceholder(Placement{0x123456, 1, 5, 3}), "38;2;18;52;86;58;5;1", 0, 5, 3},
		{"24-bit with high byte", KittyPlaceholder(Placement{0x02123456, 2, 4, 2}), "38;2;18;52;86;58;5;2", 2, 4, 2},
		{"256", KittyPlaceholder256(Placement{200, 2, 3, 4}), "38;5;200;58;5;2", 0, 3, 4},
		{"256 with high byte", KittyPlaceholder256(Placement{7<<24 | 99, 1, 2, 2}), "38;5;99;58;5;1", 7, 2, 2},
		{"no placement id", KittyPlaceholder256(Placement{99, 0, 2, 2}), "38;5;99", 0, 2, 2},
		{"clamped", KittyPlaceholder(Placement{1, 1, 400, 1}), "38;2;0;0;1;58;5;1", 0, 297, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sgr, cells := parsePlaceholders(t, tt.text)
			if len(cells) != tt.rows {
				t.Fatalf("%d rows, want %d", len(cells), tt.rows)
			}
			for y, row := range cells {
				if sgr[y] != tt.sgr {
					t.Errorf("row %d colour %q, want %q", y, sgr[y], tt.sgr)
				}
				if len(row) != tt.cols {
					t.Fatalf("row %d has %d cells, want %d", y, len(row), tt.cols)
				}
				for x, c := range row {
					if c != (placeholderCell{y, x, tt.msb}) {
						t.Fatalf("cell (%d,%d) reads %+v", y, x, c)
					}
				}
			}
			for i, line := range strings.Split(tt.text, "\n") {
				// Both ways Bubble Tea measures text must agree.
				if w := ansi.StringWidth(line); w != tt.cols {
					t.Errorf("line %d measures %d cells by grapheme, want %d", i, w, tt.cols)
				}
				if w := ansi.StringWidthWc(line); w != tt.cols {
					t.Errorf("line %d measures %d cells by wcwidth, want %d", i, w, tt.cols)
				}
			}
		})
	}
}

// TestPlaceholderForm is the decision of how placeholder colours carry the
// ids. Inside tmux, tmux rewrites a palette underline colour (58;5;P) as
// that palette entry's RGB value for a terminal without Setulc1, kitty's
// among them: kitty then looks for placement 0x800000 and draws nothing.
// A 24-bit underline colour goes through as it is, and the image id as a
// palette index (a 24-bit one only survives where the terminal outside has
// RGB).
func TestPlaceholderForm(t *testing.T) {
	p := Placement{Image: 3<<24 | 40, ID: 2, Cols: 2, Rows: 1}
	tests := []struct {
		name string
		caps Capabilities
		sgr  string
	}{
		{"true colour", placeholderCaps(true), "38;2;0;0;40;58;5;2"},
		{"256 colours", placeholderCaps(false), "38;5;40;58;5;2"},
		{"tmux, true colour", tmuxCaps(true), "38;5;40;58;2;0;0;2"},
		{"tmux, 256 colours: no placement named", tmuxCaps(false), "38;5;40"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tc, pc := tt.caps.placeholderForm()
			sgr, cells := parsePlaceholders(t, placeholder(p, tc, pc))
			if sgr[0] != tt.sgr || len(cells[0]) != 2 || cells[0][1] != (placeholderCell{0, 1, 3}) {
				t.Errorf("colour %q, cells %+v; want %q", sgr[0], cells, tt.sgr)
			}
		})
	}
	// In tmux the renderer is asked for true colour (where it has 256),
	// so that the placement can be named.
	c := DetectFromEnv(env("TMUX", "/t,1,0", "TERM", "tmux-256color"))
	cmd, _ := c.Update(tea.ColorProfileMsg{Profile: colorprofile.ANSI256})
	msg, ok := drainOne(cmd).(tea.ColorProfileMsg)
	if !ok || msg.Profile != colorprofile.TrueColor {
		t.Fatalf("no true colour asked for inside tmux: %v", drainOne(cmd))
	}
	c.Update(msg)
	if _, pc := c.placeholderForm(); pc != placementRGB {
		t.Errorf("placement form %v after true colour", pc)
	}
	// NO_COLOR (Ascii) and 16 colours stay as they are.
	for _, prof := range []colorprofile.Profile{colorprofile.Ascii, colorprofile.ANSI, colorprofile.TrueColor} {
		c := DetectFromEnv(env("TMUX", "/t,1,0"))
		if cmd, _ := c.Update(tea.ColorProfileMsg{Profile: prof}); cmd != nil {
			t.Errorf("%v upgraded", prof)
		}
	}
}

func TestKittyQueryCarriesID(t *testing.T) {
	cmds := parseKitty(t, kittyQuery)
	if len(cmds) != 1 || cmds[0].keys["i"] != strconv.Itoa(kittyQueryID) || cmds[0].keys["a"] != "q" {
		t.Errorf("query %q", kittyQuery)
	}
}
