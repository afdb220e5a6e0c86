package imageview

import (
	"context"
	"os/exec"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Inside tmux the terminal's replies are tmux's: its DA1 says sixel when
// tmux was built with sixel, whatever the terminal outside can draw, and
// tmux then draws a sixel image as a box of '+' reading "SIXEL IMAGE"
// there. So the decision is made from the terminal outside, which tmux
// describes (its name, its XTVERSION reply, the features tmux found in it)
// to anyone who asks, allow-passthrough or not.

// tmuxClientFormat asks tmux about its client's terminal, a line each.
const tmuxClientFormat = "#{client_termname}\n#{client_termtype}\n#{client_termfeatures}"

// tmuxClient is what tmux says of the terminal outside it.
type tmuxClient struct {
	termName string   // the client's TERM: "xterm-kitty"
	termType string   // its XTVERSION (or DA2) reply: "kitty(0.41.1)", "XTerm(379)"
	features []string // what tmux uses of it: "RGB", "sixel", "clipboard", …
}

// maxTmuxField bounds each line of tmux's answer (a terminal's name, or
// tmux's feature list, is far shorter).
const maxTmuxField = 512

// parseTmuxClient reads tmux's answer to tmuxClientFormat. ok is false when
// it is not three lines or names no terminal (tmux has no client: a
// detached session).
func parseTmuxClient(out string) (tmuxClient, bool) {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 3 {
		return tmuxClient{}, false
	}
	for _, l := range lines {
		if len(l) > maxTmuxField {
			return tmuxClient{}, false
		}
	}
	c := tmuxClient{termName: strings.TrimSpace(lines[0]), termType: strings.TrimSpace(lines[1])}
	for f := range strings.SplitSeq(lines[2], ",") {
		if f = strings.TrimSpace(f); f != "" {
			c.features = append(c.features, f)
		}
	}
	if c.termName == "" && c.termType == "" {
		return tmuxClient{}, false
	}
	return c, true
}

// sixel reports whether tmux hands sixel images on to this terminal: the
// terminal answered DA1 with sixel (tmux's "sixel" feature), which is the
// test tmux makes before drawing a box of '+' instead.
func (t tmuxClient) sixel() bool { return slices.Contains(t.features, "sixel") }

// terminal is the outside terminal as its reply (or else its TERM) names it.
func (t tmuxClient) terminal() terminal {
	if t.termType != "" {
		return parseTerminal(t.termType)
	}
	if t.termName == "xterm-kitty" {
		return terminal{kind: kindKitty, name: t.termName}
	}
	if t.termName == "xterm-ghostty" {
		return terminal{kind: kindGhostty, name: t.termName}
	}
	return terminal{kind: kindOther, name: t.termName}
}

// tmuxClientMsg carries tmux's answer (ok false: none) to Update, as the
// payload of a raw message: it writes nothing, and reaches every tab, as
// the terminal's replies do (the tab that asked may not be showing).
type tmuxClientMsg struct {
	client tmuxClient
	ok     bool
}

func (tmuxClientMsg) String() string { return "" }

// askTmux returns the command that asks tmux about its client's terminal.
func (c *Capabilities) askTmux() tea.Cmd {
	display := c.TmuxDisplay
	if display == nil {
		display = tmuxDisplay
	}
	return func() tea.Msg {
		out, err := display(tmuxClientFormat)
		if err != nil {
			return tea.RawMsg{Msg: tmuxClientMsg{}}
		}
		client, ok := parseTmuxClient(out)
		return tea.RawMsg{Msg: tmuxClientMsg{client: client, ok: ok}}
	}
}

// tmuxDisplay runs `tmux display-message -p format` (the tmux on PATH,
// which finds its server through $TMUX), given as long as the replies.
func tmuxDisplay(format string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), replyWait)
	defer cancel()
	out, err := exec.CommandContext(ctx, "tmux", "display-message", "-p", format).Output()
	return string(out), err
}

// outside folds in tmux's answer about the terminal outside.
func (c *Capabilities) outside(msg tmuxClientMsg) {
	c.tmuxAsked = tmuxAnswered
	if !msg.ok {
		return
	}
	c.outerSixel = c.outerSixel || msg.client.sixel()
	t := msg.client.terminal()
	c.outer = t
	if c.Terminal == "" || parseTerminal(c.Terminal).kind == kindTmux {
		c.Terminal = t.String()
	}
}
