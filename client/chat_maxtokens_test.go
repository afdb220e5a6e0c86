package client

import "testing"

// TestSentMaxTokensIsWhatIsSent: the cap an estimate counts is the one the
// request carries: alpha's default when nothing is set, the setting, or a
// native field that replaces it; none for a family that sends none.
func TestSentMaxTokensIsWhatIsSent(t *testing.T) {
	for _, tc := range []struct {
		name string
		t    ChatTarget
		want int
	}{
		{"alpha default", ChatTarget{Family: Alpha, Model: "m"}, DefaultMaxTokens},
		{"alpha setting", ChatTarget{Family: Alpha, Model: "m", Settings: ChatSettings{MaxTokens: 300}}, 300},
		{"alpha native field", ChatTarget{Family: Alpha, Model: "m", Settings: ChatSettings{Extra: Extra{"max_tokens": 900}}}, 900},
		{"beta none", ChatTarget{Family: Beta, Model: "m"}, 0},
		{"beta setting", ChatTarget{Family: Beta, Model: "m", Settings: ChatSettings{MaxTokens: 512}}, 512},
		{"beta native field", ChatTarget{Family: Beta, Model: "m", Settings: ChatSettings{Extra: Extra{"generationConfig": map[string]any{"maxOutputTokens": 64}}}}, 64},
		{"gamma none", ChatTarget{Family: Gamma, Model: "m"}, 0},
		{"gamma setting", ChatTarget{Family: Gamma, Model: "m", Settings: ChatSettings{MaxTokens: 2000}}, 2000},
		{"alpha refused target", ChatTarget{Family: Alpha, Model: "", Settings: ChatSettings{}}, DefaultMaxTokens},
	} {
		if got := SentMaxTokens(tc.t); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
}
