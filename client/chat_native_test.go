package client_test

import (
	"context"
	"slices"
	"testing"

	"atelier/client"
	"atelier/client/sim"
)

// TestChatResultOfReadsBackAStreamedReply: what a stream ends with, read
// back from its native reply alone, gives the same text, thinking, stop
// reason, usage, sources and tool calls, for every family.
func TestChatResultOfReadsBackAStreamedReply(t *testing.T) {
	t.Parallel()
	c := newSim(t, sim.Options{})
	for _, target := range chatTargets {
		t.Run(string(target.Family), func(t *testing.T) {
			target.Settings = client.ChatSettings{WebSearch: true, ThinkingBudget: 2048}
			if target.Family == client.Gamma {
				target.Settings = client.ChatSettings{WebSearch: true, Summary: "auto"}
			}
			_, res := streamChat(t, context.Background(), c, target, userTurn("the weather in Lisbon"))
			got, err := client.ChatResultOf(target.Family, res.Response)
			if err != nil {
				t.Fatal(err)
			}
			if got.Text != res.Text || got.Thinking != res.Thinking || got.StopReason != res.StopReason || got.Usage != res.Usage {
				t.Errorf("read back %+v\nstreamed %+v", got, res)
			}
			if !slices.Equal(got.Sources, res.Sources) || !slices.Equal(got.Tools, res.Tools) || len(got.Sources) == 0 {
				t.Errorf("sources %v tools %v, streamed %v %v", got.Sources, got.Tools, res.Sources, res.Tools)
			}
		})
	}
}

func TestChatResultOfRefusesWhatItCannotRead(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		fam client.Group
		raw string
	}{
		{client.Alpha, `not json`},
		{client.Beta, `[1,2]`},
		{client.Gamma, `{"output": 3`},
		{"delta", `{}`},
	} {
		if _, err := client.ChatResultOf(tt.fam, []byte(tt.raw)); err == nil {
			t.Errorf("%s %s: no error", tt.fam, tt.raw)
		}
	}
}
