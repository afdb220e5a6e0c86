package arena

import (
	"strings"
	"time"

	"atelier/store"
)

// filter narrows a board as `atelier leaderboard`'s flags do: --tag,
// --family, --since and --rater. The zero filter keeps every vote.
type filter struct {
	tag    string // normalised (store.NormalizeTag)
	family string
	since  string // as typed: a date, or a duration counted back from the load
	rater  string // "": every rater's votes (agree.go)
}

// votes is the store's filter for one kind's board, now being the load's
// time (a since of 720h counts back from it).
func (f filter) votes(kind store.VoteKind, now time.Time) store.VoteFilter {
	return store.VoteFilter{Kind: kind, Tag: f.tag, Family: f.family, Since: sinceTime(f.since, now), Rater: f.rater}
}

// String is the filter as the status bar and the empty board name it.
func (f filter) String() string {
	var parts []string
	if f.tag != "" {
		parts = append(parts, "tag "+f.tag)
	}
	if f.family != "" {
		parts = append(parts, "family "+f.family)
	}
	if f.since != "" {
		parts = append(parts, "since "+f.since)
	}
	if f.rater != "" {
		parts = append(parts, "rater "+f.rater)
	}
	return strings.Join(parts, ", ")
}
