package imageview

import (
	"slices"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
)

// kittyQueryID is the id of the kitty graphics query. A query (a=q) stores
// nothing, so any id will do; an unusual one keeps it apart from replies to
// other programs' commands.
const kittyQueryID = 0x5a7e11

// The queries. Terminals answer in order, so when the DA1 reply (which every
// terminal sends) to a round arrives, any earlier query of the round that
// got no answer never will.
const (
	kittyQuery     = "\x1b_Gi=5930513,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\" // i = kittyQueryID
	cellSizeQuery  = "\x1b[16t"                                        // XTWINOPS: a cell's size in pixels
	pixelSizeQuery = "\x1b[14t"                                        // XTWINOPS: the text area's size in pixels
	nameQuery      = "\x1b[>0q"                                        // XTVERSION
	primaryDAQuery = "\x1b[c"                                          // DA1; a 4 in the reply means sixel
	// graphicSizeQuery is XTSMGRAPHICS: read (1) the sixel graphics
	// geometry (2); xterm answers only with all three parameters.
	graphicSizeQuery = "\x1b[?2;1;0S"
	// colourProbe sets a 24-bit foreground, asks which one the terminal
	// holds (DECRQSS for SGR), and resets it: a terminal that keeps 24-bit
	// colour says the same colour back. The renderer leaves the pen reset
	// after every frame, so the reset puts back what it expects.
	colourProbe = "\x1b[38;2;1;2;3m\x1bP$qm\x1b\\\x1b[m" // 1;2;3 = probeRGB
	// nameQueries is the first round: who is there. It holds no APC: tmux
	// and GNU screen take an APC string for a title (tmux's pane title,
	// screen's hardstatus), so the kitty query waits until the first round
	// shows whether it must go wrapped in tmux's passthrough, or not at all.
	nameQueries = nameQuery + primaryDAQuery
	// outerQueries is the second round inside tmux: sent through
	// passthrough, so the terminal outside answers (tmux answers nothing of
	// it), and it names itself.
	outerQueries = kittyQuery + cellSizeQuery + pixelSizeQuery + nameQuery + primaryDAQuery
	// screenQueries is the second round under GNU screen: no APC.
	screenQueries = cellSizeQuery + pixelSizeQuery + primaryDAQuery
)

// replyWait is how long the second round may take inside tmux before the
// terminal outside is taken not to have answered: with tmux's
// allow-passthrough off (its default) the wrapped queries are dropped and
// nothing ever comes.
const replyWait = 2 * time.Second

// outerResendWait is how long the second round inside tmux waits for an
// answer before it goes again. With allow-passthrough on (not "all"), tmux
// 3.5 drops a passthrough sequence while a redraw of the pane or its window
// is due (screen_write_set_client_cb, tty_client_ready), as it is when a
// program has just started and drawn its first frame: the second round,
// sent right then, was lost, and atelier settled for half blocks and the
// hint in a tmux that passes images on. So it goes again until answered,
// outerTries times over replyWait.
const outerResendWait = 250 * time.Millisecond

// outerTries is how many times the second round goes inside tmux.
const outerTries = int(replyWait / outerResendWait)

// queryState is how far the queries have got.
type queryState int

const (
	queryNames    queryState = iota // the first round is out (or about to be)
	queryGraphics                   // the second round is out
	queryDone                       // both answered, or the wait ran out
)

// tmuxState is how far the question to tmux about its client has got.
type tmuxState int

const (
	tmuxUnasked tmuxState = iota
	tmuxAsking
	tmuxAnswered
)

// QueryCmds asks the terminal about its image support. Send it once at
// start (from Init) and pass every message to Capabilities.Update, which
// sends the second round of queries when the first is answered.
//
// Bubble Tea v2 writes a tea.RawMsg to the terminal as it is, and delivers
// the replies as messages: the kitty reply as uv.KittyGraphicsEvent, DA1 as
// uv.PrimaryDeviceAttributesEvent, the cell and window sizes as
// uv.CellSizeEvent and uv.PixelSizeEvent, the graphics geometry as
// uv.UnknownCsiEvent and the SGR report as uv.UnknownDcsEvent (all from
// charmbracelet/ultraviolet, passed through untranslated) and XTVERSION as
// tea.TerminalVersionMsg. One raw write keeps the queries of a round in
// order.
//
// Inside tmux, tmux answers the first round itself (its XTVERSION names
// tmux; its DA1 says whether tmux draws sixel), the second goes through
// passthrough to the terminal outside, which answers only when tmux's
// allow-passthrough is on, and tmux itself is asked (tmux display-message)
// what terminal its client runs in.
func QueryCmds() tea.Cmd {
	return tea.Raw(nameQueries)
}

