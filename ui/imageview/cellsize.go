package imageview

import (
	uv "github.com/charmbracelet/ultraviolet"
)

// defaultCellW and defaultCellH are the cell size assumed when nothing says
// otherwise: a common 1:2 cell.
const defaultCellW, defaultCellH = 10, 20

// Window is a terminal's size in cells and in pixels, as the tty records it
// (TIOCGWINSZ); the pixels are zero where the terminal leaves them out.
type Window struct {
	Cols, Rows     int
	PixelW, PixelH int
}

// ReadWindow reads f's window size from the tty driver. Terminals such as
// xterm answer neither CSI 16 t nor CSI 14 t by default (both are among its
// disallowed window operations) but do fill in the pixels here, which ssh
// and tmux pass on. A zero Window means f is no terminal.
func ReadWindow(f uv.File) Window {
	ws, err := uv.NewConsole(f, f, []string{}).GetWinsize()
	if err != nil || ws == nil {
		return Window{}
	}
	return Window{Cols: int(ws.Col), Rows: int(ws.Row), PixelW: int(ws.Xpixel), PixelH: int(ws.Ypixel)}
}

// Cell is the window's cell size in pixels, when it has pixels.
func (w Window) Cell() (int, int, bool) {
	if w.Cols <= 0 || w.Rows <= 0 || w.PixelW < w.Cols || w.PixelH < w.Rows {
		return 0, 0, false
	}
	return w.PixelW / w.Cols, w.PixelH / w.Rows, true
}

// Cell returns a cell's size in pixels and whether anything said it: the
// terminal's answer to CSI 16 t; else its answer to CSI 14 t (the text
// area in pixels) over the window's size in cells; else the tty's pixels
// over its cells. Without any, it is 10×20 and ok is false.
// Inside tmux the CSI 14 t answer is the whole terminal's, not the pane's,
// so only the tty (whose pixels tmux sets per pane) stands in for CSI 16 t.
func (c Capabilities) Cell() (w, h int, ok bool) {
	switch {
	case c.CellWidth > 0 && c.CellHeight > 0:
		return c.CellWidth, c.CellHeight, true
	case !c.Tmux && c.pixelW > 0 && c.pixelH > 0:
		if w, h, ok := (Window{Cols: c.Window.Cols, Rows: c.Window.Rows, PixelW: c.pixelW, PixelH: c.pixelH}).Cell(); ok {
			return w, h, true
		}
	}
	if w, h, ok := c.Window.Cell(); ok {
		return w, h, true
	}
	return defaultCellW, defaultCellH, false
}
