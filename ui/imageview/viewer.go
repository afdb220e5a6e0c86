package imageview

import (
	"image"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
)

// retireDelay is how long an image that left the view stays in the
// terminal: Bubble Tea writes raw bytes before the next frame, so a delete
// sent at once could reach the terminal while the frame still showing the
// image is on its way, and the terminal would draw a blank there for a
// moment. A few frames later, nothing shows it.
const retireDelay = 100 * time.Millisecond

// Viewer shows images inside views with the best inline protocol the
// terminal has: kitty placeholders, else the half-block preview. Images are
// named by a key (one per image, a new one for each partial image). It
// belongs to the UI loop: Prepare and Update from Update, View from View.
// Keep one per program (the root model's), since it allocates kitty ids.
//
// What the terminal shows never changes under text already on screen: a
// new size goes to the image's other placement (placement ids 1 and 2 take
// turns, the placeholder text naming its own), one command per image is on
// its way at a time, an image that takes another's place (Succeed) shows
// the old one until it is in the terminal, and deletes wait for the frames
// that stop showing an image. So nothing tears while images stream or the
// window is resized.
type Viewer struct {
	Caps Capabilities
	// Tick is tea.Tick, which schedules the deletes; tests swap it for one
	// that does not wait.
	Tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd

	preview Preview
	kitty   map[string]*kittyImage
	next    uint32 // counter behind the next kitty id
	// orphans are ids forgotten while their transmission was still being
	// encoded: they are deleted once it has gone out.
	orphans map[uint32]bool
	// stand holds, per key, the image shown in its place until its own
	// has reached the terminal (Succeed).
	stand  map[string]*kittyImage
	hinted bool // PassthroughHint was said
	// lost: inside tmux, the terminal never confirmed an image (see
	// viewer_ack.go): half blocks from then on; lostHinted: LostHint was
	// said.
	lost, lostHinted bool
	// sync is the sync query (see Refresh) whose answer Prepare waits
	// for, 0 when none; syncs counts them.
	sync, syncs int
	syncTries   int // sync queries sent since the last answer
}

// kittyImage is an image the terminal holds, with its placements and the
// placeholder text for the one on screen.
type kittyImage struct {
	id uint32
	// want is the placement the last Prepare asked for; shown the one the
	// terminal has been handed last, which the text shows (zero until the
	// transmission has gone out). pending: a command is on its way.
	want, shown Placement
	pending     bool
	// written: the transmission has been handed to the terminal (a
	// delete may follow it).
	written bool
	// Inside tmux (see viewer_ack.go): sent is the command handed to the
	// terminal whose answer is awaited (zero: none), tries how many times
	// it went, resend that its answer did not come and Prepare sends it
	// again.
	sent   Placement
	tries  int
	resend bool
	// text is the placeholder text of shown, centred in boxCols×boxRows.
	text             string
	boxCols, boxRows int
	form             placeholderForm
}

// NewViewer returns a Viewer for a terminal with caps. seed varies the kitty
// image ids between programs sharing one terminal (tmux panes, say): pass
// something like the process id.
func NewViewer(caps Capabilities, seed uint32) *Viewer {
	return &Viewer{Caps: caps, next: seed, Tick: tea.Tick}
}

// Prepare returns the command that must run before View can show img under
// key in cols×rows cells — with kitty graphics, the transmission, or a new
// placement after a resize — or nil when there is nothing to send (yet: a
// size asked for while the image's last command is on its way is sent when
// Update sees that one arrive). Call it from Update when an image arrives or
// the view changes size.
func (v *Viewer) Prepare(key string, img image.Image, cols, rows int) tea.Cmd {
	if v.inline() != ProtocolKitty || cols <= 0 || rows <= 0 || v.sync != 0 {
		return nil
	}
	b := img.Bounds()
	cw, ch, _ := v.Caps.Cell()
	pc, pr := FitCells(b.Dx(), b.Dy(), min(cols, kittyMaxCells), min(rows, kittyMaxCells), cw, ch)
	if pc == 0 {
		return nil
	}
	if k, ok := v.kitty[key]; ok {
		if k.resend {
			k.want.Cols, k.want.Rows = pc, pr
			return v.sendAgain(k, img)
		}
		if k.want.Cols == pc && k.want.Rows == pr {
			return nil
		}
		k.want.Cols, k.want.Rows = pc, pr
		if k.pending {
			return nil
		}
		return v.place(k)
	}
	if v.kitty == nil {
		v.kitty = make(map[string]*kittyImage)
	}
	id := v.nextID()
	k := &kittyImage{id: id, want: Placement{Image: id, ID: 1, Cols: pc, Rows: pr}, pending: true}
	v.kitty[key] = k
	return v.encoder().TransmitCmd(img, k.want)
}

// place sends k's wanted size to the placement the text does not show.
func (v *Viewer) place(k *kittyImage) tea.Cmd {
	k.want.ID = otherPlacement(k.shown.ID)
	k.pending = true
	return v.encoder().PlaceCmd(k.want)
}

