package chat

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// Branching from any prompt. e chooses a prompt of the path
// shown to edit: the last, and at each press again the one before it,
// going round. The composer holds it, the transcript marks it ✎ and
// brings it into view, and the conversation pane keeps the keyboard so e
// can step on; enter (to the prompt) hands the composer the keyboard.
// Sent, the changed prompt is a branch beside the chosen one: a new child
// of that prompt's parent (none for the first prompt). What followed the
// chosen prompt stays in the store, a < / > away at the branch.

// chosen is the prompt the composer edits: its stored id (0 without a
// store), its index in the entries when chosen, and its number among the
// path's prompts, of how many.
type chosen struct {
	id    int64
	at    int
	n, of int
	// stepped: < / > stepped the chosen prompt to the sibling id; its text
	// comes into the composer once the path is read again (taken).
	stepped bool
}

// label is the composer's heading while it holds the chosen prompt.
func (ch chosen) label() string {
	return fmt.Sprintf("✎ prompt %d of %d: sent, it makes a branch · e an earlier one · esc cancels", ch.n, ch.of)
}

// in is the index of the chosen prompt in entries; -1 when the path shown
// no longer holds it (another path was stepped to meanwhile).
func (ch chosen) in(entries []entry) int {
	if ch.id != 0 {
		for i := range entries {
			if entries[i].id == ch.id {
				return i
			}
		}
		return -1
	}
	if ch.at >= 0 && ch.at < len(entries) && entries[ch.at].role == store.RoleUser {
		return ch.at
	}
	return -1
}

// prompts are the indices of the prompts of entries, in order.
func prompts(entries []entry) []int {
	var out []int
	for i := range entries {
		if entries[i].role == store.RoleUser {
			out = append(out, i)
		}
	}
	return out
}

// choose is the prompt e puts in composer comp: the last one, or when comp
// already holds one chosen and unchanged, the one before it (going round
// from the first to the last). The cmd says why there is none to choose:
// no prompt yet, a reply arriving, or a chosen prompt changed in the
// composer, which e would throw away.
func (c conversation) choose(comp composer) (entry, chosen, tea.Cmd) {
	ps := prompts(c.entries)
	if len(ps) == 0 {
		return entry{}, chosen{}, tab.Warn("no prompt to edit yet")
	}
	if cmd := c.busy(); cmd != nil {
		return entry{}, chosen{}, cmd
	}
	k := len(ps) - 1
	if comp.editing {
		if i := comp.edit.in(c.entries); i >= 0 {
			if comp.text() != c.entries[i].text {
				return entry{}, chosen{}, tab.Warn("the prompt chosen is changed: enter sends it, esc drops the change")
			}
			for j, p := range ps {
				if p == i {
					k = (j - 1 + len(ps)) % len(ps)
				}
			}
		}
	}
	return c.entries[ps[k]], c.chosenAt(ps[k]), nil
}

// chosenAt is the prompt at index i, chosen.
func (c conversation) chosenAt(i int) chosen {
	ps := prompts(c.entries)
	return chosen{id: c.entries[i].id, at: i, n: slices.Index(ps, i) + 1, of: len(ps)}
}

// stepFork is < or > (by -1 or +1): the prompt chosen in comp stepped
// to its previous or next branch when it has branches (unchanged in the
// composer: a change is not thrown away), else the fork inView. Stepping
// the prompt chosen chooses the branch stepped to, whose text the
// composer takes once the path is read again (taken).
func (c conversation) stepFork(comp composer, inView, by int, db *store.Store, sp drawSpec) (conversation, composer, tea.Cmd) {
	i, ownFork := inView, false
	if comp.editing {
		if j := comp.edit.in(c.entries); j >= 0 && c.entries[j].forks() {
			if comp.text() != c.entries[j].text {
				return c, comp, tab.Warn("the prompt chosen is changed: enter sends it, esc drops the change")
			}
			i, ownFork = j, true
		}
	}
	c, cmd := c.step(i, by, db, sp)
	if ownFork && c.run == nil && c.loading != 0 {
		e := c.entries[i]
		n := len(e.siblings)
		comp.edit.id, comp.edit.stepped = e.siblings[((e.place+by)%n+n)%n], true
	}
	return c, comp, cmd
}

// taken is the composer holding the prompt chosen again once a step of
// it is read into c: its new sibling's text (emptied if it is not on the
// path); false when there was no such step.
func (comp composer) taken(c conversation) (composer, bool) {
	if !comp.editing || !comp.edit.stepped {
		return comp, false
	}
	i := comp.edit.in(c.entries)
	if i < 0 {
		return comp.cleared(), true
	}
	return comp.again(c.entries[i], c.chosenAt(i)), true
}

// mark shows which prompt the composer edits (✎ in its header): the
// one chosen in comp, none when it edits none.
func (c *conversation) mark(comp composer) {
	at := -1
	if comp.editing {
		at = comp.edit.in(c.entries)
	}
	for i := range c.entries {
		if want := i == at; c.entries[i].chosen != want {
			c.entries[i].chosen = want
			c.touch(i)
		}
	}
}

// unmark takes the ✎ off every prompt: the composer edits none now.
func (c *conversation) unmark() { c.mark(composer{}) }
