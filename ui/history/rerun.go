package history

import (
	"context"
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// rerunCmd reads an item and sends it back to its tab as a tab.RerunMsg,
// which the shell routes there.
func rerunCmd(db *store.Store, r row) tea.Cmd {
	return func() tea.Msg {
		if db == nil {
			return tab.ErrorMsg{Err: errNoStore}
		}
		msg, err := rerun(context.Background(), db, r)
		if err != nil {
			return tab.ErrorMsg{Err: fmt.Errorf("re-run: %w", err)}
		}
		return msg
	}
}

// rerun builds the message for an item.
func rerun(ctx context.Context, db *store.Store, r row) (tab.RerunMsg, error) {
	it, err := load(ctx, db, r)
	if err != nil {
		return tab.RerunMsg{}, err
	}
	switch {
	case it.conv != nil:
		return rerunConversation(ctx, db, it.conv)
	case it.image != nil:
		return rerunImage(it), nil
	}
	v := it.video
	return tab.RerunMsg{To: tab.Video, Kind: store.KindVideo, ID: v.ID, Family: v.Family, Endpoint: v.Endpoint,
		Prompt: v.Prompt, BodyJSON: slices.Clone(v.BodyJSON)}, nil
}

// rerunConversation takes the last prompt of a chat with the target and
// native request of its last reply, or of a comparison with every lane.
func rerunConversation(ctx context.Context, db *store.Store, c *store.Conversation) (tab.RerunMsg, error) {
	ts := turns(c.Messages)
	if len(ts) == 0 {
		return tab.RerunMsg{}, fmt.Errorf("%s %d has no messages", c.Kind, c.ID)
	}
	last := ts[len(ts)-1]
	msg := tab.RerunMsg{To: tab.Chat, Kind: c.Kind, ID: c.ID}
	if c.Kind == store.KindCompare {
		msg.To = tab.Compare
	}
	for _, p := range last.prompts {
		if p.Role == store.RoleUser {
			msg.Prompt = p.Text
		}
	}
	for _, r := range last.replies {
		msg.Targets = append(msg.Targets, tab.RerunTarget{Family: r.Family, Model: r.Model, SettingsJSON: slices.Clone(r.SettingsJSON)})
	}
	if len(last.replies) == 0 {
		if len(last.prompts) > 0 {
			msg.Family, msg.Model = last.prompts[0].Family, last.prompts[0].Model
		}
		return msg, nil
	}
	first := last.replies[0]
	msg.Family, msg.Model, msg.SettingsJSON = first.Family, first.Model, slices.Clone(first.SettingsJSON)
	if c.Kind == store.KindChat {
		msg.Targets = nil
		reply := last.replies[len(last.replies)-1]
		msg.Family, msg.Model, msg.SettingsJSON = reply.Family, reply.Model, slices.Clone(reply.SettingsJSON)
		calls, err := db.Calls(ctx, store.CallFilter{MessageID: reply.ID})
		if err != nil {
			return tab.RerunMsg{}, err
		}
		if len(calls) > 0 {
			msg.BodyJSON = slices.Clone(calls[len(calls)-1].RequestJSON)
		}
	}
	return msg, nil
}

// rerunImage takes an image job's request, with the files an edit used.
func rerunImage(it *loaded) tab.RerunMsg {
	j := it.image
	msg := tab.RerunMsg{To: tab.Image, Kind: store.KindImage, ID: j.ID, Family: "gamma", Model: j.Model, Prompt: j.Prompt,
		SettingsJSON: slices.Clone(j.SettingsJSON), Endpoint: j.Endpoint}
	for _, in := range j.Inputs {
		f := it.files[in.Path]
		switch {
		case f.abs == "":
		case in.Role == "mask":
			msg.Mask = f.abs
		default:
			msg.Images = append(msg.Images, f.abs)
		}
	}
	return msg
}
