package store

import (
	"cmp"
	"context"
	"slices"
)

// Listing is the items f selects, at most f.Limit (50 when unset), each
// with its status in the one vocabulary of listings (StatusWord; a
// conversation's is its last turn's worst reply's), and whether more
// follow. Both the command line's history list and History's list read
// through it, so a status filter means one thing in either.
//
// f.Status is a word of the vocabulary (a stored word also works): it
// stands for every stored word it covers (StatusKept), and an item is kept
// only when the word is its own, since Items matches a conversation when
// any of its messages has the status.
func (s *Store) Listing(ctx context.Context, f ItemFilter) ([]Item, bool, error) {
	if f.Limit <= 0 {
		f.Limit = 50
	}
	statuses := []string{f.Status}
	if kept := StatusKept(f.Status); kept != nil {
		statuses = kept
	}
	want := f.Limit + 1 // one past the page: whether more follow
	q := f
	for q.Limit = want; ; q.Limit *= 2 {
		var all []Item
		full := false
		for _, st := range statuses {
			q.Status = st
			items, err := s.Items(ctx, q)
			if err != nil {
				return nil, false, err
			}
			all, full = append(all, items...), full || len(items) == q.Limit
		}
		if len(statuses) > 1 {
			slices.SortStableFunc(all, newestFirst)
			all = slices.CompactFunc(all, func(x, y Item) bool { return x.Ref() == y.Ref() })
		}
		if err := s.statusWords(ctx, all); err != nil {
			return nil, false, err
		}
		if f.Status != "" {
			word := StatusWord(f.Status)
			all = slices.DeleteFunc(all, func(it Item) bool { return it.Status != word })
		}
		if len(all) < want && full {
			continue // the filter dropped some: read further
		}
		more := len(all) > f.Limit
		if !more {
			return all, false, nil
		}
		if f.After != nil { // the page nearest the cursor: the oldest rows
			return all[len(all)-f.Limit:], true, nil
		}
		return all[:f.Limit], true, nil
	}
}

// newestFirst is Items' order: newest first, then by kind's place in the
// listing, then the newest id.
func newestFirst(x, y Item) int {
	return cmp.Or(y.At.Compare(x.At), cmp.Compare(rankOf(x.Kind), rankOf(y.Kind)), cmp.Compare(y.ID, x.ID))
}

// statusWords gives items their status in the one vocabulary of listings:
// a conversation its last turn's worst reply's.
func (s *Store) statusWords(ctx context.Context, items []Item) error {
	var convs []int64
	for _, it := range items {
		if it.Kind == KindChat || it.Kind == KindCompare {
			convs = append(convs, it.ID)
		}
	}
	statuses, err := s.ConversationStatuses(ctx, convs)
	if err != nil {
		return err
	}
	for i, it := range items {
		if st, ok := statuses[it.ID]; ok && (it.Kind == KindChat || it.Kind == KindCompare) {
			it.Status = st
		}
		items[i].Status = StatusWord(it.Status)
	}
	return nil
}
