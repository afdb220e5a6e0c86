package imageview

import (
	"image"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
)

// Inside tmux, what a program writes is not what the terminal gets. With
// allow-passthrough on (not "all"), tmux drops a passthrough sequence from
// a pane whose redraw is due (screen_write_set_client_cb: PANE_REDRAW, and
// a redraw waits while the terminal has not read what tmux last wrote) —
// as after a program enters or leaves the alternate screen, which Bubble
// Tea does around every paused program. A kitty image sent then never
// arrives: its tile stays blank. So inside tmux the Viewer's transmissions
// and placements ask for kitty's answer ("OK" once the whole image is in),
// the placeholders are drawn once it comes, and a command that gets no
// answer within ackWait is sent again, up to ackTries times; after that
// the Viewer shows half blocks and says why (LostHint).

// ackWait is how long an answer to a command may take: a large image
// through tmux to a busy terminal takes a while.
const ackWait = 3 * time.Second

// ackTries is how many times a command goes before the Viewer gives up.
const ackTries = 3

// LostHint is said once when, inside tmux, the terminal never confirmed an
// image: half blocks from then on.
const LostHint = "tmux: kitty images did not get through (set -g allow-passthrough all keeps them coming " +
	"while tmux redraws); half blocks meanwhile"

// kittyAnswer is kitty's answer to a Viewer's command (a transmission or
// placement inside tmux, or a sync query), which Capabilities.Update passes
// on as the payload of a raw message: it writes nothing, and reaches every
// tab as the replies do.
type kittyAnswer struct {
	image, placement uint32
	ok               bool
}

func (kittyAnswer) String() string { return "" }

// ackDeadline ends the wait for the answer to the try-th sending of
// placement p.
type ackDeadline struct {
	p   Placement
	try int
}

func (ackDeadline) String() string { return "" }

// ownKittyID reports whether a kitty reply's id is one a Viewer uses: a
// sync query's, or an image id as nextID hands them out (and the full
// screen's).
func ownKittyID(id int) bool {
	return isSyncID(id) || id >= 0 && id <= 0xffffffff && id&0xffff00 == 0 && id&0xff >= 16
}

// answerCmd passes a kitty reply on to the Viewer.
func answerCmd(e uv.KittyGraphicsEvent) tea.Cmd {
	a := kittyAnswer{image: uint32(e.Options.ID), placement: uint32(max(e.Options.PlacementID, 0)), ok: string(e.Payload) == "OK"}
	return func() tea.Msg { return tea.RawMsg{Msg: a} }
}

// awaitAnswer notes that p of k has been handed to tmux and waits for the
// terminal's answer.
func (v *Viewer) awaitAnswer(k *kittyImage, p Placement) tea.Cmd {
	k.sent = p
	try := k.tries
	return v.Tick(ackWait, func(time.Time) tea.Msg { return tea.RawMsg{Msg: ackDeadline{p: p, try: try}} })
}

// answered takes kitty's answer: the end of a sync, or a command of an
// image confirmed (shown from now on) or refused (sent again, whole).
func (v *Viewer) answered(a kittyAnswer) tea.Cmd {
	if int(a.image) == v.sync {
		v.sync = 0
		return nil
	}
	for key, k := range v.kitty {
		if k.id != a.image || k.sent.ID == 0 || (a.placement != 0 && a.placement != k.sent.ID) {
			continue
		}
		p := k.sent
		k.sent = Placement{}
		if !a.ok {
			// kitty has no such image (a transmission lost in part):
			// it goes again, whole.
			v.again(k)
			k.shown = Placement{}
			return nil
		}
		k.tries = 0
		return v.arrived(key, k, p)
	}
	return nil
}

// unanswered takes the end of a wait for an answer that did not come: the
// command goes again, or, after ackTries, the Viewer gives up.
func (v *Viewer) unanswered(d ackDeadline) {
	for _, k := range v.kitty {
		if k.id == d.p.Image && k.sent == d.p && k.tries == d.try {
			k.sent = Placement{}
			v.again(k)
			return
		}
	}
}

// again marks k to be sent again by the next Prepare, or gives up.
func (v *Viewer) again(k *kittyImage) {
	k.tries++
	if k.tries >= ackTries {
		v.lost = true
		return
	}
	k.pending, k.resend = false, true
}

// sendAgain sends k again: the whole image while the terminal has never
// confirmed it, else the placement at the size wanted.
func (v *Viewer) sendAgain(k *kittyImage, img image.Image) tea.Cmd {
	k.resend, k.pending = false, true
	if k.shown.ID == 0 {
		k.want.ID = 1
		return v.encoder().TransmitCmd(img, k.want)
	}
	k.want.ID = otherPlacement(k.shown.ID)
	return v.encoder().PlaceCmd(k.want)
}

// inline is the inline protocol: the terminal's, unless images never got
// through tmux.
func (v *Viewer) inline() Protocol {
	p := v.Caps.Inline()
	if p == ProtocolKitty && v.lost && v.Caps.Override != ProtocolKitty {
		return ProtocolHalfBlock
	}
	return p
}