// outerAgain is the payload of the raw message that ends the wait for the
// answer to the try-th sending of the second round inside tmux: it goes
// again, or after outerTries the terminal outside is taken not to answer.
// A tea.RawMsg writes nothing when its String is empty, and reaches every
// tab, like the replies themselves.
type outerAgain struct{ try int }

func (outerAgain) String() string { return "" }

// Update folds a reply to QueryCmds, or Bubble Tea's colour profile, into c
// and reports whether msg was one. The command it may return sends the next
// round of queries (and, inside tmux, asks tmux and ends the wait for the
// terminal outside), or tells Bubble Tea the terminal shows 24-bit colour.
func (c *Capabilities) Update(msg tea.Msg) (tea.Cmd, bool) {
	var cmd tea.Cmd
	switch msg := msg.(type) {
	case uv.KittyGraphicsEvent:
		switch id := msg.Options.ID; {
		case id == kittyQueryID:
			c.kittyOK = string(msg.Payload) == "OK"
			// Inside tmux only the terminal outside answers it, through
			// passthrough: late (after outerTries), it still shows that
			// passthrough is on.
			c.Passthrough = c.Passthrough || c.Tmux && c.kittyOK
		case ownKittyID(id):
			// A Viewer's command answered: handed on to it as a raw
			// message, which Viewer.Update takes.
			return answerCmd(msg), true
		default:
			return nil, false
		}
	case uv.PrimaryDeviceAttributesEvent:
		cmd = c.deviceAttributes(msg)
	case tea.TerminalVersionMsg:
		c.name(msg.Name)
	case uv.CellSizeEvent:
		if msg.Width > 0 && msg.Height > 0 {
			c.CellWidth, c.CellHeight = msg.Width, msg.Height
		}
	case uv.PixelSizeEvent:
		if msg.Width > 0 && msg.Height > 0 {
			c.pixelW, c.pixelH = msg.Width, msg.Height
		}
	case uv.UnknownCsiEvent:
		w, h, ok := parseGraphicsGeometry(string(msg))
		if !ok {
			return nil, false
		}
		c.MaxGraphicW, c.MaxGraphicH = w, h
	case uv.UnknownDcsEvent:
		tc, ok := parseSGRReport(string(msg))
		if !ok {
			return nil, false
		}
		c.rgbAnswer = c.rgbAnswer || tc
	case tea.CapabilityMsg:
		if !capabilityTrueColor(msg.Content) {
			return nil, false
		}
		c.rgbAnswer = true
	case tea.ColorProfileMsg:
		c.Profile = msg.Profile
		c.TrueColor = msg.Profile == colorprofile.TrueColor
	case tea.RawMsg:
		switch m := msg.Msg.(type) {
		case outerAgain:
			cmd = c.outerAgain(m.try)
		case tmuxClientMsg:
			c.outside(m)
		default:
			return nil, false
		}
	default:
		return nil, false
	}
	c.settle()
	return tea.Batch(cmd, c.upgradeColour()), true
}

// secondRound is the second round of queries outside tmux and GNU screen,
// sent once the first is answered: the kitty query and the sizes, the
// sixel graphics size where the first round showed sixel, the colour probe
// where Bubble Tea settled for 256 colours, and DA1 to end it.
func (c *Capabilities) secondRound() string {
	q := kittyQuery + cellSizeQuery + pixelSizeQuery
	if c.Sixel {
		q += graphicSizeQuery
	}
	if c.probeColour && c.Profile == colorprofile.ANSI256 {
		q += colourProbe
	}
	return q + primaryDAQuery
}

// sendOuter sends the second round through tmux for the try-th time, and
// waits for its answer (see outerResendWait).
func (c *Capabilities) sendOuter(try int) tea.Cmd {
	tick := c.Tick
	if tick == nil {
		tick = tea.Tick
	}
	return tea.Batch(tea.Raw(TmuxPassthrough(outerQueries)),
		tick(outerResendWait, func(time.Time) tea.Msg { return tea.RawMsg{Msg: outerAgain{try: try}} }))
}

