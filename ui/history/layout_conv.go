package history

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
)

// Lanes side by side need this many cells each; below, they stack.
const minLaneWidth = 28

// laneGap is what separates lanes side by side.
const laneGap = " │ "

// turn is one prompt of a conversation and the replies to it.
type turn struct {
	prompts []store.Message // the person's (and system) messages
	replies []store.Message // in lane order
}

func turns(ms []store.Message) []turn {
	var out []turn
	for _, m := range ms {
		if len(out) == 0 || out[len(out)-1].number() != m.Turn {
			out = append(out, turn{})
		}
		t := &out[len(out)-1]
		if m.Role == store.RoleAssistant {
			t.replies = append(t.replies, m)
		} else {
			t.prompts = append(t.prompts, m)
		}
	}
	return out
}

func (t turn) number() int {
	if len(t.prompts) > 0 {
		return t.prompts[0].Turn
	}
	return t.replies[0].Turn
}

// conversation lays out a chat or a comparison, turn by turn.
func (lc *layoutCtx) conversation(c *store.Conversation) []block {
	if c.Kind == store.KindChat && store.Forked(c.Messages) {
		return lc.forkedChat(c) // layout_tree.go
	}
	blocks := []block{lc.convHeading(c)}
	verdicts := map[[2]int]store.Lane{}
	for _, l := range c.Lanes {
		verdicts[[2]int{l.Turn, l.Lane}] = l
	}
	for _, t := range turns(c.Messages) {
		for _, p := range t.prompts {
			blocks = append(blocks, lc.cached(blockKey{id: p.ID, width: lc.width}, func() block { return lc.prompt(p) }))
		}
		if c.Kind == store.KindCompare && len(t.replies) > 1 && !lc.stacked && lc.laneWidth(len(t.replies)) >= minLaneWidth {
			k := blockKey{id: t.replies[0].ID, width: lc.width, thinking: lc.thinking, lanes: true,
				rendered: lc.rendered(t.replies, lc.laneWidth(len(t.replies)))}
			blocks = append(blocks, lc.cached(k, func() block { return lc.lanes(t.replies, verdicts) }))
			continue
		}
		for _, r := range t.replies {
			blocks = append(blocks, lc.replyBlock(c, r, verdicts[[2]int{r.Turn, r.Lane}], ""))
		}
	}
	return blocks
}

// replyBlock is reply r of c, its header adding mark.
func (lc *layoutCtx) replyBlock(c *store.Conversation, r store.Message, v store.Lane, mark string) block {
	k := blockKey{id: r.ID, width: lc.width, thinking: lc.thinking, rendered: lc.rendered([]store.Message{r}, lc.width-2), mark: mark}
	return lc.cached(k, func() block {
		b := block{key: r.ID, replies: []int64{r.ID}}
		lines := lc.reply(&b, r, c.Kind, v, lc.width-2)
		if mark != "" {
			lines[0] += lc.st.Hint.Render(mark)
		}
		b.lines = append([]string{lc.st.Label.Render("▾ ") + lines[0]}, indent(lines[1:], 2)...)
		return b
	})
}

// blockKey names a laid out block of a conversation: laying a long one out
// again (on every scroll that renders a reply) reuses the others.
type blockKey struct {
	id       int64 // the message, or a lanes block's first reply
	width    int
	thinking bool
	lanes    bool
	rendered int    // how many of its replies were rendered
	mark     string // its place among its siblings (layout_tree.go)
}

// cached is the block under k, made by make the first time.
func (lc *layoutCtx) cached(k blockKey, make func() block) block {
	if b, ok := lc.blocks[k]; ok {
		return b
	}
	b := make()
	if lc.blocks != nil {
		lc.blocks[k] = b
	}
	return b
}

// rendered counts the replies rendered at width.
func (lc *layoutCtx) rendered(rs []store.Message, width int) int {
	n := 0
	for _, r := range rs {
		if _, ok := lc.md[mdKey{id: r.ID, width: width}]; ok {
			n++
		}
	}
	return n
}

func (lc *layoutCtx) convHeading(c *store.Conversation) block {
	title := termtext.String(c.Title)
	if title == "" {
		title = "(untitled)"
	}
	meta := join(" · ", string(c.Kind), fmt.Sprintf("%d messages", len(c.Messages)),
		"started "+stamp(c.CreatedAt), "last "+stamp(c.UpdatedAt), price.Label(convCost(lc.prices, c)))
	lines := paragraph(title, lc.width, lc.st.Heading)
	lines = append(lines, paragraph(meta, lc.width, lc.st.Hint)...)
	return block{lines: lines}
}

// prompt is one of the person's messages.
func (lc *layoutCtx) prompt(m store.Message) block { return lc.markedPrompt(m, "") }

