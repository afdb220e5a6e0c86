package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/store"
	"atelier/store/rank"
)

// arenaFlags are compare's flags for the arena: a blind comparison, its
// vote, and tags on the prompt.
type arenaFlags struct {
	blind bool
	vote  string
	tags  []string
}

func (f *arenaFlags) add(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.BoolVar(&f.blind, "blind", false, "hide the targets as A, B... until you vote")
	fl.StringVar(&f.vote, "vote", "", "with --blind and no terminal: the vote (a, b, t = tie, x = both bad; or a ranking like CABD)")
	fl.StringArrayVar(&f.tags, "tag", nil, "a tag for the prompt (code, poetry...), for `leaderboard --tag`; repeatable")
}

// check rejects flags that do not go together, before anything is sent.
func (f *arenaFlags) check(n int, out compareOutput) error {
	for _, t := range f.tags {
		if _, err := store.NormalizeTag(t); err != nil {
			return usagef("--tag: %v", err)
		}
	}
	if !f.blind {
		if f.vote != "" {
			return usagef("--vote: only with --blind (a vote on named targets is not blind)")
		}
		return nil
	}
	if out.json || out.noText {
		return usagef("--blind: not with --json or --summary, which show the targets' names before the vote")
	}
	if f.vote != "" {
		v, err := store.ParseVerdict(f.vote, n)
		if err != nil {
			return usagef("--vote: %v", err)
		}
		f.vote = v
	}
	return nil
}

// runBlind runs a blind comparison: the targets in a shuffled order shown as
// letters, their replies with nothing that names them, then the vote, which
// reveals them and is recorded.
func (a *app) runBlind(ctx context.Context, targets []client.ChatTarget, prompt string, f arenaFlags, out compareOutput) error {
	run, err := a.streamCompare(ctx, targets, nil, prompt, out.yes)
	if err != nil {
		return err
	}
	a.tagComparison(ctx, run, f.tags)
	if run.db != nil { // unvoted, it opens blind in the TUI's Compare tab, to be voted there
		if err := run.db.MarkBlind(ctx, run.convID, 0); err != nil {
			a.warn(err)
		}
	}
	shown := rand.Perm(len(targets)) // shown[k]: the target shown as letter k
	letters := store.Letters(len(targets))
	var models []string
	for _, t := range targets {
		models = append(models, t.Model)
	}
	text := a.textOut(a.io.out, out.raw)
	for k, i := range shown {
		r := run.results[i]
		fmt.Fprintf(a.io.out, "== %s ==\n", letters[k])
		if r.Error != "" {
			// The error names the target: it waits for the reveal.
			fmt.Fprintf(a.io.out, "(this target failed: the error is shown after the vote)\n\n")
			continue
		}
		if rank.MayNameModel(r.Text, models) {
			fmt.Fprintf(a.io.out, "(this reply may name its model)\n")
		}
		io.WriteString(text, strings.TrimRight(r.Text, "\n")+"\n\n")
	}

	verdict, err := a.askVote(f.vote, len(targets))
	if err != nil {
		return err
	}
	if verdict == "" {
		fmt.Fprintf(a.io.err, "atelier: not voted: %s\n", a.keptUnvoted(run))
		return failedLanes(run.results)
	}
	vote := store.Vote{Kind: store.VoteChat, ConversationID: run.convID, Verdict: verdict, Blind: true}
	for k, i := range shown {
		t := targets[i]
		vote.Targets = append(vote.Targets, store.VoteTarget{Letter: letters[k], Lane: i, Family: string(t.Family),
			Model: t.Model, Target: targetSpec(t)})
	}
	a.revealVote(run, vote, shown)
	return failedLanes(run.results)
}

// keptUnvoted says where an unvoted blind comparison went.
func (a *app) keptUnvoted(run compareRun) string {
	how := "no terminal to ask and no --vote"
	if run.db == nil {
		return how + "; the comparison was not recorded either"
	}
	return fmt.Sprintf("%s; the comparison is kept in history, unvoted, as compare:%d", how, run.convID)
}

// askVote returns the verdict given with --vote, or asks for it on the
// terminal; "" when there is neither or the person gives none.
func (a *app) askVote(given string, n int) (string, error) {
	if given != "" {
		return given, nil
	}
	in, ok := a.io.in.(*os.File)
	if !ok || !isTerminal(in) {
		return "", nil
	}
	help := "a = A better, b = B better, t = tie, x = both bad"
	if n > 2 {
		help = fmt.Sprintf("the letters best first, e.g. %s; t = tie, x = all bad", strings.Join(store.Letters(n), ""))
	}
	lines := bufio.NewScanner(io.LimitReader(in, 1<<16))
	for range 5 {
		fmt.Fprintf(a.io.err, "Your vote (%s; Enter to skip): ", help)
		if !lines.Scan() {
			fmt.Fprintln(a.io.err)
			return "", lines.Err()
		}
		answer := strings.TrimSpace(lines.Text())
		if answer == "" {
			return "", nil
		}
		v, err := store.ParseVerdict(answer, n)
		if err == nil {
			return v, nil
		}
		fmt.Fprintf(a.io.err, "atelier: %v\n", err)
	}
	return "", nil
}

// revealVote records the vote and shows who was who, with the figures held
// back until now.
func (a *app) revealVote(run compareRun, vote store.Vote, shown []int) {
	if run.db != nil {
		if _, err := run.db.RecordVote(context.Background(), vote); err != nil {
			a.warn(err)
		}
	} else {
		fmt.Fprintf(a.io.err, "atelier: warning: the vote was not recorded (no history)\n")
	}
	fmt.Fprintf(a.io.out, "Vote: %s\n\n", store.VerdictWords(vote))
	revealed := make([]laneResult, 0, len(shown))
	for k, i := range shown {
		r := run.results[i]
		r.Target = vote.Targets[k].Letter + " = " + r.Target
		revealed = append(revealed, r)
	}
	printSummary(a.textOut(a.io.out, false), revealed)
}

// failedLanes is compare's exit error when some targets failed.
func failedLanes(results []laneResult) error {
	failed := 0
	for _, r := range results {
		if r.Error != "" {
			failed++
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d targets failed", failed, len(results))
	}
	return nil
}

// tagComparison puts the person's tags on a recorded comparison.
func (a *app) tagComparison(ctx context.Context, run compareRun, tags []string) {
	if run.db == nil || len(tags) == 0 {
		return
	}
	if err := run.db.SetTags(ctx, store.ItemRef{Kind: store.KindCompare, ID: run.convID}, tags); err != nil {
		a.warn(err)
	}
}
