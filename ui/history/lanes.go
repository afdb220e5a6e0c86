package history

import (
	"context"
	"fmt"
	"maps"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
)

// A comparison in the list is named by all its targets, read from its
// lanes once the rows are on screen: the listing itself carries one
// family and model, a single lane's, which misnamed it and made it seem to
// match a family filter it did not show.

// lanesMsg is the targets of comparisons, as labels by conversation id.
type lanesMsg struct{ labels map[int64]string }

// askLanes reads the lanes of the comparisons listed and not named yet.
func (b browse) askLanes(e tabEnv) (browse, tea.Cmd) {
	b.list = b.list.relabelled(withLabels(b.labels, b.list.rows()))
	var ids []int64
	fallback := map[int64]string{} // a comparison without lanes keeps what the listing said
	for _, r := range b.list.rows() {
		if r.ref.Kind == store.KindCompare && !b.named[r.ref.ID] {
			ids = append(ids, r.ref.ID)
			fallback[r.ref.ID] = join(" ", r.family, r.model)
		}
	}
	if len(ids) == 0 || e.db == nil {
		return b, nil
	}
	b.named = maps.Clone(b.named)
	if b.named == nil {
		b.named = map[int64]bool{}
	}
	for _, id := range ids {
		b.named[id] = true // asked: not again
	}
	db := e.db
	return b, func() tea.Msg {
		labels := map[int64]string{}
		for _, id := range ids {
			labels[id] = fallback[id]
			if ls, err := db.Lanes(context.Background(), id); err == nil && len(ls) > 0 {
				labels[id] = lanesLabel(ls)
			}
		}
		return result(lanesMsg{labels: labels})
	}
}

// lanesRead names the comparisons listed.
func (b browse) lanesRead(msg lanesMsg) browse {
	b.labels = maps.Clone(b.labels)
	if b.labels == nil {
		b.labels = map[int64]string{}
	}
	maps.Copy(b.labels, msg.labels)
	b.list = b.list.relabelled(withLabels(b.labels, b.list.rows()))
	return b
}

// withLabels is rows with the comparisons named as far as known.
func withLabels(labels map[int64]string, rows []row) []row {
	for i, r := range rows {
		if l, ok := labels[r.ref.ID]; ok && r.ref.Kind == store.KindCompare {
			rows[i].targets = l
		}
	}
	return rows
}

// lanesLabel names a comparison by the targets of its last prompt: one
// model run several ways ("alpha model-x ×4", a sweep), else its families.
func lanesLabel(ls []store.Lane) string {
	fams, models, n := store.LastTurnTargets(ls)
	if len(fams) == 1 && len(models) == 1 {
		return fmt.Sprintf("%s %s ×%d", fams[0], models[0], n)
	}
	return strings.Join(fams, ", ")
}
