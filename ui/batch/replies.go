package batch

import (
	"encoding/json"
	"fmt"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/internal/homepath"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/ui/components/scroll"
	"atelier/ui/markdown"
)

// replies is a cell's repeats, each with its figures, its checks and its
// reply rendered as markdown by ui/markdown (the renderer Chat, Compare
// and History use), scrolled as one page by the scroller every pane has.
type replies struct {
	title   string
	items   []reply
	lines   []string
	at      scroll.Model
	width   int
	height  int
	dark    bool
	repeats int
}

func newReplies(msg repliesMsg, x *matrix, dark bool, w, h int) *replies {
	title := fmt.Sprintf("%s → %s", termtext.String(x.plan.Cases[msg.c].Name), termtext.String(x.plan.Targets[msg.t]))
	r := &replies{title: title, items: msg.replies, repeats: x.plan.Repeats}
	r.resize(w, h, dark)
	return r
}

// resize lays the replies out again for a new width or background.
func (r *replies) resize(w, h int, dark bool) {
	r.width, r.height, r.dark = w, h, dark
	st := newStyles(dark)
	md := markdown.BareStyles(dark)
	var out []string
	for i, it := range r.items {
		if i > 0 {
			out = append(out, "")
		}
		out = append(out, st.Header.Render(fit(r.head(it.cell), w)))
		out = append(out, factLines(it.cell, st, w)...)
		if it.text != "" {
			rd := markdown.NewRenderer(max(w, 10), md)
			rd.Append(termtext.String(it.text))
			rd.Finish()
			out = append(out, rd.Lines()...)
		}
	}
	r.lines = out
	r.at.SetHeight(max(h-1, 1)) // the heading takes a line
	r.at.SetTotal(len(out))
}

// head is a repeat's heading: its number, its status and, done, its times
// and tokens (an image's job).
func (r *replies) head(c store.BatchCell) string {
	head := fmt.Sprintf("repeat %d/%d · %s", c.Repeat+1, r.repeats, c.Status)
	switch {
	case c.Status == store.CellDone && c.ImageJobID != 0:
		head += fmt.Sprintf(" · %s · image job %d", seconds(c.Total), c.ImageJobID)
	case c.Status == store.CellDone:
		head += fmt.Sprintf(" · TTFT %s · total %s · %d tokens out", seconds(c.TTFT), seconds(c.Total), c.Usage.OutputTokens)
	}
	return head
}

// factLines are the lines between a repeat's heading and its reply: each
// check passed or failed (and why), its file, its error.
func factLines(c store.BatchCell, st styles, w int) []string {
	var out []string
	var results []engine.CheckResult
	if len(c.ChecksJSON) > 0 && json.Unmarshal(c.ChecksJSON, &results) == nil {
		for _, cr := range results {
			line := "✓ " + cr.Check
			s := st.Pass
			if !cr.Pass {
				line, s = "✗ "+cr.Check, st.Fail
				if cr.Why != "" {
					line += " — " + cr.Why
				}
			}
			out = append(out, s.Render(fit(termtext.String(line), w)))
		}
	}
	if c.Media != "" {
		out = append(out, st.Text.Render(fit("file "+termtext.String(homepath.Tilde(c.Media)), w)))
	}
	if c.Error != "" {
		out = append(out, st.Fail.Render(fit(termtext.String(c.Error), w)))
	}
	return out
}

// key scrolls, by the tab's keys (the grammar's moves); the wheel too.
func (r *replies) key(msg tea.Msg, k keyMap) {
	sk := scroll.DefaultKeyMap()
	sk.Up, sk.Down, sk.PageUp, sk.PageDown, sk.Home, sk.End = k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom
	r.at.KeyMap = sk
	r.at, _ = r.at.Update(msg)
}

// view is the heading and the lines in sight.
func (r *replies) view(st styles) []string {
	more := ""
	if !r.at.AtBottom() {
		more = " · more below"
	}
	out := []string{st.Title.Render(fit(r.title+more, r.width))}
	return append(out, r.at.Window(r.lines)...)
}
