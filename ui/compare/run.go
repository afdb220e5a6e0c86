package compare

import (
	"context"
	"encoding/json"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store/price"
	"atelier/ui/markdown"
)

// run is one comparison on screen: a prompt sent to 2–4 targets, live or
// opened from history as it was recorded.
type run struct {
	seq     int   // messages about this run carry it; others are stale
	convID  int64 // its conversation in history; 0 until recorded, or never
	turn    int   // the prompt's turn in it: 0 but for comparisons made elsewhere
	prompt  string
	system  string
	lanes   []lane
	stopped bool     // esc before the streams began: they never start
	tags    []string // the person's tags on the comparison (#)
	pick    *pick    // the judge's pick (J); nil until asked
	alts    []int64  // the runs of its prompt on its targets, with it (alternatives.go)
}

// laneState is where a column's reply stands.
type laneState int

const (
	waiting   laneState = iota // sent, nothing back yet
	streaming                  // text is coming
	done                       // the reply ended normally
	failed                     // an error ended it (err says which)
	stopped                    // the person stopped it, or it was cut off
)

// ended reports whether the column's reply is over, one way or another.
func (s laneState) ended() bool { return s >= done }

// lane is one column: a target and its reply.
type lane struct {
	target client.ChatTarget
	// slot is the column's lane in history: a blind run's columns are in
	// the order shown, which may not be the order recorded.
	slot int
	// mayName says the ended reply may name its own model (rank.MayNameModel):
	// a blind column says so rather than edit the text.
	mayName bool
	md      markdown.Model
	// hasText says md holds some text (its Text would copy it all).
	hasText bool
	// top says md shows a reply opened from history: from its start, once
	// drawn, rather than following its end as a stream does.
	top   bool
	state laneState
	fig   figures
	err   string // why it failed, cleaned for the terminal

	// Live figures, from the times the stream's messages were stamped.
	started time.Time
	first   time.Time

	native json.RawMessage // the native final reply, for continuing in chat
	text   string          // the reply's text once ended, for continuing in chat
	tables tableWidth      // how wide the reply's tables need a column to be

	rating int // 0 unrated, 1..5
	note   string
	winner bool

	cancel context.CancelFunc // stops its stream; nil when none runs
}

// figures are what a prompt engineer compares across columns.
type figures struct {
	ttft, total time.Duration
	in, out     int64
	thinking    int64 // the part of out the native usage says was thinking
	stop        string
}

// perSecond is the output rate after the first token, or 0.
func (f figures) perSecond() float64 {
	d := f.total - f.ttft
	if f.out == 0 || d <= 0 {
		return 0
	}
	return float64(f.out) / d.Seconds()
}

// resultFigures reads a reply's figures from the client's result.
func resultFigures(r *client.ChatResult) figures {
	if r == nil {
		return figures{}
	}
	u := price.NativeUsage(int64(r.Usage.Input), int64(r.Usage.Output), r.Response)
	return figures{ttft: r.FirstToken, total: r.Total, in: u.Input, out: u.Output, thinking: u.Thinking,
		stop: r.StopReason}
}

// newLane is a column for t, waiting, with a view drawn in st.
func newLane(t client.ChatTarget, st markdown.Styles) lane {
	return lane{target: t, md: markdown.New(markdown.WithStyles(st))}
}

// The column's view draws in frames, on ticks it asks for. Its commands are
// addressed to this tab, so the ticks come back here even while another
// tab shows: a lost tick would leave the view waiting for it forever.

// append adds streamed text to the column's view.
func (l *lane) append(s string) tea.Cmd {
	l.hasText = l.hasText || s != ""
	l.tables.feed(s)
	return ours(l.md.Append(s))
}

// resize sizes the column's view.
func (l *lane) resize(w, h int) tea.Cmd { return ours(l.md.SetSize(w, h)) }

// restyle draws the column's view in st.
func (l *lane) restyle(st markdown.Styles) tea.Cmd { return ours(l.md.SetStyles(st)) }

// ours addresses what cmd returns to this tab.
func ours(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg { return result(cmd()) }
}

// withSystem is targets with system as the system prompt of each that sets
// none of its own.
func withSystem(targets []client.ChatTarget, system string) []client.ChatTarget {
	out := make([]client.ChatTarget, len(targets))
	for i, t := range targets {
		if t.Settings.System == "" {
			t.Settings.System = system
		}
		out[i] = t
	}
	return out
}

// forward gives msg (the columns' frames) to every column.
func (r run) forward(msg tea.Msg) []tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(r.lanes)+1)
	for i := range r.lanes {
		l := &r.lanes[i]
		var cmd tea.Cmd
		l.md, cmd = l.md.Update(msg)
		if l.top && l.md.MoreBelow() { // drawn for the first time: from the top
			l.md, _ = l.md.Update(tea.KeyPressMsg{Code: tea.KeyHome})
			l.top = false
		}
		cmds = append(cmds, ours(cmd))
	}
	return cmds
}
