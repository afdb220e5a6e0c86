package client

import "math"

// chatCheckWire refuses what no family's request can carry, whatever the
// family, before anything is built or sent:
//
//   - a temperature or top_p that is not a finite number: NaN and ±Inf
//     have no JSON form, so the request could not even be encoded;
//   - a "stream" among the extra fields: whether a reply streams is chosen
//     by the call (Chat or StreamChat; --no-stream on the command line),
//     which reads the reply accordingly. Honoured, stream=false under a
//     stream would fail after the request went out, and beta's
//     generateContent has no such field; dropped, it would be ignored
//     without a word. So it is refused alike for alpha, beta and gamma.
func chatCheckWire(s ChatSettings) error {
	var c checks
	for _, n := range []struct {
		field string
		v     *float64
	}{{"temperature", s.Temperature}, {"top_p", s.TopP}} {
		if n.v != nil && (math.IsNaN(*n.v) || math.IsInf(*n.v, 0)) {
			c.add(n.field, "must be a finite number", *n.v)
		}
	}
	if v, ok := s.Extra["stream"]; ok {
		c.add("stream", ChatStreamRule, v)
	}
	return c.err()
}

// ChatStreamRule is why a chat request refuses a "stream" field of its own.
const ChatStreamRule = "is not set as a request field: streaming is chosen by the call (--no-stream on the command line), for every family alike"