// otherPlacement is the placement id that is not id (1 and 2 take turns).
func otherPlacement(id uint32) uint32 {
	if id == 1 {
		return 2
	}
	return 1
}

// Update notes that a transmission or placement from Prepare has been
// handed to the terminal (inside tmux: that the terminal has confirmed it),
// so View may draw its placeholders. Pass it every message (it looks at
// tea.RawMsg only: Capabilities.Update turns the terminal's answers into
// those). The command it may return sends a size asked for meanwhile,
// deletes an image that is no longer shown, or waits for an answer.
func (v *Viewer) Update(msg tea.Msg) tea.Cmd {
	raw, ok := msg.(tea.RawMsg)
	if !ok {
		return nil
	}
	switch m := raw.Msg.(type) {
	case syncDeadline:
		return v.syncUnanswered(m)
	case kittyAnswer:
		return v.answered(m)
	case ackDeadline:
		v.unanswered(m)
	case kittySent:
		return v.handed(m)
	}
	return nil
}

// handed takes a command Bubble Tea has written to the terminal.
func (v *Viewer) handed(sent kittySent) tea.Cmd {
	id := sent.p.Image
	if v.orphans[id] {
		delete(v.orphans, id)
		return tea.Raw(v.encoder().Delete(id))
	}
	for key, k := range v.kitty {
		if k.id != id {
			continue
		}
		k.written = true
		if sent.ack {
			return v.awaitAnswer(k, sent.p)
		}
		return v.arrived(key, k, sent.p)
	}
	return nil
}

// arrived shows placement p of k, which is in the terminal: the image it
// stood in for goes, and a size asked for meanwhile is sent.
func (v *Viewer) arrived(key string, k *kittyImage, p Placement) tea.Cmd {
	k.shown, k.pending, k.text = p, false, ""
	var cmds []tea.Cmd
	if old, ok := v.stand[key]; ok {
		delete(v.stand, key)
		cmds = append(cmds, v.retire(old.id))
	}
	if k.want.Cols != k.shown.Cols || k.want.Rows != k.shown.Rows {
		cmds = append(cmds, v.place(k))
	}
	return tea.Batch(cmds...)
}

// View returns img under key as rows lines of cols cells: kitty placeholder
// text once Update has seen the image go out (or, until then, that of the
// image it succeeds), else a half-block preview, both cached; "" when
// images are off. The caller shows the file path anyway.
func (v *Viewer) View(key string, img image.Image, cols, rows int) string {
	switch v.inline() {
	case ProtocolOff:
		return ""
	case ProtocolKitty:
		if k, ok := v.kitty[key]; ok && k.fits(cols, rows) {
			return v.kittyText(k, cols, rows)
		}
		if k, ok := v.stand[key]; ok && k.fits(cols, rows) {
			return v.kittyText(k, cols, rows)
		}
	}
	if cw, ch, ok := v.Caps.Cell(); ok {
		v.preview.CellWidth, v.preview.CellHeight = cw, ch
	}
	v.preview.Profile = v.Caps.Profile
	return v.preview.View(key, img, cols, rows)
}

// fits reports whether k is in the terminal at a size that fits cols×rows.
func (k *kittyImage) fits(cols, rows int) bool {
	return k.shown.ID != 0 && k.shown.Cols <= cols && k.shown.Rows <= rows
}

// Forget drops what the Viewer keeps for key and returns the command that
// frees the terminal's copy of a kitty image, or nil (also when the image is
// still on its way: Update deletes it once it has been sent).
func (v *Viewer) Forget(key string) tea.Cmd {
	v.preview.Forget(key)
	var cmds []tea.Cmd
	if old, ok := v.stand[key]; ok {
		delete(v.stand, key)
		cmds = append(cmds, v.retire(old.id))
	}
	k, ok := v.kitty[key]
	if !ok {
		return tea.Batch(cmds...)
	}
	delete(v.kitty, key)
	if !k.written {
		// Still being encoded: a delete now would reach the terminal first.
		if v.orphans == nil {
			v.orphans = make(map[uint32]bool)
		}
		v.orphans[k.id] = true
		return tea.Batch(cmds...)
	}
	return tea.Batch(append(cmds, v.retire(k.id))...)
}

// Succeed is Forget(old) for an image that next takes the place of (a new
// partial image, say): until next is in the terminal, View(next) shows old,
// instead of the half-block preview, and old is deleted after that.
func (v *Viewer) Succeed(old, next string) tea.Cmd {
	k, ok := v.kitty[old]
	if !ok || k.shown.ID == 0 || old == next {
		return v.Forget(old)
	}
	v.preview.Forget(old)
	delete(v.kitty, old)
	if v.stand == nil {
		v.stand = make(map[string]*kittyImage)
	}
	var cmd tea.Cmd
	if prev, ok := v.stand[next]; ok {
		cmd = v.retire(prev.id)
	}
	k.text = "" // it may be drawn in another box
	v.stand[next] = k
	return cmd
}

