package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"

	"atelier/client"
	"atelier/client/sim"
	"atelier/internal/limits"
)

// nativeText is the reply text a family's native final reply holds.
func nativeText(t *testing.T, fam client.Group, raw json.RawMessage) string {
	t.Helper()
	var err error
	var text string
	switch fam {
	case client.Alpha:
		var m client.Message
		err = json.Unmarshal(raw, &m)
		text = m.Text()
	case client.Beta:
		var r client.GenerateResponse
		err = json.Unmarshal(raw, &r)
		text = r.Text()
	case client.Gamma:
		var r client.Response
		err = json.Unmarshal(raw, &r)
		text = r.OutputText()
	}
	if err != nil {
		t.Fatalf("%s: the native reply does not decode: %v\n%.300s", fam, err, raw)
	}
	return text
}

// TestCutReplyKeepsItsNativeReplyCut: a reply cut at the reply text
// budget, streamed or not, keeps a native reply (what --json prints and
// history records) that says no more than the text kept, in every family.
func TestCutReplyKeepsItsNativeReplyCut(t *testing.T) {
	c := newSim(t, sim.Options{})
	c.Limits.ReplyText = 1000
	prompt := "write about tea [[long]]"
	for _, target := range chatTargets {
		for _, stream := range []bool{true, false} {
			var res *client.ChatResult
			var err error
			if stream {
				for d, e := range c.StreamChat(context.Background(), target, userTurn(prompt)) {
					if d.Kind == client.ChatDoneDelta {
						res, err = d.Result, e
					}
				}
			} else {
				res, err = c.Chat(context.Background(), target, userTurn(prompt))
			}
			if !errors.Is(err, limits.ErrLimit) || res == nil || len(res.Text) == 0 || len(res.Text) > 1000 {
				t.Fatalf("%s stream %v: %v, %d bytes", target.Family, stream, err, len(res.Text))
			}
			if got := nativeText(t, target.Family, res.Response); got != res.Text {
				t.Errorf("%s stream %v: the native reply holds %d bytes of text, the reply kept %d", target.Family, stream, len(got), len(res.Text))
			}
		}
	}
}
