package imageview

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"atelier/internal/termtext"
)

// FullScreenCmd shows img over the whole terminal until a key is pressed,
// with caption (the file path) on the last line; done receives the outcome.
// p is the protocol (Capabilities.FullScreen): sixel, iTerm2, kitty
// graphics (placed at the cursor, or through placeholders inside tmux) or
// half blocks. cols×rows is the terminal's size in cells.
//
// Those images cannot go through Bubble Tea's cell renderer, so this uses
// tea.Exec, the mechanism Bubble Tea v2 offers for taking the terminal over:
// the program stops rendering and reading input, restores the terminal,
// runs the command with its input and output, then restores itself and
// repaints. The image is encoded inside the returned command, off the UI
// loop, before the program pauses.
func FullScreenCmd(img image.Image, p Protocol, caps Capabilities, cols, rows int, caption string, done tea.ExecCallback) tea.Cmd {
	return func() tea.Msg {
		fs, err := fullScreenImage(img, p, caps, cols, max(rows-1, 1))
		if err != nil {
			if done == nil {
				return nil
			}
			return done(err)
		}
		fs.caption, fs.title, fs.rows = termtext.String(caption), termtext.String(caps.Title), rows
		return tea.Exec(fs, done)()
	}
}

// fullScreenKittyID is the image id of a full-screen kitty image: a high
// and a low byte, as both placeholder forms can carry, past the ids a
// Viewer hands out for a long while.
const fullScreenKittyID = 0xff<<24 | 0xff

// fullScreenImage encodes img to fill at most cols×rows cells, centred
// across, from the top.
func fullScreenImage(img image.Image, p Protocol, caps Capabilities, cols, rows int) (*fullScreen, error) {
	cw, ch, _ := caps.Cell()
	b := img.Bounds()
	switch p {
	case ProtocolSixel:
		// tmux draws sixel itself (when built to), so no passthrough.
		sw, sh := sixelBounds(caps, cols*cw, rows*ch)
		small := Shrink(img, sw, sh)
		w := (small.Bounds().Dx() + cw - 1) / cw
		return &fullScreen{image: at(1, (cols-w)/2+1) + Sixel(small)}, nil
	case ProtocolITerm2:
		seq, err := ITerm2Image(Shrink(img, DisplaySide, DisplaySide), cols, rows)
		if err == nil && caps.Tmux {
			seq = TmuxPassthrough(seq)
		}
		return &fullScreen{image: at(1, 1) + seq}, err
	case ProtocolKitty:
		return fullScreenKitty(img, caps, cols, rows)
	case ProtocolHalfBlock:
		pc, pr := FitCells(b.Dx(), b.Dy(), cols, rows, cw, ch)
		text := halfBlock(img, pc, pr, cw, ch, directEncoding(caps))
		return &fullScreen{image: placeLines(text, 1, (cols-pc)/2+1)}, nil
	}
	return nil, fmt.Errorf("full-screen image: %v is no way to show an image", p)
}

// fullScreenKitty places img with kitty graphics: where the cursor is, or
// inside tmux (which cannot say where its cursor is outside) as placeholder
// text; the image is deleted when the screen closes.
func fullScreenKitty(img image.Image, caps Capabilities, cols, rows int) (*fullScreen, error) {
	cw, ch, _ := caps.Cell()
	b := img.Bounds()
	pc, pr := FitCells(b.Dx(), b.Dy(), min(cols, kittyMaxCells), min(rows, kittyMaxCells), cw, ch)
	if pc == 0 {
		return nil, errors.New("full-screen image: empty image")
	}
	// Inside tmux, kitty answers, and the image goes once passthrough is
	// seen to flow, again if it has not answered (see fullScreen.waitKey).
	k := Kitty{Tmux: caps.Tmux, Answered: caps.Tmux, CellWidth: cw, CellHeight: ch}
	pl := Placement{Image: fullScreenKittyID, ID: 1, Cols: pc, Rows: pr}
	left := (cols-pc)/2 + 1
	cleanup := k.Delete(pl.Image)
	if caps.Tmux {
		seq, err := k.Transmit(img, pl)
		if err != nil {
			return nil, fmt.Errorf("full-screen image: %w", err)
		}
		// Written straight to tmux, not through the renderer: the form
		// tmux passes on whole (see placementRGB).
		text := placeholder(pl, false, placementRGB)
		return &fullScreen{image: placeLines(text, 1, left), cleanup: cleanup, tmuxImage: seq}, nil
	}
	seq, err := k.TransmitAt(img, pl)
	if err != nil {
		return nil, fmt.Errorf("full-screen image: %w", err)
	}
	return &fullScreen{image: at(1, left) + seq, cleanup: cleanup}, nil
}