// markedPrompt is a prompt whose header adds mark.
func (lc *layoutCtx) markedPrompt(m store.Message, mark string) block {
	who := "You"
	if m.Role != store.RoleUser {
		who = strings.ToUpper(m.Role[:1]) + m.Role[1:]
	}
	head := lc.st.Label.Render("▸ "+who) + lc.st.Hint.Render(" · "+stamp(m.CreatedAt)+mark)
	lines := append([]string{head}, indent(paragraph(m.Text, lc.width-2, lc.st.Text), 2)...)
	return block{key: m.ID, lines: lines}
}

// reply is one reply in width cells: its target, figures, verdict,
// thinking (folded unless shown) and text.
func (lc *layoutCtx) reply(b *block, m store.Message, kind store.Kind, v store.Lane, width int) []string {
	target := join(" · ", m.Family, m.Model)
	if kind == store.KindCompare {
		target = join(" · ", fmt.Sprintf("lane %d", m.Lane+1), target)
	}
	lines := []string{lc.st.Label.Render(ansi.Truncate(termtext.String(target), width, "…"))}
	lines = append(lines, paragraph(join(" · ", figures(m), price.Label(replyCost(lc.prices, m))), width, lc.st.Figures)...)
	if m.Status != store.StatusComplete && m.Status != "" {
		lines = append(lines, paragraph(m.Problem(), width, lc.st.Problem)...)
	}
	if s := verdict(v); s != "" {
		lines = append(lines, paragraph(s, width, lc.st.Verdict)...)
	}
	lines = append(lines, lc.thinkingLines(m.Thinking, width)...)
	return append(lines, lc.markdown(b, m.ID, m.Text, width)...)
}

// thinkingLines is a reply's thinking: one folded line, or all of it.
func (lc *layoutCtx) thinkingLines(text string, width int) []string {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	words := len(strings.Fields(text))
	if !lc.thinking {
		return []string{lc.st.Hint.Render(fmt.Sprintf("▸ thinking · %s words", count(words)))}
	}
	lines := []string{lc.st.Hint.Render("▾ thinking")}
	return append(lines, indent(paragraph(text, width-2, lc.st.Figures), 2)...)
}

// lanes lays out the replies to one prompt of a comparison side by side.
func (lc *layoutCtx) lanes(rs []store.Message, verdicts map[[2]int]store.Lane) block {
	w := lc.laneWidth(len(rs))
	b := block{key: rs[0].ID}
	cols := make([][]string, len(rs))
	height := 0
	for i, r := range rs {
		b.replies = append(b.replies, r.ID)
		cols[i] = lc.reply(&b, r, store.KindCompare, verdicts[[2]int{r.Turn, r.Lane}], w)
		height = max(height, len(cols[i]))
	}
	gap := lc.st.Rule.Render(laneGap)
	for y := range height {
		parts := make([]string, len(cols))
		for i, col := range cols {
			line := ""
			if y < len(col) {
				line = col[y]
			}
			parts[i] = fit(line, w)
		}
		b.lines = append(b.lines, strings.TrimRight(strings.Join(parts, gap), " "))
	}
	return b
}

// laneWidth is the width of each of n lanes side by side.
func (lc *layoutCtx) laneWidth(n int) int {
	return (lc.width - (n-1)*ansi.StringWidth(laneGap)) / n
}

// figures are a reply's timings, tokens and stop reason in one line.
func figures(m store.Message) string {
	var parts []string
	if m.TTFT > 0 {
		parts = append(parts, fmt.Sprintf("%.1f s to first token", m.TTFT.Seconds()))
	}
	if m.Total > 0 {
		parts = append(parts, fmt.Sprintf("%.1f s", m.Total.Seconds()))
	}
	if u := m.Usage; u.InputTokens+u.OutputTokens > 0 {
		parts = append(parts, fmt.Sprintf("%s in · %s out tokens", count(int(u.InputTokens)), count(int(u.OutputTokens))))
	}
	if gen := m.Total - m.TTFT; m.Usage.OutputTokens > 0 && m.TTFT > 0 && gen > 0 {
		parts = append(parts, fmt.Sprintf("%.0f tok/s", float64(m.Usage.OutputTokens)/gen.Seconds()))
	}
	if m.StopReason != "" {
		parts = append(parts, termtext.String(m.StopReason))
	}
	return strings.Join(parts, " · ")
}

// verdict is a lane's rating, win and note.
func verdict(l store.Lane) string {
	var parts []string
	if l.Rating > 0 {
		parts = append(parts, strings.Repeat("★", min(l.Rating, 5))+strings.Repeat("☆", 5-min(l.Rating, 5)))
	}
	if l.Winner {
		parts = append(parts, "winner")
	}
	if l.Note != "" {
		parts = append(parts, termtext.String(l.Note))
	}
	return strings.Join(parts, " · ")
}

// count writes n as people read it: 212, 1.2k, 34k.
func count(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprint(n)
	case n < 10_000:
		return fmt.Sprintf("%.1fk", float64(n)/1000)
	}
	return fmt.Sprintf("%dk", n/1000)
}
