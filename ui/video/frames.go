package video

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"atelier/ui/imageview"
)

// A finished task's poster frame and a strip of its first frames (issue
// 33), cut by ffmpeg where it is installed and shown over the task list
// while a saved task is selected. Without ffmpeg nothing is cut and the
// form shows as before: nothing stands in for a poster.

// framesTimeout bounds ffmpeg on one video.
const framesTimeout = 20 * time.Second

// frames are the pictures of the selected task's video.
type frames struct {
	ffmpeg  func() string // finds the ffmpeg to cut with, "" for none
	bin     *string       // what it found, looked up once (shared by the model's copies)
	preview *imageview.Preview
	file    string // the video the frames below are of (or being cut from)
	poster  image.Image
	strip   image.Image
	err     string
}

// framesMsg answers cutFrames.
type framesMsg struct {
	file          string
	poster, strip image.Image
	err           error
}

// want starts cutting the frames of file when they are not those held:
// nil when they are, or when there is no ffmpeg.
func (f *frames) want(file string) tea.Cmd {
	if file == "" || file == f.file {
		return nil
	}
	if f.bin == nil { // $PATH is searched once, not at every message
		b := f.ffmpeg()
		f.bin = &b
	}
	bin := *f.bin
	if bin == "" {
		return nil
	}
	f.file, f.poster, f.strip, f.err = file, nil, nil, ""
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), framesTimeout)
		defer cancel()
		fr, err := imageview.VideoFrames(ctx, bin, file)
		msg := framesMsg{file: file, err: err}
		if err == nil {
			if msg.poster, err = png.Decode(bytes.NewReader(fr.Poster)); err == nil {
				msg.strip, err = png.Decode(bytes.NewReader(fr.Strip))
			}
			msg.err = err
		}
		return result(msg)
	}
}

// cut takes the frames cut, if they are still the ones wanted.
func (f *frames) cut(msg framesMsg) {
	if msg.file != f.file {
		return
	}
	f.poster, f.strip = msg.poster, msg.strip
	if msg.err != nil {
		f.err = msg.err.Error()
	}
}

// update takes the frames cut, and the terminal's cell size and colours
// for the pictures.
func (f *frames) update(msg tea.Msg) {
	switch msg := msg.(type) {
	case framesMsg:
		f.cut(msg)
	case uv.CellSizeEvent, tea.ColorProfileMsg:
		f.preview.Update(msg)
	}
}

// lines draws the poster over the strip in w×h cells; none when the
// frames of file are not cut.
func (f frames) lines(st styles, file string, w, h int) []string {
	if file == "" || file != f.file || h < 4 {
		return nil
	}
	if f.err != "" {
		return []string{st.Tasks.Muted.Render("no frames: " + clean(f.err))}
	}
	if f.poster == nil || f.strip == nil {
		return []string{st.Tasks.Muted.Render("cutting frames (ffmpeg)…")}
	}
	var out []string
	ph := max(h*2/3-1, 2)
	cols, rows := imageview.FitCells(f.poster.Bounds().Dx(), f.poster.Bounds().Dy(), min(w, 64), ph, f.preview.CellWidth, f.preview.CellHeight)
	out = append(out, strings.Split(f.preview.View("poster:"+f.file, f.poster, cols, rows), "\n")...)
	cols, rows = imageview.FitCells(f.strip.Bounds().Dx(), f.strip.Bounds().Dy(), min(w, 96), max(h-len(out)-1, 1), f.preview.CellWidth, f.preview.CellHeight)
	out = append(out, strings.Split(f.preview.View("strip:"+f.file, f.strip, cols, rows), "\n")...)
	return append(out, st.Tasks.Muted.Render("poster, then a frame every half second (ffmpeg)"))
}
