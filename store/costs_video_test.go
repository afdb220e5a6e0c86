package store

import (
	"encoding/json"
	"testing"

	"atelier/store/price"
)

// TestVideoTaskCostTakesEndpointDefaults: a body that names no duration
// or resolution is costed at what the endpoint makes by default, as the
// command line costs it (one rule, VideoCost); a failed task costs
// nothing.
func TestVideoTaskCostTakesEndpointDefaults(t *testing.T) {
	t.Parallel()
	tab := price.Table{
		"videoa/*": {Second: map[string]float64{"1080p": 0.25, "720p": 0.1}},
		"videoc*":  {Second: map[string]float64{"720p": 0.05}},
	}
	for _, c := range []struct {
		endpoint, body string
		want           float64 // 0: none
	}{
		{"videoa/q1/text-to-video", `{"prompt":"x"}`, 5 * 0.25},                                   // 5 s at 1080p by default
		{"videoa/q1/text-to-video", `{"prompt":"x","duration":10,"resolution":"720p"}`, 10 * 0.1}, // as named
		{"videoc3.1/fast", `{"prompt":"x"}`, 8 * 0.05},                                            // "8s" at 720p by default
		{"videoz/unknown", `{"prompt":"x","duration":5}`, 0},                                      // no rate
	} {
		got := VideoTaskCost(tab, VideoTask{Endpoint: c.endpoint, BodyJSON: json.RawMessage(c.body)})
		if c.want == 0 && got != nil || c.want != 0 && (got == nil || *got < c.want-1e-9 || *got > c.want+1e-9) {
			t.Errorf("%s %s: %v, want %v", c.endpoint, c.body, got, c.want)
		}
	}
	failed := VideoTask{Endpoint: "videoa/q1/text-to-video", BodyJSON: json.RawMessage(`{}`), FailureJSON: json.RawMessage(`{"detail":"no"}`)}
	if got := VideoTaskCost(tab, failed); got != nil {
		t.Errorf("a failed task: %v, want none", *got)
	}
}
