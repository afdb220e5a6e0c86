package imageview

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strconv"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"

	"atelier/ui/termtext"
)

// FullScreenCmd shows img over the whole terminal with sixel or iTerm2
// graphics (p is ProtocolSixel or ProtocolITerm2) until a key is pressed,
// with caption (the file path) on the last line; done receives the outcome.
// cols×rows is the terminal's size in cells.
//
// Those images cannot go through Bubble Tea's cell renderer, so this uses
// tea.Exec, the mechanism Bubble Tea v2 offers for taking the terminal over:
// the program stops rendering and reading input, restores the terminal,
// runs the command with its input and output, then restores itself and
// repaints. The image is encoded inside the returned command, off the UI
// loop, before the program pauses. With kitty graphics or half blocks, show
// a full-size view instead: they need no pause.
func FullScreenCmd(img image.Image, p Protocol, caps Capabilities, cols, rows int, caption string, done tea.ExecCallback) tea.Cmd {
	return func() tea.Msg {
		seq, err := fullScreenImage(img, p, caps, cols, max(rows-1, 1))
		if err != nil {
			if done == nil {
				return nil
			}
			return done(err)
		}
		fs := &fullScreen{image: seq, caption: termtext.String(caption), rows: rows}
		return tea.Exec(fs, done)()
	}
}

// fullScreenImage encodes img to fill at most cols×rows cells.
func fullScreenImage(img image.Image, p Protocol, caps Capabilities, cols, rows int) (string, error) {
	switch p {
	case ProtocolSixel:
		cw, ch := caps.CellWidth, caps.CellHeight
		if cw <= 0 || ch <= 0 {
			cw, ch = 10, 20
		}
		// tmux draws sixel itself (when built to), so no passthrough.
		return Sixel(Shrink(img, cols*cw, rows*ch)), nil
	case ProtocolITerm2:
		seq, err := ITerm2Image(Shrink(img, DisplaySide, DisplaySide), cols, rows)
		if err == nil && caps.Tmux {
			seq = TmuxPassthrough(seq)
		}
		return seq, err
	}
	return "", fmt.Errorf("full-screen image: %v is shown in a view, not by pausing the program", p)
}

// fullScreen is the tea.ExecCommand that draws the image on the alternate
// screen and waits for one key.
type fullScreen struct {
	image, caption string
	rows           int
	in             io.Reader
	out            io.Writer
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
	screen := "\x1b[?1049h\x1b[?25l\x1b[2J\x1b[H" + f.image +
		"\x1b[" + strconv.Itoa(f.rows) + ";1H\x1b[2K" + f.caption
	if _, err := io.WriteString(f.out, screen); err != nil {
		return fmt.Errorf("full-screen image: %w", err)
	}
	var err error
	if f.in != nil {
		var key [1]byte
		_, err = f.in.Read(key[:])
		if errors.Is(err, io.EOF) {
			err = nil
		}
	}
	if _, werr := io.WriteString(f.out, "\x1b[2J\x1b[?25h\x1b[?1049l"); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return fmt.Errorf("full-screen image: %w", err)
	}
	return nil
}
