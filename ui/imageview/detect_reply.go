package imageview

import (
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	uv "github.com/charmbracelet/ultraviolet"
)

// kittyQueryID is the id of the kitty graphics query. A query (a=q) stores
// nothing, so any id will do; an unusual one keeps it apart from replies to
// other programs' commands.
const kittyQueryID = 0x5a7e11

// Query sequences, sent together and in this order: terminals answer in
// order, so when the DA1 reply (which every terminal sends) arrives, any
// earlier query that got no answer never will.
const (
	kittyQuery      = "\x1b_Gi=5930513,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\" // i = kittyQueryID
	cellSizeQuery   = "\x1b[16t"                                        // XTWINOPS: cell size in pixels
	nameQuery       = "\x1b[>0q"                                        // XTVERSION
	primaryDAQuery  = "\x1b[c"                                          // DA1; a 4 in the reply means sixel
	allImageQueries = kittyQuery + cellSizeQuery + nameQuery + primaryDAQuery
)

// QueryCmds asks the terminal about its image support. Send it once at
// start (from Init) and pass every message to Capabilities.Update.
//
// Bubble Tea v2 writes a tea.RawMsg to the terminal as it is, and delivers
// the replies as messages: the kitty reply as uv.KittyGraphicsEvent, DA1 as
// uv.PrimaryDeviceAttributesEvent, the cell size as uv.CellSizeEvent (all
// from charmbracelet/ultraviolet, passed through untranslated) and XTVERSION
// as tea.TerminalVersionMsg. One raw write keeps the queries in order.
//
// Inside tmux the replies come from tmux itself: tmux does not forward the
// kitty query, its DA1 says whether tmux draws sixel, and its XTVERSION
// names tmux; the environment has to tell about the terminal outside.
func QueryCmds() tea.Cmd {
	return tea.Raw(allImageQueries)
}

// Update folds a reply to QueryCmds, or Bubble Tea's colour profile, into c
// and reports whether msg was one.
func (c *Capabilities) Update(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case uv.KittyGraphicsEvent:
		if msg.Options.ID != kittyQueryID {
			return false
		}
		c.kittyOK = string(msg.Payload) == "OK"
	case uv.PrimaryDeviceAttributesEvent:
		c.Sixel = c.Sixel || slices.Contains(msg, 4)
		c.answered = true
	case tea.TerminalVersionMsg:
		c.name(msg.Name)
	case uv.CellSizeEvent:
		if msg.Width > 0 && msg.Height > 0 {
			c.CellWidth, c.CellHeight = msg.Width, msg.Height
		}
	case tea.ColorProfileMsg:
		c.TrueColor = msg.Profile == colorprofile.TrueColor
	default:
		return false
	}
	c.settle()
	return true
}

// Answered reports whether the terminal has answered every query (its DA1
// reply, sent last, has arrived); until then, capabilities may still grow.
func (c Capabilities) Answered() bool { return c.answered }

// name folds in the terminal's XTVERSION reply, such as "kitty(0.36.2)",
// "ghostty 1.1.3", "WezTerm 20240203-110809-5046fc22" or "iTerm2 3.5.0".
func (c *Capabilities) name(reply string) {
	c.Terminal = reply
	lower := strings.ToLower(reply)
	switch {
	case strings.HasPrefix(lower, "kitty"), strings.HasPrefix(lower, "ghostty"):
		c.kittyNamed = true
	case strings.HasPrefix(lower, "wezterm"):
		c.ITerm2, c.noPlaceholders = true, true
	case strings.HasPrefix(lower, "iterm2"):
		c.ITerm2 = true
	case strings.HasPrefix(lower, "konsole"):
		c.noPlaceholders = true
	case strings.HasPrefix(lower, "tmux"):
		c.Tmux = true
	}
}
