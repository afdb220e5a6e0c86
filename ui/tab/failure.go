package tab

import (
	"bytes"
	"encoding/json"
	"strings"
)

// VideoFailure is a video task's recorded failure (the poller's record:
// status, type, message and the service's detail) in words, for the Video
// and History tabs alike: the message, the detail's messages, the type
// last; raw JSON only for a record of another shape (History
// showed failures as JSON).
func VideoFailure(raw json.RawMessage) string {
	var r struct {
		Type    string          `json:"type"`
		Message string          `json:"message"`
		Detail  json.RawMessage `json:"detail"`
	}
	if json.Unmarshal(raw, &r) != nil {
		return strings.TrimSpace(string(raw))
	}
	var parts []string
	if r.Message != "" {
		parts = append(parts, r.Message)
	}
	if d := detailText(r.Detail); d != "" && !strings.Contains(r.Message, d) {
		parts = append(parts, d)
	}
	if len(parts) == 0 {
		var b bytes.Buffer
		if json.Compact(&b, raw) == nil {
			return b.String()
		}
		return strings.TrimSpace(string(raw))
	}
	text := strings.Join(parts, ": ")
	if r.Type != "" && !strings.Contains(text, r.Type) {
		text += " (" + r.Type + ")"
	}
	return text
}

// detailText is a failure's detail in words: a string as it is, a list of
// {"msg": ...} items (a 422's) their messages, anything else compact JSON.
func detailText(d json.RawMessage) string {
	if len(d) == 0 || string(d) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(d, &s) == nil {
		return s
	}
	var items []struct {
		Msg     string `json:"msg"`
		Message string `json:"message"`
	}
	if json.Unmarshal(d, &items) == nil {
		var msgs []string
		for _, it := range items {
			if m := it.Msg + it.Message; m != "" {
				msgs = append(msgs, m)
			}
		}
		if len(msgs) > 0 {
			return strings.Join(msgs, "; ")
		}
	}
	var b bytes.Buffer
	if json.Compact(&b, d) == nil {
		return b.String()
	}
	return string(d)
}
