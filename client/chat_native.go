package client

import (
	"encoding/json"
	"fmt"
)

// ChatResultOf reads a native final reply of family (a ChatResult.Response
// kept in history) back into the chat layer's terms: text, thinking, stop
// reason, usage, sources and tool calls. Timings are not in the reply and
// stay zero. A chat screen uses it to show the citations and tool calls of a
// reply it reloads.
func ChatResultOf(family Group, raw json.RawMessage) (*ChatResult, error) {
	var res *ChatResult
	switch family {
	case Alpha:
		var m Message
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, fmt.Errorf("read alpha reply: %w", err)
		}
		res = alphaChatResult(&m)
	case Beta:
		var r GenerateResponse
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("read beta reply: %w", err)
		}
		res = betaChatResult(&r)
	case Gamma:
		var r Response
		if err := json.Unmarshal(raw, &r); err != nil {
			return nil, fmt.Errorf("read gamma reply: %w", err)
		}
		res = gammaChatResult(&r)
	default:
		return nil, &ValidationError{Field: "family", Rule: "must be alpha, beta or gamma", Value: string(family)}
	}
	res.Response = raw
	res.Complete = true
	return res, nil
}
