package history

import (
	"time"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/imageview"
)

// tabEnv is what the tab's parts (the list browsed, the open item, the
// costs view, a deletion asked) work with and do not own: the store they
// read, the clock, the rates, the keys, the looks, the size and the UI
// loop's caches. The Model hands a fresh one to each call (env), so a part
// never reaches back into the Model; the Model adopts what the part gives
// back.
type tabEnv struct {
	db            *store.Store
	now           func() time.Time
	ffmpeg        func() string // the ffmpeg of the frames, "" for none
	prices        price.Table   // nil: no cost shown
	km            keyMap
	st            styles
	dark          bool
	width, height int
	asking        bool               // a deletion's question (or a label's) takes the last line
	md            *mdCache           // rendered replies
	preview       *imageview.Preview // half-block renderings
}

// env is the parts' environment now.
func (m Model) env() tabEnv {
	return tabEnv{db: m.db, now: m.now, ffmpeg: m.ffmpeg, prices: m.prices, km: m.km, st: m.st, dark: m.dark, width: m.width,
		height: m.height, asking: m.del.asking() || m.label.Asking(), md: m.md, preview: m.preview}
}
