package share

import (
	"fmt"
	"html/template"
	"strings"

	"atelier/store"
)

// convView is a chat or a comparison: each prompt, then its reply (a
// chat) or its lanes side by side with their figures (a comparison).
type convView struct {
	Title   string
	Kind    string
	Started string
	Compare bool
	Tags    string
	Turns   []turnView
}

type turnView struct {
	N       int
	Prompt  template.HTML
	Replies []replyView
}

// replyView is one reply: its lane's target and figures, the person's
// verdict, the text.
type replyView struct {
	Head     string
	Figures  string
	Stars    string
	Winner   bool
	Note     string
	Failed   string
	Thinking template.HTML
	Body     template.HTML
	// The figures again, for the comparison's table.
	TTFT, Total, Tokens, Cost, Stop string
}

func convOf(doc *exported) *convView {
	c := doc.Conversation
	v := &convView{Title: untitled(c.Title), Kind: string(doc.Kind), Started: stamp(c.CreatedAt),
		Compare: doc.Kind == store.KindCompare, Tags: strings.Join(doc.Tags, ", ")}
	type key struct{ turn, lane int }
	lanes := map[key]int{}
	for i, l := range c.Lanes {
		lanes[key{l.Turn, l.Lane}] = i
	}
	at := map[int]int{} // turn → index in v.Turns
	turn := func(n int) *turnView {
		i, ok := at[n]
		if !ok {
			i = len(v.Turns)
			at[n] = i
			v.Turns = append(v.Turns, turnView{N: n + 1})
		}
		return &v.Turns[i]
	}
	for _, m := range c.Messages {
		t := turn(m.Turn)
		if m.Role == store.RoleUser {
			t.Prompt = html(m.Text)
			continue
		}
		r := replyView{Head: joinSome(m.Family, m.Model), Thinking: thinking(m.Thinking), Body: html(m.Text),
			TTFT: secs(m.TTFTMillis), Total: secs(m.TotalMillis), Cost: costText(m.Cost), Stop: m.StopReason}
		if m.InputTokens+m.OutputTokens > 0 {
			r.Tokens = fmt.Sprintf("%d → %d", m.InputTokens, m.OutputTokens)
		}
		if v.Compare {
			r.Head = fmt.Sprintf("Lane %d · %s", m.Lane+1, r.Head)
		}
		r.Figures = joinSome(stamp(m.CreatedAt), ttftText(r.TTFT), r.Total, tokensText(r.Tokens), r.Cost, m.StopReason)
		if m.Status != store.StatusComplete {
			r.Failed = joinSome(m.Status, strings.TrimPrefix(m.Error, m.Status+": "))
		}
		if i, ok := lanes[key{m.Turn, m.Lane}]; ok {
			l := c.Lanes[i]
			if l.Rating > 0 {
				r.Stars = strings.Repeat("★", l.Rating) + strings.Repeat("☆", 5-l.Rating)
			}
			r.Winner, r.Note = l.Winner, l.Note
		}
		t.Replies = append(t.Replies, r)
	}
	return v
}

func thinking(s string) template.HTML {
	if strings.TrimSpace(s) == "" {
		return ""
	}
	return html(s)
}

func ttftText(s string) string {
	if s == "" {
		return ""
	}
	return s + " to first token"
}

func tokensText(s string) string {
	if s == "" {
		return ""
	}
	return s + " tokens"
}

func untitled(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(untitled)"
	}
	return strings.Join(strings.Fields(s), " ")
}