// sixelBounds is the most pixels a sixel image may take in w×h pixels of
// screen: no more than the terminal said it draws (XTSMGRAPHICS), since
// xterm shows nothing at all of a larger one.
func sixelBounds(caps Capabilities, w, h int) (int, int) {
	if caps.MaxGraphicW > 0 && caps.MaxGraphicH > 0 {
		w, h = min(w, caps.MaxGraphicW), min(h, caps.MaxGraphicH)
	}
	return w, h
}

// setTitle sets the window title again (OSC 2), if there is one.
func (f *fullScreen) setTitle() string {
	if f.title == "" {
		return ""
	}
	return "\x1b]2;" + f.title + "\x1b\\"
}

// at moves the cursor to row, col (from 1).
func at(row, col int) string {
	return "\x1b[" + strconv.Itoa(row) + ";" + strconv.Itoa(col) + "H"
}

// placeLines writes lines of text (joined by \n) one under the other from
// row, col: each placed on its own, as the terminal's line discipline may
// or may not turn \n into a new line.
func placeLines(text string, row, col int) string {
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		b.WriteString(at(row+i, col))
		b.WriteString(line)
	}
	return b.String()
}

// fullScreen is the tea.ExecCommand that draws the image on the alternate
// screen and waits for one key.
type fullScreen struct {
	image, caption string
	title          string // the window title to keep up (Capabilities.Title)
	cleanup        string // written before the screen is put back (a kitty delete)
	// tmuxImage is, inside tmux, the kitty transmission, which tmux may
	// drop (it drops passthrough from a pane whose redraw is due, as just
	// after Bubble Tea has left the alternate screen and this screen has
	// entered it): written by waitKey once a probe gets through, and again
	// while kitty has not answered. probeWait and ackWait, when not zero,
	// stand in for the package's waits.
	tmuxImage          string
	probeWait, ackWait time.Duration
	rows               int
	in                 io.Reader
	out                io.Writer
}

func (f *fullScreen) SetStdin(r io.Reader)  { f.in = r }
func (f *fullScreen) SetStdout(w io.Writer) { f.out = w }
func (f *fullScreen) SetStderr(io.Writer)   {}

// Run draws, waits for a key (in raw mode when stdin is a terminal, as
// Bubble Tea left it cooked), and puts the screen back.
func (f *fullScreen) Run() error {
	if f.out == nil {
		return errors.New("full-screen image: no output")
	}
	if file, ok := f.in.(*os.File); ok && term.IsTerminal(file.Fd()) {
		state, err := term.MakeRaw(file.Fd())
		if err != nil {
			return fmt.Errorf("full-screen image: %w", err)
		}
		defer func() { _ = term.Restore(file.Fd(), state) }()
	}
	screen := "\x1b[?1049h\x1b[?25l\x1b[2J" + f.setTitle() + f.image +
		"\x1b[" + strconv.Itoa(f.rows) + ";1H\x1b[2K" + f.caption
	if _, err := io.WriteString(f.out, screen); err != nil {
		return fmt.Errorf("full-screen image: %w", err)
	}
	err := f.waitKey()
	if errors.Is(err, io.EOF) {
		err = nil
	}
	if _, werr := io.WriteString(f.out, f.cleanup+"\x1b[2J\x1b[?25h\x1b[?1049l"); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return fmt.Errorf("full-screen image: %w", err)
	}
	return nil
}
