package batch

import (
	"slices"
	"strings"

	"atelier/client"
)

// targetLabels name the plan's targets in the matrix's column heads and
// the summary's rows, which a narrow screen cuts: targets that share a
// family and model (a sweep) read the same when cut ("alpha:model-x…"),
// so each is named by the settings that tell it from the others first,
// then its family and model. A target whose family and model
// no other has keeps its name as written.
func targetLabels(specs []string) []string {
	type parsed struct {
		key   string // family:model; the spec itself when it is no chat target
		pairs []string
	}
	ts := make([]parsed, len(specs))
	count := map[string]int{}
	for i, s := range specs {
		ts[i] = parsed{key: s}
		if t, err := client.ParseChatTarget(s); err == nil {
			ts[i] = parsed{key: string(t.Family) + ":" + t.Model, pairs: client.ChatSettingPairs(t.Settings)}
		}
		count[ts[i].key]++
	}
	shared := func(key, pair string) bool { // every target of key holds pair
		for _, t := range ts {
			if t.key == key && !slices.Contains(t.pairs, pair) {
				return false
			}
		}
		return true
	}
	out := make([]string, len(specs))
	for i, t := range ts {
		out[i] = specs[i]
		if count[t.key] < 2 {
			continue
		}
		var apart []string
		for _, p := range t.pairs {
			if !shared(t.key, p) {
				apart = append(apart, p)
			}
		}
		if len(apart) > 0 {
			out[i] = strings.Join(apart, " ") + " · " + t.key
		}
	}
	return out
}
