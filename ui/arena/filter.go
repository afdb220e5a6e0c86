package arena

import (
	"fmt"
	"strings"
	"time"

	"atelier/store"
)

// filter narrows a board as `atelier leaderboard`'s flags do: --tag,
// --family and --since. The zero filter keeps every vote.
type filter struct {
	tag    string // normalised (store.NormalizeTag)
	family string
	since  string // as typed: a date, or a duration counted back from the load
}

// votes is the store's filter for one kind's board, now being the load's
// time (a since of 720h counts back from it).
func (f filter) votes(kind store.VoteKind, now time.Time) store.VoteFilter {
	vf := store.VoteFilter{Kind: kind, Tag: f.tag, Family: f.family}
	if f.since != "" {
		vf.Since, _ = parseSince(f.since, now) // checked when applied
	}
	return vf
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
	return strings.Join(parts, ", ")
}

// parseSince reads a since as the command line's --since does: a duration
// ago (720h), or a date (2026-11-01) in local time.
func parseSince(s string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(s); err == nil {
		return now.Add(-d), nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("since %q: want a date like 2026-11-01 or a duration like 720h", s)
}