// Refresh sends every kitty image again, under a new id, as Prepare is
// next called for it: after a paused program (tea.Exec: a full-screen
// image, an editor — from any tab), which Bubble Tea leaves the alternate
// screen for and enters again, the terminal may no longer have them (other
// kitty-graphics terminals clear a screen's images as they enter it), and
// a tab cannot tell that from a resize. Until its new copy is in the
// terminal, each image shows the old one (still there after a resize), as
// with Succeed; the old one is deleted after.
//
// Bubble Tea queues its return to the alternate screen with the first
// frame after the pause, and writes raw messages before frames: an image
// sent at once could reach the terminal while it is still on the main
// screen, and kitty keeps each screen's images apart, so the alternate
// screen's placeholders found nothing (the tiles stayed blank until a
// resize). So Refresh first asks the terminal a question (a kitty query
// that stores nothing) and Prepare sends nothing until the answer is in
// (Capabilities.Update passes it on): the terminal answers in order, so by
// then the frame that went out with the question, and the return to the
// alternate screen in it, are behind. Without an answer within syncWait,
// the images go anyway.
func (v *Viewer) Refresh() tea.Cmd {
	var cmds []tea.Cmd
	for key, k := range v.kitty {
		delete(v.kitty, key)
		if !k.written {
			if v.orphans == nil {
				v.orphans = make(map[uint32]bool)
			}
			v.orphans[k.id] = true
			continue
		}
		if k.shown.ID == 0 { // sent, never confirmed: nothing to stand in
			cmds = append(cmds, v.retire(k.id))
			continue
		}
		if prev, ok := v.stand[key]; ok {
			cmds = append(cmds, v.retire(prev.id))
		}
		if v.stand == nil {
			v.stand = make(map[string]*kittyImage)
		}
		k.text = ""
		v.stand[key] = k
	}
	if len(v.stand) > 0 {
		cmds = append(cmds, v.startSync())
	}
	return tea.Batch(cmds...)
}

// retire deletes image id from the terminal a few frames from now, once
// no frame on its way shows it.
func (v *Viewer) retire(id uint32) tea.Cmd {
	seq := v.encoder().Delete(id)
	return v.Tick(retireDelay, func(time.Time) tea.Msg { return tea.RawMsg{Msg: seq} })
}

// Hint returns, once each, what the user should know about how images are
// shown (PassthroughHint inside tmux without passthrough, unless tmux said
// the terminal outside has no graphics passthrough would reach; LostHint
// when images never got through tmux), or "".
func (v *Viewer) Hint() string {
	if v.lost && !v.lostHinted {
		v.lostHinted = true
		return LostHint
	}
	if v.hinted || !v.Caps.PassthroughOff() || !v.Caps.passthroughHelps() {
		return ""
	}
	v.hinted = true
	return PassthroughHint
}

// encoder writes the Viewer's kitty commands: inside tmux wrapped, and
// answered (see viewer_ack.go).
func (v *Viewer) encoder() Kitty {
	cw, ch, _ := v.Caps.Cell()
	return Kitty{Tmux: v.Caps.Tmux, Answered: v.Caps.Tmux, CellWidth: cw, CellHeight: ch}
}

// nextID returns a kitty image id that both placeholder forms can carry:
// a low byte of 16..255 (a palette index past the basic 16 colours), zero
// middle bytes, and any high byte (sent as a third diacritic).
func (v *Viewer) nextID() uint32 {
	c := v.next
	v.next++
	return (c/240%256)<<24 | (16 + c%240)
}

// kittyText returns k's placeholder text centred in cols×rows, cached.
func (v *Viewer) kittyText(k *kittyImage, cols, rows int) string {
	tc, pc := v.Caps.placeholderForm()
	form := placeholderForm{tc, pc}
	if k.text != "" && k.boxCols == cols && k.boxRows == rows && k.form == form {
		return k.text
	}
	ph := placeholder(k.shown, tc, pc)
	k.text, k.boxCols, k.boxRows, k.form = centre(ph, k.shown.Cols, k.shown.Rows, cols, rows), cols, rows, form
	return k.text
}

// placeholderForm is what Capabilities.placeholderForm decided, kept with
// the text drawn by it.
type placeholderForm struct {
	trueColorID bool
	placement   placementColour
}

// centre pads w×h cells of text (lines joined by \n) with spaces to fill
// cols×rows, the block in the middle.
func centre(text string, w, h, cols, rows int) string {
	left, top := (cols-w)/2, (rows-h)/2
	blank := strings.Repeat(" ", cols)
	padL, padR := strings.Repeat(" ", left), strings.Repeat(" ", cols-w-left)
	var b strings.Builder
	b.Grow(len(text) + rows*(cols+1))
	lines := strings.Split(text, "\n")
	for y := range rows {
		if y > 0 {
			b.WriteByte('\n')
		}
		if y < top || y >= top+h {
			b.WriteString(blank)
			continue
		}
		b.WriteString(padL)
		b.WriteString(lines[y-top])
		b.WriteString(padR)
	}
	return b.String()
}
