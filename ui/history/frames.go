package history

import (
	"context"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/imageview"
)

// An open video's poster frame and a strip of its first frames,
// cut by ffmpeg where it is installed and shown as pictures; without
// ffmpeg the section is not there, and nothing stands in for it.

// framesTimeout bounds ffmpeg on one video.
const framesTimeout = 20 * time.Second

// Keys of the two pictures among an opening's decoded images: no image
// file has a negative id.
const (
	posterID = -1
	stripID  = -2
)

// framesMsg answers framesCmd: the PNGs of one opening's video.
type framesMsg struct {
	seq    int
	frames imageview.Frames
	err    error
}

// framesCmd cuts the frames of the open video at path, when ffmpeg is
// installed; nil otherwise.
func framesCmd(seq int, it *loaded, ffmpeg func() string) tea.Cmd {
	if it == nil || it.video == nil || it.video.VideoPath == "" {
		return nil
	}
	fl := it.files[it.video.VideoPath]
	bin := ffmpeg()
	if !fl.found || bin == "" {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), framesTimeout)
		defer cancel()
		f, err := imageview.VideoFrames(ctx, bin, fl.abs)
		return result(framesMsg{seq: seq, frames: f, err: err})
	}
}

// framesCut decodes the frames cut for this opening, as its pictures are.
func (r reader) framesCut(e tabEnv, msg framesMsg) (reader, tea.Cmd) {
	if !r.open || msg.seq != r.seq {
		return r, nil
	}
	if msg.err != nil {
		r.imageErrs[imageKey(r.seq, posterID)] = msg.err.Error()
		r.relayout(e)
		return r, nil
	}
	return r, tea.Batch(decodeBytes(imageKey(r.seq, posterID), msg.frames.Poster), decodeBytes(imageKey(r.seq, stripID), msg.frames.Strip))
}

// framesBlock shows the poster over the strip, once cut; nothing before.
func (lc *layoutCtx) framesBlock() []block {
	pk, sk := imageKey(lc.seq, posterID), imageKey(lc.seq, stripID)
	if msg := lc.imageErrs[pk]; msg != "" {
		return []block{lc.section("Frames", []string{lc.st.Problem.Render(ansi.Truncate("cannot cut: "+msg, lc.width-2, "…"))})}
	}
	var lines []string
	for i, k := range []string{pk, sk} {
		img := lc.images[k]
		if img == nil || lc.preview == nil {
			continue
		}
		var cw, ch int
		cw, ch = lc.preview.CellWidth, lc.preview.CellHeight
		maxRows := max(min(lc.height/3, 12), 3)
		if i == 1 {
			maxRows = max(min(lc.height/6, 5), 2)
		}
		cols, rows := imageview.FitCells(img.Bounds().Dx(), img.Bounds().Dy(), max(min(lc.width-2, 64), 8), maxRows, cw, ch)
		lines = append(lines, splitLines(lc.preview.View(k, img, cols, rows))...)
	}
	if len(lines) == 0 {
		return nil
	}
	lines = append(lines, lc.st.Hint.Render("poster, then a frame every half second (ffmpeg)"))
	return []block{lc.section("Frames", lines)}
}

// splitLines is a drawn picture's lines.
func splitLines(s string) []string { return strings.Split(s, "\n") }

// decodeBytes decodes a PNG cut in memory, as decodeFile does a file.
func decodeBytes(key string, data []byte) tea.Cmd {
	return func() tea.Msg { return result(imageview.DecodeCmd(key, data, imageview.Limits{})()) }
}