// outerAgain takes the end of the wait for the try-th second round inside
// tmux: if it is still unanswered, it goes again, or after outerTries the
// wait is over (no passthrough: half blocks, and the hint).
func (c *Capabilities) outerAgain(try int) tea.Cmd {
	if c.queries != queryGraphics {
		return nil
	}
	if try >= outerTries {
		c.queries = queryDone
		return nil
	}
	return c.sendOuter(try + 1)
}

// deviceAttributes takes a DA1 reply: the end of a round of queries.
func (c *Capabilities) deviceAttributes(da uv.PrimaryDeviceAttributesEvent) tea.Cmd {
	sixel := slices.Contains(da, 4)
	switch c.queries {
	case queryNames:
		c.queries = queryGraphics
		switch {
		case c.Tmux:
			// tmux's own answer: whether it draws sixel itself.
			c.tmuxSixel = sixel
			c.tmuxAsked = tmuxAsking
			return tea.Batch(c.sendOuter(1), c.askTmux())
		case c.screen:
			c.Sixel = c.Sixel || sixel
			return tea.Raw(screenQueries)
		}
		c.Sixel = c.Sixel || sixel
		return tea.Raw(c.secondRound())
	case queryGraphics:
		if c.Tmux {
			// The terminal outside answered through tmux: passthrough is
			// on, and its DA1 says whether tmux may hand it sixel.
			c.Passthrough = true
			c.outerSixel = c.outerSixel || sixel
		} else {
			c.Sixel = c.Sixel || sixel
		}
		c.queries = queryDone
	}
	return nil
}

// upgradeColour returns the command that tells Bubble Tea to render 24-bit
// colour, once, where it settled for 256 colours but the terminal keeps 24
// bits: its DECRQSS or XTGETTCAP answer said so, or tmux, which takes
// 24-bit colour from every program and maps it to what each terminal
// outside shows (and passes on a placement id in a 24-bit underline colour
// unchanged, where it rewrites a palette one: see placementColour).
// Bubble Tea upgrades on a "Tc" or "RGB" answer of its own, but not on
// xterm's "RGB=8", and asks neither.
func (c *Capabilities) upgradeColour() tea.Cmd {
	if c.upgrading || c.Profile != colorprofile.ANSI256 || !(c.Tmux || c.rgbAnswer) {
		return nil
	}
	c.upgrading = true
	return func() tea.Msg { return tea.ColorProfileMsg{Profile: colorprofile.TrueColor} }
}

// Answered reports whether the terminal has answered every query (the DA1
// reply of the second round has arrived, or inside tmux the wait for it ran
// out, and tmux said what terminal it runs in); until then, capabilities
// may still grow.
func (c Capabilities) Answered() bool {
	return c.queries == queryDone && c.tmuxAsked != tmuxAsking
}

// PassthroughOff reports that inside tmux the terminal outside never
// answered: tmux's allow-passthrough is off (or the terminal ignores
// queries), so images are half-block previews. PassthroughHint says what
// to do.
func (c Capabilities) PassthroughOff() bool {
	return c.Tmux && c.queries == queryDone && !c.Passthrough && c.Override == ProtocolAuto
}

// passthroughHelps reports whether the terminal outside tmux could show
// images through passthrough: it has kitty or iTerm2 graphics, or tmux did
// not say which terminal it is.
func (c Capabilities) passthroughHelps() bool {
	switch c.outer.kind {
	case kindUnknown, kindKitty, kindGhostty, kindWezTerm, kindITerm2, kindKonsole:
		return true
	}
	return false
}

// PassthroughHint is said once when PassthroughOff: how to see images sharp.
const PassthroughHint = "tmux: set -g allow-passthrough on to see images sharp in kitty, Ghostty or WezTerm " +
	"(half blocks meanwhile)"

// name folds in an XTVERSION reply, such as "kitty(0.36.2)", "ghostty
// 1.1.3", "WezTerm 20240203-110809-5046fc22", "iTerm2 3.5.0" or "tmux 3.5a".
// Inside tmux the first comes from tmux, a second (through passthrough)
// from the terminal outside.
func (c *Capabilities) name(reply string) {
	t := parseTerminal(reply)
	if t.kind == kindTmux {
		if !c.Tmux {
			// The environment described the terminal tmux was started
			// from; sixel is tmux's call, which its DA1 makes next.
			c.Tmux, c.Sixel = true, false
		}
		if c.Terminal == "" {
			c.Terminal = reply
		}
		return
	}
	c.named, c.Terminal = t, reply
	if c.Tmux {
		c.outer = t
	}
	switch t.kind {
	case kindWezTerm, kindITerm2:
		c.ITerm2 = true
	}
}
