package client_test

import (
	"context"
	"strings"
	"testing"

	"atelier/client"
	"atelier/client/sim"
)

// TestErrorTextsSayThingsOnce: a 429 whose message says when to retry does
// not say it again, a 529 (no status text) has no empty part, and a stream
// cut midway has no stop reason (issue 19: "retry after 1 second; retry
// after 1s", "529 : overloaded_error", "in_progress").
func TestErrorTextsSayThingsOnce(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	c.MaxRetries = 0
	run := func(f client.Group, fault string) (*client.ChatResult, error) {
		var last error
		var res *client.ChatResult
		for d, err := range c.StreamChat(context.Background(), client.ChatTarget{Family: f, Model: "m"}, userTurn("x [[fault:"+fault+"]]")) {
			if err != nil {
				last = err
			}
			if d.Result != nil {
				res = d.Result
			}
		}
		return res, last
	}
	for _, f := range []client.Group{client.Alpha, client.Beta, client.Gamma} {
		_, err := run(f, "429")
		if err == nil || strings.Count(strings.ToLower(err.Error()), "retry after") != 1 {
			t.Errorf("%s 429: %v", f, err)
		}
	}
	if _, err := run(client.Alpha, "overloaded"); err == nil || !strings.Contains(err.Error(), "529: overloaded_error") {
		t.Errorf("alpha 529: %v", err)
	}
	if res, err := run(client.Gamma, "cut"); err == nil || res == nil || res.StopReason != "" {
		t.Errorf("gamma cut: %v, result %+v", err, res)
	}
}
