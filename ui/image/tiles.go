package imagetab

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// minTileWidth is the narrowest a tile gets before tiles scroll instead.
const minTileWidth = 24

// tile is one place in the results: a picture of a lane, or the lane's
// state while it has none.
type tile struct {
	lane int
	l    *lane
	pic  *picture // nil: the lane has no image yet
	n    int      // the picture's place among the lane's pictures
}

// tileList is every tile of the run: each lane's pictures, or one
// placeholder for a lane without any.
func (r *run) tileList() []tile {
	if r == nil {
		return nil
	}
	var out []tile
	for _, i := range r.order() {
		l := r.lanes[i]
		pics := l.pictures()
		if len(pics) == 0 {
			out = append(out, tile{lane: i, l: l})
			continue
		}
		for k := range pics {
			out = append(out, tile{lane: i, l: l, pic: &pics[k], n: k})
		}
	}
	return out
}

// selected is the tile at sel (the last one past the end), if any.
func (r *run) selected(sel int) (tile, bool) {
	ts := r.tileList()
	if len(ts) == 0 {
		return tile{}, false
	}
	return ts[min(sel, len(ts)-1)], true
}

// window is which tiles fit side by side in width, keeping the selected
// one in sight, and how wide each is.
func window(width, sel, count int) (first, shown, cols int) {
	if count == 0 {
		return 0, 0, 0
	}
	shown = max(1, min(count, (width+1)/(minTileWidth+1)))
	first = max(0, min(sel-shown+1, count-shown))
	return first, shown, max(1, (width-(shown-1))/shown)
}

// step is the selection sel moved by d tiles, staying in the run (sel
// itself when there are no tiles).
func (r *run) step(sel, d int) int {
	n := len(r.tileList())
	if n == 0 {
		return sel
	}
	return max(0, min(n-1, sel+d))
}

// images are what the terminal needs for the images on screen, the
// gallery's or the results': their placement (kitty graphics: a
// transmission, or a placement after a resize; nothing with half blocks),
// and the viewer's word on how images are shown (inside tmux without
// passthrough: how to turn it on), once, as a notice, when an image is on
// screen and no run is under way (whose notices would cover it).
func (m Model) images() (place, hint tea.Cmd) {
	shows := m.page.run.showsImage()
	switch m.area {
	case stripArea:
		place, shows = placeStrip(m.strip, m.viewer)
	case galleryArea:
		place, shows = m.gallery.placeThumb(m.viewer, m.width, m.height), m.gallery.showsImage()
	default:
		// An image's height: the tab's, less the form's (and the question's)
		// lines, the blank under them, the caption and the footer. The form
		// is drawn to count them only when there is an image to place: not
		// for every key typed into it before a run.
		if shows {
			place = m.page.place(m.width, m.height-len(m.topLines())-3)
		}
	}
	if m.page.running() || !shows {
		return place, nil
	}
	if h := m.viewer.Hint(); h != "" {
		hint = tab.Info(h) // how to see images better: no success, no fault
	}
	return place, hint
}

// showsImage reports whether a tile of the run has an image to show.
func (r *run) showsImage() bool {
	for _, t := range r.tileList() {
		if t.pic != nil && t.pic.img != nil {
			return true
		}
	}
	return false
}
