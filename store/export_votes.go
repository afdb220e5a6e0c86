package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// An item's votes and tags go into its exports: a comparison's JSON and
// Markdown (and so `history show`) say what was judged, how, and whether
// the vote still stands.

type exportVote struct {
	ID          int64          `json:"id"`
	Kind        VoteKind       `json:"kind"`
	Turn        int            `json:"turn"`
	Verdict     string         `json:"verdict"`
	Blind       bool           `json:"blind"`
	At          time.Time      `json:"at"`
	WithdrawnAt *time.Time     `json:"withdrawn_at,omitempty"`
	Shown       []exportLetter `json:"shown"`
}

// exportLetter is a VoteTarget with its JSON names.
type exportLetter struct {
	Letter      string `json:"letter"`
	Lane        int    `json:"lane"`
	ImageJobID  int64  `json:"image_job_id,omitempty"`
	VideoTaskID int64  `json:"video_task_id,omitempty"`
	Family      string `json:"family,omitempty"`
	Model       string `json:"model,omitempty"`
	Target      string `json:"target"`
}

// loadVotes reads the votes on an item, withdrawn ones too, and its tags.
func (s *Store) loadVotes(ctx context.Context, ref ItemRef, d *itemData) error {
	var err error
	if d.votes, err = s.Votes(ctx, VoteFilter{Item: &ref, Withdrawn: true}); err != nil {
		return err
	}
	d.tags, err = s.Tags(ctx, ref)
	return err
}

func exportVotes(vs []Vote) []exportVote {
	var out []exportVote
	for _, v := range vs {
		ev := exportVote{ID: v.ID, Kind: v.Kind, Turn: v.Turn, Verdict: v.Verdict, Blind: v.Blind, At: v.At}
		if !v.WithdrawnAt.IsZero() {
			ev.WithdrawnAt = &v.WithdrawnAt
		}
		for _, t := range v.Targets {
			ev.Shown = append(ev.Shown, exportLetter(t))
		}
		out = append(out, ev)
	}
	return out
}

// votes writes an item's tags and a list of its votes.
func (w *mdWriter) votes(vs []Vote, tags []string) {
	if len(tags) > 0 {
		w.f("\nTags: %s\n", strings.Join(tags, ", "))
	}
	if len(vs) == 0 {
		return
	}
	w.f("\n## Votes\n\n")
	for _, v := range vs {
		w.f("- %s\n", VoteLine(v))
	}
}

// VoteLine is a vote in one line of plain words: when, how, the verdict by
// name, and what each letter was.
func VoteLine(v Vote) string {
	how := "blind"
	if !v.Blind {
		how = "open"
	}
	head := fmt.Sprintf("vote %d · %s · %s vote", v.ID, stamp(v.At), how)
	if v.Kind == VoteChat {
		head += fmt.Sprintf(" on prompt %d", v.Turn+1)
	}
	var shown []string
	for _, t := range v.Targets {
		shown = append(shown, t.Letter+" = "+t.Target)
	}
	line := fmt.Sprintf("%s: %s (%s)", head, VerdictWords(v), strings.Join(shown, ", "))
	if !v.WithdrawnAt.IsZero() {
		line += " · withdrawn " + stamp(v.WithdrawnAt)
	}
	return line
}

// VerdictWords says a vote's verdict with the targets' names.
func VerdictWords(v Vote) string {
	names, tie, bad := v.Ranked()
	switch {
	case tie:
		return "tie"
	case bad:
		if len(names) == 2 {
			return "both bad"
		}
		return "all bad"
	case len(names) == 2:
		return names[0] + " better"
	}
	return strings.Join(names, " > ")
}
