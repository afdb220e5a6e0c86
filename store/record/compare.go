package record

import (
	"context"
	"encoding/json"
	"errors"

	"atelier/client"
	"atelier/store"
)

// BeginComparison stores a comparison: a conversation of kind compare, the
// prompt (asked of the first target), and per target its lane and the
// start of its reply. It goes as far as it can: the conversation's id is
// returned once it exists, replies[i] is nil where lane i could not be
// recorded, and the error joins what failed.
func BeginComparison(ctx context.Context, db *store.Store, prompt string, targets []client.ChatTarget) (int64, []*Reply, error) {
	ctx = context.WithoutCancel(ctx)
	replies := make([]*Reply, len(targets))
	if len(targets) == 0 {
		return 0, replies, errors.New("record comparison: no targets")
	}
	id, err := db.NewConversation(ctx, store.KindCompare, "")
	if err != nil {
		return 0, replies, err
	}
	if _, err := addPrompt(ctx, db, id, 0, 0, targets[0], prompt); err != nil {
		return id, replies, err
	}
	turns := []client.ChatTurn{{Role: "user", Text: prompt}}
	var errs []error
	for i, t := range targets {
		settings, _ := json.Marshal(t.Settings)
		l := store.Lane{ConversationID: id, Lane: i, Family: string(t.Family), Model: t.Model, SettingsJSON: settings}
		if err := db.SetLane(ctx, l); err != nil {
			errs = append(errs, err)
		}
		replies[i], err = BeginReply(ctx, db, Place{ConversationID: id, Lane: i}, t, turns, true)
		errs = append(errs, err)
	}
	return id, replies, errors.Join(errs...)
}
