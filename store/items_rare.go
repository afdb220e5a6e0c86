package store

import (
	"context"
	"slices"
	"strconv"
	"strings"
)

// rareLimit is the number of conversations under which a filter value
// counts as rare. A conversation matches a family, model or status if any
// of its messages has it; checking that conversation by conversation, newest
// first, is quick when matches are common (a page fills early) and slow when
// they are rare (every conversation is checked to fill a page). So the
// conversations having each value are first read from its index, at most
// rareLimit of them: when fewer come back, the listing reads only those.
var rareLimit = 500 // tests lower it

// idSet is a set of conversation ids, sorted.
type idSet struct{ ids []int64 }

// list writes the ids for an IN (...) list: integers the store read itself.
func (s *idSet) list() string {
	var b strings.Builder
	for i, id := range s.ids {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(strconv.FormatInt(id, 10))
	}
	return b.String()
}

// rareConversations returns the conversations that can match f's family,
// model and status filters when one of them is rare; nil when none is, or
// f excludes conversations.
func (s *Store) rareConversations(ctx context.Context, f ItemFilter) (*idSet, error) {
	if f.Kind != "" && f.Kind != KindChat && f.Kind != KindCompare {
		return nil, nil
	}
	var set *idSet
	for _, c := range []struct{ col, val string }{{"family", f.Family}, {"model", f.Model}, {"status", f.Status}} {
		if c.val == "" {
			continue
		}
		ids, err := s.conversationsWith(ctx, c.col, c.val)
		if err != nil {
			return nil, err
		}
		switch {
		case len(ids) > rareLimit:
			continue // common: checked per conversation, as the listing goes
		case set == nil:
			set = &idSet{ids: ids}
		default:
			set.ids = intersect(set.ids, ids)
		}
	}
	return set, nil
}

// conversationsWith returns, sorted, the conversations with a message whose
// column col (family, model or status) is val: rareLimit+1 at most.
func (s *Store) conversationsWith(ctx context.Context, col, val string) ([]int64, error) {
	return selectAll(ctx, s.r, scanValue[int64], "SELECT DISTINCT conversation_id FROM messages INDEXED BY messages_"+col+
		" WHERE "+col+" = ? ORDER BY conversation_id LIMIT ?", val, rareLimit+1)
}

// intersect returns the ids in both sorted lists.
func intersect(a, b []int64) []int64 {
	out := a[:0:0]
	for _, id := range a {
		if _, ok := slices.BinarySearch(b, id); ok {
			out = append(out, id)
		}
	}
	return out
}
