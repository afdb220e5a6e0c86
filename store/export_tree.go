package store

import (
	"fmt"
	"strings"
)

// forkedChat writes a chat with alternatives or branches: the path kept
// (the one shown last) first, each message on it that forks saying its
// place, that it was kept and which others there are; then every message
// not on it, under its id and the one it follows, so nothing is lost.
func (w *mdWriter) forkedChat(c *Conversation) {
	path := KeptPath(c.Messages)
	forks := Forks(c.Messages)
	w.f("\nThe path kept (shown last) is below, %d messages; the conversation forks at %d %s, and the "+
		"alternatives and branches not kept follow it. Message ids (#N) are what `atelier chat "+
		"--continue %d --branch-from N` takes.\n", len(path), len(forks), plural(len(forks), "place", "places"), c.ID)
	on := map[int64]bool{}
	for _, st := range path {
		on[st.ID] = true
		mark := fmt.Sprintf(" · #%d", st.ID)
		if st.Forks() {
			what := "alternative"
			if st.Role == RoleUser {
				what = "branch"
			}
			var others []string
			for _, id := range st.Siblings {
				if id != st.ID {
					others = append(others, fmt.Sprintf("#%d", id))
				}
			}
			mark += fmt.Sprintf(" · %s %d of %d, kept (others: %s)", what, st.At+1, len(st.Siblings),
				strings.Join(others, ", "))
		}
		w.message(c, st.Message, mark, 2, nil)
	}
	w.f("\n## Alternatives and branches not kept\n")
	for _, m := range linked(c.Messages) {
		if on[m.ID] {
			continue
		}
		follows := "a first prompt"
		if m.ParentID != 0 {
			follows = fmt.Sprintf("after #%d", m.ParentID)
		}
		w.message(c, m, fmt.Sprintf(" · #%d · %s", m.ID, follows), 3, nil)
	}
}

// plural is one or many, by n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
