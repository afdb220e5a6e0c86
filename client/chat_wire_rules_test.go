package client

import (
	"math"
	"testing"
)

// TestChatCheckWire: every family refuses a stream field of the target's
// own and a temperature or top_p that is not finite, naming the field;
// NativeChatRequest (what the history records first) refuses them too.
func TestChatCheckWire(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(-1)
	for _, fam := range []Group{Alpha, Beta, Gamma} {
		for _, tc := range []struct {
			field string
			s     ChatSettings
		}{
			{"stream", ChatSettings{Extra: Extra{"stream": false}}},
			{"stream", ChatSettings{Extra: Extra{"stream": true}}},
			{"temperature", ChatSettings{Temperature: &nan}},
			{"top_p", ChatSettings{TopP: &inf}},
		} {
			target := ChatTarget{Family: fam, Model: "m", Settings: tc.s}
			for _, stream := range []bool{false, true} {
				_, _, err := NativeChatRequest(target, []ChatTurn{{Role: "user", Text: "hi"}}, stream)
				v := Violations(err)
				if len(v) != 1 || v[0].Field != tc.field {
					t.Errorf("%s %s (stream %v): %v", fam, tc.field, stream, err)
				}
			}
		}
		one := 0.5
		if _, _, err := NativeChatRequest(ChatTarget{Family: fam, Model: "m", Settings: ChatSettings{TopP: &one}},
			[]ChatTurn{{Role: "user", Text: "hi"}}, true); err != nil {
			t.Errorf("%s: a finite top_p refused: %v", fam, err)
		}
	}
}
