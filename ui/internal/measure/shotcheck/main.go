// Command shotcheck compares a screenshot of a terminal with the image
// atelier showed in it, for .ci/real-terminals: where the image is in the
// screenshot, whether it has the file's proportions (within 3%), and
// whether its pixels, both scaled down to a coarse grid, are the file's
// (within a tolerance: a half-block preview is coarse, a sixel has 256
// colours), and with -colours whether its colours are, patch by patch at
// half-cell resolution, the file's (a terminal's palette bands a gradient:
// posterised). It also counts a colour's pixels, and says whether two
// screenshots are the same (to wait for a screen to settle).
//
//	shotcheck image -shot S.png -file F.png -grid 110x38 -find -bg 000000
//	shotcheck image -shot S.png -file F.png -grid 111x38 -text screen.txt -colours 6
//	shotcheck image -shot S.png -file F.png -grid 110x38 -cells -bg 000000 -colours 6
//	shotcheck colour -shot S.png -colour 7f7f7f -min 2000
//	shotcheck same [-grid 110x35 -reserve 1] [-tolerance 0.1] A.png B.png
//	shotcheck drawn -shot S.png -bg 000000
//
// -grid is the terminal's size in cells, its cells filling the screenshot
// from the top left. With -find the image is what differs from the
// background -bg above the last row (where the file's path is; -reserve
// leaves out more); with -text (a dump of the screen's text, kitty's
// get-text or tmux's capture-pane) it is the largest block of cells holding
// half blocks or kitty placeholders; with -cells, where no text can be had (xterm), it is the
// largest block of cells drawn in two flat halves. It exits 1 when a check
// fails, saying why.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	_ "image/jpeg"
	"image/png"
	"os"
	"strconv"
	"strings"
)

func main() {
	if len(os.Args) < 2 {
		fail(errors.New("usage: shotcheck image|colour|same|drawn [flags]"))
	}
	var err error
	switch os.Args[1] {
	case "image":
		err = imageCmd(os.Args[2:])
	case "colour":
		err = colourCmd(os.Args[2:])
	case "same":
		err = sameCmd(os.Args[2:])
	case "drawn":
		err = drawnCmd(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q", os.Args[1])
	}
	if err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "shotcheck:", err)
	os.Exit(1)
}

func imageCmd(args []string) error {
	fs := flag.NewFlagSet("image", flag.ExitOnError)
	shotPath := fs.String("shot", "", "the screenshot (PNG)")
	filePath := fs.String("file", "", "the image file atelier saved")
	gridFlag := fs.String("grid", "", "the terminal's size in cells, COLSxROWS")
	find := fs.Bool("find", false, "find the image as what differs from -bg")
	bgFlag := fs.String("bg", "000000", "the terminal's background, RRGGBB")
	textPath := fs.String("text", "", "the screen's text: the image is its half-block (or kitty placeholder) cells")
	reserved := fs.Int("reserve", 1, "with -find, the rows at the bottom left out (the caption, tmux's status line)")
	cells := fs.Bool("cells", false, "find a half-block image as the largest block of cells drawn in two flat halves")
	tolerance := fs.Float64("tolerance", 0.08, "the largest mean difference of the scaled-down pixels, 0 to 1")
	aspectTol := fs.Float64("aspect", 0.03, "the largest difference of proportions")
	colourTol := fs.Float64("colours", 0, "the largest mean colour difference at half-cell resolution, 0 to 255 a channel (0: not checked)")
	_ = fs.Parse(args)
	shot, err := load(*shotPath)
	if err != nil {
		return err
	}
	file, err := load(*filePath)
	if err != nil {
		return err
	}
	g, err := parseGrid(*gridFlag, shot.Bounds())
	if err != nil {
		return err
	}
	var region image.Rectangle
	switch {
	case *find:
		bg, err := parseColour(*bgFlag)
		if err != nil {
			return err
		}
		region = findImage(shot, bg, g.above(*reserved))
	case *cells:
		bg, err := parseColour(*bgFlag)
		if err != nil {
			return err
		}
		region = g.pixels(pictureCells(shot, g, bg))
	case *textPath != "":
		text, err := os.ReadFile(*textPath)
		if err != nil {
			return err
		}
		cells := imageCells(string(text))
		if cells.Empty() {
			return errors.New("no half-block or kitty placeholder cells in the screen's text")
		}
		region = g.pixels(cells)
	default:
		return errors.New("say where the image is: -find, -cells or -text")
	}
	if region.Empty() {
		return errors.New("no image found in the screenshot")
	}
	m := measure(shot, region, file, g.halfCells(region))
	fmt.Printf("image at %v in the screenshot: proportions %.3f (file %.3f, off by %.1f%%), mean difference %.3f, colours off by %.1f\n",
		region, m.aspect, m.fileAspect, 100*m.aspectError(), m.difference, m.colourError)
	var errs []error
	if m.aspectError() > *aspectTol {
		errs = append(errs, fmt.Errorf("proportions off by %.1f%%, more than %.1f%%", 100*m.aspectError(), 100**aspectTol))
	}
	if m.difference > *tolerance {
		errs = append(errs, fmt.Errorf("pixels differ by %.3f on average, more than %.3f", m.difference, *tolerance))
	}
	if *colourTol > 0 && m.colourError > *colourTol {
		errs = append(errs, fmt.Errorf("colours differ by %.1f on average, more than %.1f: banded (posterised)?", m.colourError, *colourTol))
	}
	return errors.Join(errs...)
}

