package arena

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/rank"
	"atelier/ui/tab"
)

// promptMsg brings the prompt the next comparison of a pair runs on.
type promptMsg struct {
	kind   store.VoteKind
	pair   rank.Pair
	prompt string
	fresh  bool // no vote between the two judged it yet
	ok     bool // the history had a prompt
	added  int  // targets of the pair new to the target set "arena"
	err    error
}

// run starts the next blind comparison of the pair under the cursor on
// board b (nil: being computed): a prompt is picked from the history
// (store.NextPrompt, NextImagePrompt) in a command, then Compare (chat) or
// the Image tab's side-by-side run (image) gets it. Video pairs are judged
// on tasks already made, in the Video tab: the key says so.
func (l needList) run(b *board, db *store.Store) tea.Cmd {
	pairs := l.pairs(b)
	switch {
	case b == nil:
		return tab.Warn("arena: the board is being computed; a moment")
	case len(pairs) == 0 || l.pick >= len(pairs):
		return tab.Warn("arena: no pair to run: the pairs that need votes show under the board")
	}
	kind := b.kind
	if kind == store.VoteVideo {
		return tab.Warn("arena: video pairs are judged on tasks already made: c on a finished task in the Video tab")
	}
	pair := pairs[l.pick]
	next := db.NextPrompt
	if kind == store.VoteImage {
		if imageModel(pair.A) == imageModel(pair.B) {
			return tab.Warn("arena: the two differ only in their settings: run them side by side in the Image tab (c)")
		}
		next = db.NextImagePrompt
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), loadWait)
		defer cancel()
		p, fresh, ok, err := next(ctx, pair.A, pair.B)
		msg := promptMsg{kind: kind, pair: pair, prompt: p, fresh: fresh, ok: ok, err: err}
		if err == nil && ok && kind == store.VoteChat {
			// The pair joins the target set "arena": added to, never
			// replacing what it holds.
			msg.added, msg.err = db.AddToTargetSet(ctx, store.ArenaTargetSet, []string{pair.A, pair.B})
		}
		return result(msg)
	}
}

// imageModel is the model of an image target as votes name it,
// MODEL[:background=…,quality=…,size=…].
func imageModel(name string) string {
	model, _, _ := strings.Cut(name, ":")
	return model
}

// rerun sends Compare the pair and the prompt, blind.
func (msg promptMsg) rerun() tea.Cmd {
	switch {
	case msg.err != nil:
		return tab.Error(msg.err)
	case !msg.ok && msg.kind == store.VoteImage:
		return tab.Warn("arena: no image prompt in the history yet to compare on: make one in the Image tab")
	case !msg.ok:
		return tab.Warn("arena: no prompt in the history yet to compare on: write one in Chat or Compare")
	case msg.kind == store.VoteImage:
		return msg.rerunImage()
	}
	var targets []tab.RerunTarget
	for _, name := range []string{msg.pair.A, msg.pair.B} {
		t, err := rerunTarget(name)
		if err != nil {
			return tab.Error(fmt.Errorf("arena: %w", err))
		}
		targets = append(targets, t)
	}
	// Added beside the person's own comparison, not in its place (Keep):
	// their targets and prompt come back once this one runs.
	rerun := tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, Prompt: msg.prompt, Targets: targets, Blind: true, Keep: true}
	note := "arena: blind comparison added on your newest prompt not judged for this pair yet: enter runs it"
	if !msg.fresh {
		note = "arena: every recent prompt was judged for this pair: added on your newest again; enter runs it"
	}
	note += "; your own targets come back after it"
	if msg.added > 0 {
		note += fmt.Sprintf(" · %s added to the target set %q", tab.Plural(msg.added, "target"), store.ArenaTargetSet)
	}
	return tea.Sequence(func() tea.Msg { return rerun }, tab.Info(note))
}

// rerunTarget is a chat target named as votes name it, FAMILY:MODEL[:k=v,...],
// as Compare takes a lane.
func rerunTarget(name string) (tab.RerunTarget, error) {
	t, err := client.ParseChatTarget(name)
	if err != nil {
		return tab.RerunTarget{}, err
	}
	out := tab.RerunTarget{Family: string(t.Family), Model: t.Model}
	if client.FormatChatSettings(t.Settings) != "" {
		if out.SettingsJSON, err = json.Marshal(t.Settings); err != nil {
			return tab.RerunTarget{}, fmt.Errorf("target %q: %w", name, err)
		}
	}
	return out, nil
}

// rerunImage sends the Image tab the pair's two models and the prompt,
// blind: its models picker opens on them, and the run takes the form's
// size and quality.
func (msg promptMsg) rerunImage() tea.Cmd {
	rerun := tab.RerunMsg{To: tab.Image, Kind: store.KindImage, Prompt: msg.prompt, Blind: true,
		Targets: []tab.RerunTarget{{Model: imageModel(msg.pair.A)}, {Model: imageModel(msg.pair.B)}}}
	note := "arena: blind image run on your newest image prompt not judged for this pair yet"
	if !msg.fresh {
		note = "arena: every recent image prompt was judged for this pair: on your newest again"
	}
	return tea.Sequence(func() tea.Msg { return rerun }, tab.Info(note+"; the form's size and quality apply"))
}
