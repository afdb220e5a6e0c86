package batch

import (
	"context"
	"errors"
	"fmt"

	"atelier/client"
	"atelier/store"
)

// TargetSets reads a named target set's targets, for a batch file's
// target_set = "NAME": the set's targets come first, then those the file
// lists.
type TargetSets func(name string) ([]string, error)

// StoreSets reads target sets from db (nil: none can be read).
func StoreSets(ctx context.Context, db *store.Store) TargetSets {
	if db == nil {
		return nil
	}
	return func(name string) ([]string, error) {
		ts, err := db.TargetSetNamed(ctx, name)
		if errors.Is(err, store.ErrNotFound) {
			return nil, fmt.Errorf("no target set %q (save one in Compare, S, or with atelier target-set save)", name)
		}
		if err != nil {
			return nil, err
		}
		return ts.Targets, nil
	}
}

// targetSet is the targets of the file's target_set, checked as a chat
// target each (a system prompt of the file's going with those that set
// none); nil when it names none or cannot be read, which is named.
func (v *validator) targetSet(p *Plan, doc *fileDoc) []string {
	name := doc.TargetSet
	if name == "" {
		return nil
	}
	if v.sets == nil {
		v.fail("target_set", "target sets are kept in the history, which is not open")
		return nil
	}
	targets, err := v.sets(name)
	if err != nil {
		v.fail("target_set", "%v", err)
		return nil
	}
	p.TargetSet = name
	var out []string
	for i, s := range targets {
		t, err := client.ParseChatTarget(s)
		if err == nil {
			if t.Settings.System == "" {
				t.Settings.System = doc.System
			}
			_, _, err = client.NativeChatRequest(t, []client.ChatTurn{{Role: "user", Text: "x"}}, true)
		}
		if err != nil {
			v.fail("target_set", "target set %q, target %d (%s): %v", name, i+1, s, err)
			continue
		}
		out = append(out, s)
	}
	return out
}
