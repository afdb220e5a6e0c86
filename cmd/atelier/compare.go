package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/store"
	"atelier/store/record"
)

func (a *app) compareCmd() *cobra.Command {
	var specs []string
	var system, setName string
	var asJSON, noText, raw, yes bool
	var arena arenaFlags
	cmd := &cobra.Command{
		Use:   "compare -t FAMILY:MODEL[:key=value,...] -t ... | --target-set NAME [PROMPT]",
		Short: "Send one prompt to 2–4 targets at once and compare the replies",
		Long: "Send the same prompt (an argument, or stdin) to 2 to 4 targets at once. Each target is\n" +
			"FAMILY:MODEL with optional settings, e.g. alpha:model-x:temperature=0.2,thinking_budget=2048.\n" +
			"The same model twice with different settings is a parameter sweep. Settings use the chat\n" +
			"settings' names (system, max_tokens, temperature, top_p, top_k, thinking_budget,\n" +
			"thinking_display, effort, summary, verbosity, web_search); any other key goes into the\n" +
			"native request as it is. Prints each reply, then a summary table; --json prints JSON.\n" +
			"--blind shuffles the targets, shows them as A, B... with no names or figures, asks for\n" +
			"your vote (or takes --vote), then reveals them; blind votes rank the targets in\n" +
			"`atelier leaderboard`.",
		RunE: func(cmd *cobra.Command, args []string) error {
			if setName != "" {
				set, err := a.targetSet(cmd.Context(), setName)
				if err != nil {
					return err
				}
				specs = append(set, specs...)
			}
			if len(specs) < 2 || len(specs) > 4 {
				return usagef("-t: give 2 to 4 targets (got %d)", len(specs))
			}
			var targets []client.ChatTarget
			for _, s := range specs {
				t, err := client.ParseChatTarget(s)
				if err != nil {
					return usagef("-t: %v", err)
				}
				if system != "" && t.Settings.System == "" {
					t.Settings.System = system
				}
				targets = append(targets, t)
			}
			out := compareOutput{json: asJSON, noText: noText, raw: raw, yes: yes}
			if err := arena.check(len(targets), out); err != nil {
				return err
			}
			prompt, err := readPrompt(args, a.io.in)
			if err != nil {
				return err
			}
			if arena.blind {
				return a.runBlind(cmd.Context(), targets, prompt, arena, out)
			}
			return a.runCompare(cmd.Context(), targets, specs, prompt, out, arena.tags)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&specs, "target", "t", nil, "a target FAMILY:MODEL[:key=value,...] (2 to 4)")
	fl.StringVar(&setName, "target-set", "", "the targets of a saved target set (atelier target-set list), before any -t")
	fl.StringVar(&system, "system", "", "system prompt for every target that sets none")
	fl.BoolVar(&asJSON, "json", false, "print the results as JSON")
	fl.BoolVar(&noText, "summary", false, "print only the summary table")
	fl.BoolVar(&raw, "raw", false, "write the models' bytes untouched, even to a terminal")
	fl.BoolVarP(&yes, "yes", "y", false, "run even when the estimate passes the [budget]")
	arena.add(cmd)
	return cmd
}

type compareOutput struct{ json, noText, raw, yes bool }

// laneResult is one target's outcome.
type laneResult struct {
	Target   string             `json:"target"` // as given to -t: a sweep's targets differ by their settings
	Text     string             `json:"text"`
	Thinking string             `json:"thinking,omitempty"`
	Stop     string             `json:"stop_reason,omitempty"`
	Input    int                `json:"input_tokens"`
	Output   int                `json:"output_tokens"`
	TTFTms   int64              `json:"ttft_ms"`
	TotalMS  int64              `json:"total_ms"`
	TokPerS  float64            `json:"tokens_per_second"`
	Error    string             `json:"error,omitempty"`
	Response json.RawMessage    `json:"response,omitempty"`
	Cost     *float64           `json:"cost,omitempty"` // with [prices] set for the model
	res      *client.ChatResult // nil when the target failed before replying
}

// runCompare streams prompt to every target at once and prints the
// results; labels[i] names target i in them (nil: family:model:settings).
// tags go on the recorded comparison.
func (a *app) runCompare(ctx context.Context, targets []client.ChatTarget, labels []string, prompt string, out compareOutput, tags []string) error {
	run, err := a.streamCompare(ctx, targets, labels, prompt, out.yes)
	if err != nil {
		return err
	}
	a.tagComparison(ctx, run, tags)
	return a.printCompare(run.results, out)
}

// compareRun is a finished comparison: each target's result, in the order
// given, and where it was recorded (db nil when it was not).
type compareRun struct {
	results []laneResult
	db      *store.Store
	convID  int64
}

// streamCompare streams prompt to every target at once, recording as it
// goes, and returns when every target has ended. yes runs it even when its
// estimate passes the [budget].
func (a *app) streamCompare(ctx context.Context, targets []client.ChatTarget, labels []string, prompt string, yes bool) (compareRun, error) {
	c, err := a.newClient(ctx)
	if err != nil {
		return compareRun{}, err
	}
	turns := []client.ChatTurn{{Role: "user", Text: prompt}}
	for _, t := range targets {
		if _, _, err := client.NativeChatRequest(t, turns, true); err != nil {
			return compareRun{}, fmt.Errorf("%s:%s: %w", t.Family, t.Model, err)
		}
	}
	prices := a.prices()
	if err := a.guard(ctx, "comparison", compareEstimate(prices, targets, prompt), yes); err != nil {
		return compareRun{}, err
	}
	var run compareRun
	var replies []*record.Reply
	if db, err := a.store(); err != nil {
		a.warn(err)
	} else {
		var convID int64
		convID, replies, err = record.BeginComparison(ctx, db, prompt, targets)
		if err != nil {
			a.warn(err)
		}
		if convID != 0 {
			run.db, run.convID = db, convID
		}
	}
	results := make([]laneResult, len(targets))
	var wg sync.WaitGroup
	for i, t := range targets {
		var rec *chatRecord
		if i < len(replies) && replies[i] != nil {
			rec = &chatRecord{a: a, ctx: ctx, reply: replies[i]}
		}
		wg.Go(func() {
			results[i] = runLane(ctx, c, t, turns, rec)
			if i < len(labels) {
				results[i].Target = labels[i]
			}
		})
	}
	wg.Wait()
	for i := range results {
		results[i].Cost = chatCost(prices, targets[i].Model, results[i].res)
	}
	run.results = results
	return run, nil
}

// runLane streams one target to its end, recording as it goes.
func runLane(ctx context.Context, c *client.Client, t client.ChatTarget, turns []client.ChatTurn, rec *chatRecord) laneResult {
	lr := laneResult{Target: targetSpec(t)}
	var res *client.ChatResult
	var err error
	for d, e := range c.StreamChat(ctx, t, turns) {
		rec.add(d)
		if d.Kind == client.ChatDoneDelta {
			res, err = d.Result, e
		}
	}
	rec.finish(res, err)
	if err != nil {
		lr.Error = err.Error()
	}
	if res != nil {
		lr.res = res
		lr.Text, lr.Thinking, lr.Stop = res.Text, res.Thinking, res.StopReason
		lr.Input, lr.Output = res.Usage.Input, res.Usage.Output
		lr.TTFTms, lr.TotalMS = res.FirstToken.Milliseconds(), res.Total.Milliseconds()
		lr.TokPerS, lr.Response = res.TokensPerSecond(), res.Response
	}
	return lr
}

// targetSpec is t as -t reads it: FAMILY:MODEL[:key=value,...].
func targetSpec(t client.ChatTarget) string {
	spec := string(t.Family) + ":" + t.Model
	if s := client.FormatChatSettings(t.Settings); s != "" {
		spec += ":" + s
	}
	return spec
}

func (a *app) printCompare(results []laneResult, out compareOutput) error {
	if out.json {
		if err := writeJSON(a.jsonOut(), results); err != nil {
			return err
		}
	} else {
		if !out.noText {
			text := a.textOut(a.io.out, out.raw)
			for _, r := range results {
				fmt.Fprintf(a.io.out, "== %s ==\n", cleanLine(r.Target))
				io.WriteString(text, strings.TrimRight(r.Text, "\n")+"\n\n")
			}
		}
		printSummary(a.textOut(a.io.out, false), results)
	}
	return failedLanes(results)
}

// printSummary writes the figures a prompt engineer compares, one row per
// target.
func printSummary(w io.Writer, results []laneResult) {
	printTable(w, "TARGET\tFIRST TOKEN\tTOTAL\tIN\tOUT\tTOK/S\tSTOP", results, func(r laneResult) string {
		stop := cleanLine(r.Stop)
		if r.Error != "" {
			stop = "error: " + clip(cleanLine(r.Error), 60)
		}
		return fmt.Sprintf("%s\t%s\t%s\t%d\t%d\t%.0f\t%s", cleanLine(r.Target), ms(r.TTFTms), ms(r.TotalMS), r.Input, r.Output, r.TokPerS, stop)
	})
}

// ms shows milliseconds as a duration: to the millisecond under a second,
// to 10 ms above.
func ms(v int64) string {
	d := time.Duration(v) * time.Millisecond
	if d >= time.Second {
		d = d.Round(10 * time.Millisecond)
	}
	return d.String()
}
