package imagetab

import (
	"math/rand/v2"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/vote"
	"atelier/ui/tab"
)

// The image arena: the side-by-side run (c) made blind. The
// lanes are shuffled and shown as A, B, C; nothing that names a model
// (model, size, quality, cost, time, an error's text, a notice) is drawn
// until the vote (ui/components/vote), which is recorded and reveals the
// names. A vote is never changed; it can be withdrawn, after a question.

// arena is the tab's blind default and what the Arena asked for.
type arena struct {
	blind bool // the next comparison runs blind (b in the picker toggles it)
	// perm shuffles n lanes: perm(n)[k] is the lane shown as letter k.
	// rand.Perm; tests set their own.
	perm func(n int) []int
	// models are the models an Arena rerun asked to compare, chosen in the
	// picker when it opens; nil for the form's own.
	models []string
	pick   bool // open the picker once the job the Arena sent is in the form
}

func newArena(blind bool) arena { return arena{blind: blind, perm: rand.Perm} }

// asked takes what a run sent from History or the Arena asks, and returns
// the models it names: blind asks for a blind comparison, and blind or more
// than one model for the picker, open on them once the job is in the form.
func (a *arena) asked(msg tab.RerunMsg) []string {
	var models []string
	for _, t := range msg.Targets {
		if t.Model != "" {
			models = append(models, t.Model)
		}
	}
	if msg.Blind {
		a.blind = true
	}
	if msg.Blind || len(models) > 1 {
		a.models, a.pick = models, true
	}
	return models
}

// blind is one blind comparison's letters and vote (ui/components/vote,
// as Compare and the Video tab vote).
type blind struct {
	order   []int // order[k]: the lane shown as letter k
	skipped bool  // esc: left unvoted, the names stay hidden
	vote    vote.Model
}

// newBlind is the blind state of a run of n lanes shown in order, its
// vote recorded in db.
func newBlind(db *store.Store, order []int, dark bool) *blind {
	b := &blind{order: order, vote: vote.New(vote.Options{Store: db, Tab: tab.Image}).Start(len(order))}
	b.vote.SetDark(dark)
	return b
}

// hidden reports whether the names are still hidden: a blind run before
// its vote (or left unvoted).
func (b *blind) hidden() bool { return b != nil && b.vote.Hidden() }

// asking reports whether the vote's withdrawal waits for y or n.
func (b *blind) asking() bool { return b != nil && b.vote.Asking() }

// letter is the letter lane i is shown as.
func (b *blind) letter(i int) string {
	for k, l := range b.order {
		if l == i {
			return store.Letters(len(b.order))[k]
		}
	}
	return "?"
}

// order is the order lanes are shown in: shuffled when blind.
func (r *run) order() []int {
	if r.blind != nil {
		return r.blind.order
	}
	out := make([]int, len(r.lanes))
	for i := range out {
		out[i] = i
	}
	return out
}

// voting reports whether the keys are the vote's: a blind run, unvoted
// and not skipped, or a withdrawal asked about (false for b nil: no
// blind run).
func (b *blind) voting() bool {
	return b.hidden() && !b.skipped || b.asking()
}

// voteKey hands msg to the run's vote, telling it first what a cast
// records and that the vote waits while images are still coming.
func (r *run) voteKey(msg tea.KeyPressMsg) tea.Cmd {
	wait := ""
	if r.running() {
		wait = "the vote opens once every image is in (esc stops the rest)"
	}
	b := r.blind
	b.vote = b.vote.Ballot(r.ballot(), wait)
	var cmd tea.Cmd
	b.vote, cmd = b.vote.Update(msg)
	return cmd
}

// ballot is what a vote on the blind run records: its targets in shown
// order, each by its image job.
func (r *run) ballot() store.Vote {
	v := store.Vote{Kind: store.VoteImage}
	for _, i := range r.blind.order {
		l := r.lanes[i]
		v.Targets = append(v.Targets, store.VoteTarget{ImageJobID: l.job, Family: string(client.Gamma), Model: l.model,
			Target: imageTarget(l.model, r.spec)})
	}
	return v
}

// imageTarget is the name the leaderboard ranks an image model under:
// the model, with the settings that change its pictures.
func imageTarget(model string, s spec) string {
	return store.ImageTarget(model, s.Background, s.Quality, s.Size)
}

// footer is the footer of a blind run before its vote: how the lanes
// are doing, by letter, then the vote's keys.
func (b *blind) footer(st *styles, running, stopping bool, width int) string {
	if running {
		if stopping {
			return st.Footer.Note.Render("stopping…")
		}
		return st.Footer.Note.Render("blind: the images come in as A, B… · working…")
	}
	if b.skipped {
		return st.Footer.Note.Render("not voted: the names stay hidden")
	}
	return b.line(width)
}

// line is the vote's line width wide.
func (b *blind) line(width int) string {
	v := b.vote
	v.SetWidth(width)
	return v.View()
}
