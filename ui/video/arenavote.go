package video

import (
	"atelier/store"
)

// ballot is what the arena's vote records: a blind video vote, each
// letter's task by its row, its endpoint the target ranked.
func (a arena) ballot() store.Vote {
	v := store.Vote{Kind: store.VoteVideo}
	for _, t := range a.pair {
		v.Targets = append(v.Targets, store.VoteTarget{VideoTaskID: t.rec.ID, Family: t.rec.Family,
			Model: t.rec.Endpoint, Target: t.rec.Endpoint})
	}
	return v
}
