package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"atelier/batch"
	"atelier/client"
	"atelier/store"
	"atelier/store/price"
)

// prices is the [prices] table; nil when there is none (or no readable
// config, which the command reports on its own).
func (a *app) prices() price.Table {
	cfg, err := a.settings()
	if err != nil {
		return nil
	}
	return cfg.Prices
}

// costKey is the field --json output gains when a cost is known: the
// native JSON stays as the service sent it apart from this one key.
const costKey = "atelier_cost"

// withCost adds the cost to a JSON object; the object is returned as it is
// when the cost is not known.
func withCost(obj []byte, cost *float64) []byte {
	t := bytes.TrimRight(obj, " \t\r\n")
	if cost == nil || len(t) < 2 || t[len(t)-1] != '}' {
		return obj
	}
	field := fmt.Sprintf("%q:%s", costKey, strconv.FormatFloat(*cost, 'f', -1, 64))
	head := bytes.TrimRight(t[:len(t)-1], " \t\r\n")
	out := append([]byte(nil), head...)
	if head[len(head)-1] != '{' {
		out = append(out, ',')
	}
	out = append(append(out, field...), '}')
	return append(out, obj[len(t):]...) // the line break it ended with
}

// chatCost is the cost of a reply: its usage, with the thinking tokens
// the native usage tells apart (beta's thoughts, gamma's reasoning).
func chatCost(t price.Table, model string, res *client.ChatResult) *float64 {
	if res == nil {
		return nil
	}
	return t.ReplyNative(model, int64(res.Usage.Input), int64(res.Usage.Output), res.Response)
}

// imageCost is the cost of an image reply.
func imageCost(t price.Table, req client.ImageRequest, resp *client.ImageResponse) *float64 {
	if resp == nil || len(t) == 0 {
		return nil
	}
	var u *price.Usage
	if resp.Usage != nil {
		u = &price.Usage{Input: resp.Usage.InputTokens, Output: resp.Usage.OutputTokens}
	}
	return t.Image(req.Model, req.Size, req.Quality, len(resp.Data), u)
}

// videoCost is what a video task costs, from its body and, where it says
// nothing, the endpoint's documented defaults.
func videoCost(t price.Table, req client.VideoRequest) *float64 {
	return store.VideoCost(t, req.Path, req.Body)
}

// compareEstimate is what a comparison may cost: each target's prompt
// tokens and max_tokens, summed over the targets whose rates are known;
// nil when none is.
func compareEstimate(t price.Table, targets []client.ChatTarget, prompt string) *float64 {
	return t.EstimateAsks(price.ChatAsks(targets, prompt), 1)
}

// batchEstimate is what a batch's every cell is estimated to cost.
func batchEstimate(t price.Table, plan *batch.Plan) *float64 { return plan.Estimate(t) }

// guard weighs a run's estimate against the [budget] (with what today has
// cost so far) before anything is sent. Past it, the person is asked on the
// terminal; --yes accepts; with no terminal the run is refused (exit 2)
// with the estimate and the budget named.
func (a *app) guard(ctx context.Context, what string, est *float64, yes bool) error {
	cfg, err := a.settings()
	if err != nil || !cfg.Budget.Set() || est == nil {
		return nil
	}
	var db *store.Store
	if cfg.Budget.Day != nil {
		if db, err = a.store(); err != nil {
			db = nil // no history: nothing spent today
		}
	}
	over, err := db.WeighBudget(ctx, cfg.Budget, cfg.Prices, est, time.Now())
	if err != nil {
		a.warn(err)
	}
	if over == nil {
		return nil
	}
	if yes {
		fmt.Fprintf(a.io.err, "note: %s: %v; going ahead (--yes)\n", what, over)
		return nil
	}
	if in, ok := a.io.in.(*os.File); !ok || !isTerminal(in) || !isTerminal(a.io.err) {
		return usagef("%s: %v; nothing was sent (pass --yes to run it anyway)", what, over)
	}
	fmt.Fprintf(a.io.err, "%s: %v.\nRun it anyway? [y/N] ", what, over)
	line, _ := bufio.NewReaderSize(io.LimitReader(a.io.in, 256), 64).ReadString('\n')
	if answer := strings.ToLower(strings.TrimSpace(line)); answer == "y" || answer == "yes" {
		return nil
	}
	return usagef("%s: not run; nothing was sent", what)
}
