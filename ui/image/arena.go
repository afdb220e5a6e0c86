package imagetab

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// The image arena (issue 16): the side-by-side run (c) made blind. The
// lanes are shuffled and shown as A, B, C; nothing that names a model
// (model, size, quality, cost, time, an error's text, a notice) is drawn
// until the vote, which is recorded with store.RecordVote and reveals the
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

// blind is one blind comparison's letters and vote.
type blind struct {
	order     []int  // order[k]: the lane shown as letter k
	typed     string // the letters of a ranking typed so far (three targets)
	verdict   string // the stored verdict once voted; "" before
	skipped   bool   // esc: left unvoted, the names stay hidden
	voteID    int64  // the vote's row; 0 when not (yet) recorded
	withdrawn bool
	asking    bool // "withdraw the vote?" waits for y or n
}

// hidden reports whether the names are still hidden: a blind run before
// its vote (or left unvoted).
func (b *blind) hidden() bool { return b != nil && b.verdict == "" }

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
	return b.hidden() && !b.skipped || b != nil && b.asking
}

// typedVerdict is a verdict once whole; ok is false while it is not.
type typedVerdict struct {
	verdict string
	ok      bool
}

// castKey takes a verdict key: a, b, t, x for two targets; for three, t,
// x, or the letters best first, typed one at a time. It returns the
// verdict once whole, else what to say.
func (b *blind) castKey(k string) (typedVerdict, tea.Cmd) {
	n := len(b.order)
	in := k
	if n > 2 && k != "t" && k != "x" {
		if k < "a" || k >= string(rune('a'+n)) || strings.Contains(b.typed, k) {
			return typedVerdict{}, tab.Warn("vote: " + voteHelp(n))
		}
		b.typed += k
		if len(b.typed) < n {
			return typedVerdict{}, nil
		}
		in, b.typed = b.typed, ""
	}
	v, err := store.ParseVerdict(in, n)
	if err != nil {
		return typedVerdict{}, tab.Warn("vote: " + voteHelp(n))
	}
	return typedVerdict{verdict: v, ok: true}, nil
}

// voteHelp says what keys vote for n targets.
func voteHelp(n int) string {
	if n == 2 {
		return "a = A better, b = B better, t = tie, x = both bad"
	}
	return fmt.Sprintf("the letters best first (e.g. %s), t = tie, x = all bad", strings.Join(store.Letters(n), ""))
}

// voteMsg says a vote was recorded (or why not).
type voteMsg struct {
	run  int
	vote store.Vote
	err  error
}

// vote is the verdict on a blind run: its targets in shown order.
func (r *run) vote(verdict string) store.Vote {
	v := store.Vote{Kind: store.VoteImage, Verdict: verdict, Blind: true}
	letters := store.Letters(len(r.blind.order))
	for k, i := range r.blind.order {
		l := r.lanes[i]
		v.Targets = append(v.Targets, store.VoteTarget{Letter: letters[k], ImageJobID: l.job,
			Family: string(client.Gamma), Model: l.model, Target: imageTarget(l.model, r.spec)})
	}
	return v
}

// cast records the verdict in db; the names are revealed when it is in.
func (r *run) cast(db *store.Store, verdict string) tea.Cmd {
	v := r.vote(verdict)
	r.blind.verdict = verdict // no second vote while this one is recorded
	run := r.id
	return func() tea.Msg {
		if db == nil {
			return result(voteMsg{run: run, vote: v, err: errors.New("the vote was not recorded: no history")})
		}
		id, err := db.RecordVote(context.Background(), v)
		v.ID = id
		return result(voteMsg{run: run, vote: v, err: err})
	}
}

// imageTarget is the name the leaderboard ranks an image model under:
// the model, with the settings that change its pictures.
func imageTarget(model string, s spec) string {
	var set []string
	for _, kv := range [][2]string{{"background", s.Background}, {"quality", s.Quality}, {"size", strings.TrimSpace(s.Size)}} {
		if kv[1] != "" {
			set = append(set, kv[0]+"="+kv[1])
		}
	}
	if len(set) == 0 {
		return model
	}
	return model + ":" + strings.Join(set, ",")
}

// voted reveals the names, saying how the vote went; nothing for another
// run's vote (or no run).
func (r *run) voted(msg voteMsg) tea.Cmd {
	if r == nil || r.id != msg.run || r.blind == nil {
		return nil
	}
	b := r.blind
	b.voteID = msg.vote.ID
	var names []string
	for _, t := range msg.vote.Targets {
		names = append(names, t.Letter+" = "+shortModel(t.Model))
	}
	text := fmt.Sprintf("vote: %s · %s", store.VerdictWords(namedByLetter(msg.vote)), strings.Join(names, ", "))
	if msg.err != nil {
		return tea.Batch(tab.Error(msg.err), tab.Info(text))
	}
	return tab.Notice(text + " · W withdraws it")
}

// namedByLetter is v with its targets named by their letters, so that the
// verdict reads "A better", as the vote was cast.
func namedByLetter(v store.Vote) store.Vote {
	out := v
	out.Targets = make([]store.VoteTarget, len(v.Targets))
	for i, t := range v.Targets {
		t.Target = t.Letter
		out.Targets[i] = t
	}
	return out
}

// withdraw asks before taking the vote back (nothing for a run that is
// not blind, b nil, or not voted).
func (b *blind) withdraw() tea.Cmd {
	switch {
	case b == nil || b.verdict == "":
		return nil
	case b.withdrawn:
		return tab.Warn("the vote was withdrawn already")
	case b.voteID == 0:
		return tab.Warn("the vote was not recorded: nothing to withdraw")
	}
	b.asking = true
	return tab.Ask("withdraw the vote? it leaves the leaderboard (y withdraws, n keeps it)")
}

// answer answers the question: yes withdraws the vote from db, anything
// else keeps it.
func (b *blind) answer(yes bool, db *store.Store) tea.Cmd {
	b.asking = false
	if !yes {
		return tab.Info("the vote stands")
	}
	id := b.voteID
	return func() tea.Msg {
		return result(withdrawnMsg{id: id, err: db.WithdrawVote(context.Background(), id)})
	}
}

// withdrawnMsg says a vote was taken back.
type withdrawnMsg struct {
	id  int64
	err error
}

// takenBack marks the vote taken back, b being the latest run's blind
// state (nil when it is not blind).
func (b *blind) takenBack(msg withdrawnMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	if b != nil && b.voteID == msg.id {
		b.withdrawn = true
	}
	return tab.Notice("vote withdrawn: it no longer counts")
}

// footer is the footer of a blind run before its vote: how the lanes
// are doing, by letter, then the vote's keys.
func (b *blind) footer(st *styles, running, stopping bool) string {
	if running {
		if stopping {
			return st.Footer.Note.Render("stopping…")
		}
		return st.Footer.Note.Render("blind: the images come in as A, B… · working…")
	}
	if b.skipped {
		return st.Footer.Note.Render("not voted: the names stay hidden")
	}
	line := "vote: " + voteHelp(len(b.order))
	if b.typed != "" {
		line += " · so far " + strings.ToUpper(b.typed)
	}
	return st.Footer.Done.Render(line)
}
