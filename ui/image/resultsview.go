package imagetab

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/store/price"
	"atelier/ui/imageview"
)

// tileView is what the tiles are drawn with.
type tileView struct {
	st      *styles
	viewer  *imageview.Viewer
	prices  price.Table // for the captions' costs
	focused bool        // the results have the keyboard: the selected tile is marked
}

// lines draws the run's tiles side by side in width×h, the tile at sel
// kept in sight: a caption over each image (a word on what comes when
// there is no run).
func (r *run) lines(tv tileView, sel, width, h int) []string {
	if h <= 0 {
		return nil
	}
	if r == nil {
		return centred(tv.st.Tile.Waiting, "Images appear here as they arrive. "+
			"On a setting below the model, g opens the gallery of earlier ones and c runs one prompt on several models.", width, h)
	}
	ts := r.tileList()
	first, shown, cols := window(width, sel, len(ts))
	blocks := make([][]string, 0, shown)
	for i, t := range ts[first : first+shown] {
		blocks = append(blocks, r.tileLines(tv, t, first+i == sel, cols, h))
	}
	return sideBySide(blocks, cols, width, h)
}

// tileLines draws one tile: its caption, then its image or its lane's state.
func (r *run) tileLines(tv tileView, t tile, selected bool, cols, h int) []string {
	style := tv.st.Tile.Caption
	marker := "  "
	if selected && tv.focused {
		style, marker = tv.st.Tile.Selected, "▸ "
	}
	out := []string{style.Render(pad(marker+r.caption(t, tv.prices), cols))}
	rows := h - 1
	if rows <= 0 {
		return out
	}
	if t.pic != nil && t.pic.img != nil {
		if img := tv.viewer.View(t.pic.key, t.pic.img, cols, rows); img != "" {
			return append(out, strings.Split(img, "\n")...) // exactly cols×rows
		}
	}
	var body string
	switch {
	case t.pic != nil && t.pic.img != nil: // images are off: the path is in the footer
		body = tv.st.Tile.Waiting.Render("(images off)")
	case t.pic != nil:
		body = tv.st.Tile.Failed.Render(wrap("no preview: "+oneLine(t.pic.err.Error()), cols))
	case r.blind.hidden() && (t.l.state == laneFailed || t.l.state == laneRefused):
		body = tv.st.Tile.Failed.Render(wrap("this one failed: its error, which may name it, is shown after the vote", cols))
	default:
		body = tv.st.laneState(t.l, cols)
	}
	return append(out, padAll(strings.Split(body, "\n"), cols)...)
}

// caption says what a tile shows: the model when lanes are compared, and
// which image it is.
func (r *run) caption(t tile, prices price.Table) string {
	compared := len(r.lanes) > 1
	b := r.blind
	var parts []string
	switch {
	case b.hidden():
		parts = append(parts, b.letter(t.lane))
	case b != nil:
		parts = append(parts, b.letter(t.lane)+" = "+shortModel(t.l.model))
	case compared:
		parts = append(parts, shortModel(t.l.model))
	}
	switch {
	case t.pic != nil && t.pic.partial > 0 && compared && t.pic.index == 0:
		parts = append(parts, fmt.Sprintf("partial %d", t.pic.partial))
	case t.pic != nil && t.pic.partial > 0:
		parts = append(parts, fmt.Sprintf("image %d · partial %d", t.pic.index+1, t.pic.partial))
	case t.pic != nil:
		if n := max(len(t.l.finals), t.pic.index+1); !compared || n > 1 {
			parts = append(parts, fmt.Sprintf("image %d of %d", t.pic.index+1, n))
		}
		if t.l.state == laneDone && !b.hidden() { // figures give models away
			parts = append(parts, fmt.Sprintf("%.1f s", t.l.total.Seconds()))
			if cost := laneCost(prices, t.l, r.spec); cost != "" {
				parts = append(parts, cost)
			}
		}
	default:
		parts = append(parts, stateWords[t.l.state])
	}
	return strings.Join(parts, " · ")
}

var stateWords = map[laneState]string{
	laneStarting: "sending", laneStreaming: "streaming", laneSaving: "saving",
	laneDone: "done", laneFailed: "failed", laneStopped: "stopped", laneRefused: "not sent",
}

// laneState is what a tile without an image says about its lane.
func (s *styles) laneState(l *lane, cols int) string {
	st := s.Tile
	switch l.state {
	case laneStarting, laneStreaming:
		return st.Waiting.Render("waiting for the first image…")
	case laneFailed:
		return st.Failed.Render(wrap(oneLine(l.err.Error()), cols))
	case laneRefused:
		var b strings.Builder
		for _, v := range l.refused {
			b.WriteString("✗ " + oneLine(v.Error()) + "\n")
		}
		return st.Failed.Render(wrap(strings.TrimSpace(b.String()), cols))
	case laneStopped:
		return st.Waiting.Render("stopped before any image came")
	case laneDone:
		return st.Waiting.Render("no image came back")
	}
	return ""
}

// wrap breaks text to width cols.
func wrap(text string, cols int) string {
	return ansi.Wrap(text, max(cols, 1), " ")
}

// shortModel drops the family from a model name ("gamma/image-2" is
// "image-2"), for captions that sit side by side.
func shortModel(name string) string {
	if _, rest, ok := strings.Cut(name, "/"); ok && rest != "" {
		return rest
	}
	return name
}
