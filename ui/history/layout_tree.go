package history

import (
	"fmt"
	"strings"

	"atelier/store"
)

// forkedChat lays out a chat with alternatives or branches:
// the path kept (the one shown last in Chat) with each fork's place, "2 of
// 3 · kept", then every alternative and branch not kept under its id and
// the message it follows, so all of them are here to read.
func (lc *layoutCtx) forkedChat(c *store.Conversation) []block {
	blocks := []block{lc.convHeading(c)}
	path := store.KeptPath(c.Messages)
	forks := len(store.Forks(c.Messages))
	blocks = append(blocks, block{lines: paragraph(fmt.Sprintf(
		"The path kept (shown last in Chat), then the alternatives and branches not kept: it forks at %d %s.",
		forks, map[bool]string{true: "place", false: "places"}[forks == 1]), lc.width, lc.st.Hint)})
	on := map[int64]bool{}
	for _, st := range path {
		on[st.ID] = true
		mark := ""
		if st.Forks() {
			what := ""
			if st.Role == store.RoleUser {
				what = "branch "
			}
			mark = fmt.Sprintf(" · %s%d of %d · kept", what, st.At+1, len(st.Siblings))
		}
		blocks = append(blocks, lc.treeMessage(c, st.Message, mark))
	}
	var rest []store.Message
	for _, m := range c.Messages {
		if !on[m.ID] && (m.Role == store.RoleUser || m.Role == store.RoleAssistant) {
			rest = append(rest, m)
		}
	}
	if len(rest) == 0 {
		return blocks
	}
	blocks = append(blocks, block{lines: []string{lc.st.Heading.Render("Alternatives and branches not kept")}})
	for _, m := range rest {
		follows := "a first prompt"
		if m.ParentID != 0 {
			follows = fmt.Sprintf("after #%d", m.ParentID)
		}
		blocks = append(blocks, lc.treeMessage(c, m, fmt.Sprintf(" · #%d · %s", m.ID, follows)))
	}
	return blocks
}

// treeMessage is a prompt or a reply of a forked chat, its header adding
// mark.
func (lc *layoutCtx) treeMessage(c *store.Conversation, m store.Message, mark string) block {
	if m.Role == store.RoleUser {
		return lc.cached(blockKey{id: m.ID, width: lc.width, mark: mark}, func() block {
			return lc.markedPrompt(m, strings.TrimRight(mark, " "))
		})
	}
	return lc.replyBlock(c, m, store.Lane{}, mark)
}