func colourCmd(args []string) error {
	fs := flag.NewFlagSet("colour", flag.ExitOnError)
	shotPath := fs.String("shot", "", "the screenshot (PNG)")
	colourFlag := fs.String("colour", "", "the colour, RRGGBB")
	least := fs.Int("min", 1, "the fewest pixels of that colour")
	_ = fs.Parse(args)
	shot, c, err := shotAndColour(*shotPath, *colourFlag)
	if err != nil {
		return err
	}
	n := countColour(shot, c)
	fmt.Printf("%d pixels of #%s\n", n, *colourFlag)
	if n < *least {
		return fmt.Errorf("%d pixels of #%s, fewer than %d", n, *colourFlag, *least)
	}
	return nil
}

func sameCmd(args []string) error {
	fs := flag.NewFlagSet("same", flag.ExitOnError)
	gridFlag := fs.String("grid", "", "the terminal's size in cells, COLSxROWS, for -reserve")
	reserved := fs.Int("reserve", 0, "the rows at the bottom left out (a status line, whose notices come and go)")
	tolerance := fs.Float64("tolerance", 0, "alike rather than the same: the largest difference of a patch's mean colour, 0 to 1 (a tile left blank is far more)")
	_ = fs.Parse(args)
	if fs.NArg() != 2 {
		return errors.New("usage: shotcheck same [-grid COLSxROWS -reserve N] A.png B.png")
	}
	a, err := load(fs.Arg(0))
	if err != nil {
		return err
	}
	b, err := load(fs.Arg(1))
	if err != nil {
		return err
	}
	area := a.Bounds()
	if *reserved > 0 {
		g, err := parseGrid(*gridFlag, area)
		if err != nil {
			return err
		}
		area = g.above(*reserved)
	}
	if *tolerance > 0 {
		if d := patchDifference(a, b, area); d > *tolerance {
			return fmt.Errorf("a patch of the screenshots differs by %.3f, more than %.3f", d, *tolerance)
		}
		return nil
	}
	if !samePixels(a, b, area) {
		return errors.New("the screenshots differ")
	}
	return nil
}

func drawnCmd(args []string) error {
	fs := flag.NewFlagSet("drawn", flag.ExitOnError)
	shotPath := fs.String("shot", "", "the screenshot (PNG)")
	bgFlag := fs.String("bg", "000000", "the terminal's background, RRGGBB")
	_ = fs.Parse(args)
	shot, bg, err := shotAndColour(*shotPath, *bgFlag)
	if err != nil {
		return err
	}
	if findImage(shot, bg, shot.Bounds()).Empty() {
		return errors.New("nothing drawn yet")
	}
	return nil
}

// shotAndColour loads a screenshot and reads a colour for it.
func shotAndColour(path, colour string) (image.Image, [3]uint8, error) {
	c, err := parseColour(colour)
	if err != nil {
		return nil, c, err
	}
	shot, err := load(path)
	return shot, c, err
}

func load(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if strings.HasSuffix(path, ".png") {
		return png.Decode(f)
	}
	img, _, err := image.Decode(f)
	return img, err
}

// grid is the terminal's cells laid over the screenshot.
type grid struct {
	cols, rows int
	cellW      int
	cellH      int
	bounds     image.Rectangle
}

// parseGrid reads COLSxROWS; the cells are the screenshot's size over them
// (a terminal may leave a few pixels unused at the right and bottom).
func parseGrid(s string, b image.Rectangle) (grid, error) {
	c, r, ok := strings.Cut(s, "x")
	cols, err1 := strconv.Atoi(c)
	rows, err2 := strconv.Atoi(r)
	if !ok || err1 != nil || err2 != nil || cols <= 0 || rows <= 0 {
		return grid{}, fmt.Errorf("-grid %q: want COLSxROWS, such as 110x38", s)
	}
	return grid{cols: cols, rows: rows, cellW: b.Dx() / cols, cellH: b.Dy() / rows, bounds: b}, nil
}

// above is the screenshot above the last n rows of cells.
func (g grid) above(n int) image.Rectangle {
	r := g.bounds
	r.Max.Y = r.Min.Y + (g.rows-n)*g.cellH
	return r
}

// pixels is a rectangle of cells in the screenshot's pixels.
func (g grid) pixels(cells image.Rectangle) image.Rectangle {
	return image.Rect(cells.Min.X*g.cellW, cells.Min.Y*g.cellH, cells.Max.X*g.cellW, cells.Max.Y*g.cellH).
		Add(g.bounds.Min).Intersect(g.bounds)
}

func parseColour(s string) ([3]uint8, error) {
	v, err := strconv.ParseUint(strings.TrimPrefix(s, "#"), 16, 32)
	if err != nil || len(strings.TrimPrefix(s, "#")) != 6 {
		return [3]uint8{}, fmt.Errorf("colour %q: want RRGGBB", s)
	}
	return [3]uint8{uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}
