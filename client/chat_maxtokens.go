package client

import (
	"encoding/json"
	"strings"
)

// SentMaxTokens is the output cap the request to t carries, as it would be
// sent: the max_tokens setting, a native field in its place (--set, --body,
// a target's extra keys), or the default the client fills in (alpha always
// sends DefaultMaxTokens). 0 when the request carries none, the model's own
// cap then applying. Estimates count it, so that what is weighed against a
// budget is what is sent.
func SentMaxTokens(t ChatTarget) int {
	w := chatSettingWires[t.Family]["max_tokens"]
	if len(w.paths) == 0 {
		return 0
	}
	_, body, err := NativeChatRequest(t, []ChatTurn{{Role: "user", Text: "."}}, false)
	if err != nil {
		// A target the client refuses is not sent; the run says why. Its
		// setting, or alpha's default, is the nearest guess meanwhile.
		if t.Settings.MaxTokens == 0 && t.Family == Alpha {
			return DefaultMaxTokens
		}
		return t.Settings.MaxTokens
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return t.Settings.MaxTokens
	}
	for _, key := range strings.Split(w.paths[0], ".") {
		m, _ := v.(map[string]any)
		v = m[key]
	}
	n, _ := v.(float64)
	return int(max(n, 0))
}
