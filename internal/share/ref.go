package share

import (
	"fmt"
	"strconv"
	"strings"

	"atelier/store"
)

// Ref names one thing to share, as the command line writes it: a history
// item (chat:12, compare:12, image:3, video:4), a batch (batch:2), a
// leaderboard (leaderboard, leaderboard:image), or for a ballot a group of
// image jobs or video tasks of one prompt judged together (image:3+4).
type Ref struct {
	Item  store.ItemRef
	Group []int64 // image or video: every id of the group, the first Item.ID
	Batch int64
	Board store.VoteKind // a leaderboard of this kind
}

// String is r as ParseRef reads it.
func (r Ref) String() string {
	switch {
	case r.Board != "":
		return "leaderboard:" + string(r.Board)
	case r.Batch != 0:
		return fmt.Sprintf("batch:%d", r.Batch)
	case len(r.Group) > 1:
		ids := make([]string, len(r.Group))
		for i, id := range r.Group {
			ids[i] = strconv.FormatInt(id, 10)
		}
		return string(r.Item.Kind) + ":" + strings.Join(ids, "+")
	}
	return fmt.Sprintf("%s:%d", r.Item.Kind, r.Item.ID)
}

const refHelp = "want KIND:ID (chat:12, compare:12, image:3, video:4, batch:2), leaderboard[:chat|image|video], " +
	"or for a ballot image:3+4 or video:5+6 (judged together)"

// ParseRef reads one thing to share.
func ParseRef(s string) (Ref, error) {
	kind, rest, _ := strings.Cut(strings.TrimSpace(s), ":")
	if kind == "leaderboard" {
		k := store.VoteKind(rest)
		switch k {
		case "":
			k = store.VoteChat
		case store.VoteChat, store.VoteImage, store.VoteVideo:
		default:
			return Ref{}, fmt.Errorf("item %q: leaderboard kind %q: want chat, image or video", s, rest)
		}
		return Ref{Board: k}, nil
	}
	var ids []int64
	for part := range strings.SplitSeq(rest, "+") {
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil || n <= 0 {
			return Ref{}, fmt.Errorf("item %q: %s", s, refHelp)
		}
		ids = append(ids, n)
	}
	switch k := store.Kind(kind); k {
	case store.KindBatch:
		if len(ids) == 1 {
			return Ref{Batch: ids[0]}, nil
		}
	case store.KindChat, store.KindCompare:
		if len(ids) == 1 {
			return Ref{Item: store.ItemRef{Kind: k, ID: ids[0]}}, nil
		}
	case store.KindImage, store.KindVideo:
		if len(ids) > 4 {
			return Ref{}, fmt.Errorf("item %q: %d %s items judged together: want 2 to 4", s, len(ids), k)
		}
		r := Ref{Item: store.ItemRef{Kind: k, ID: ids[0]}}
		if len(ids) > 1 {
			r.Group = ids
		}
		return r, nil
	}
	return Ref{}, fmt.Errorf("item %q: %s", s, refHelp)
}

// Name is a file name for a page of refs: the first one's, e.g.
// compare-12.html.
func Name(refs []Ref) string {
	if len(refs) == 0 {
		return "atelier.html"
	}
	n := strings.NewReplacer(":", "-", "+", "-").Replace(refs[0].String())
	if len(refs) > 1 {
		n += fmt.Sprintf("-and-%d-more", len(refs)-1)
	}
	return n + ".html"
}
