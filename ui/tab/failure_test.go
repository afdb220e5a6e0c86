package tab

import "testing"

func TestVideoFailure(t *testing.T) {
	for raw, want := range map[string]string{
		`{"status":"FAILED","type":"content_policy","message":"refused by the moderation"}`:                                         "refused by the moderation (content_policy)",
		`{"detail":"content policy: refused"}`:                                                                                      "content policy: refused",
		`{"message":"unprocessable","detail":[{"loc":["body","prompt"],"msg":"too long","type":"value_error"},{"msg":"bad size"}]}`: "unprocessable: too long; bad size",
		`{"weird": true}`:  `{"weird":true}`,
		`not json at all `: "not json at all",
	} {
		if got := VideoFailure([]byte(raw)); got != want {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}
