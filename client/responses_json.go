package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"strconv"
)

// responsesDecode unmarshals b into v (an alias type without methods),
// tolerating values of an unexpected JSON type: such a field is left unset
// and stays readable in the caller's Raw. The service may add or widen fields
// at any time, and one odd field must not cost the whole reply.
func responsesDecode(b []byte, v any) error {
	err := json.Unmarshal(b, v)
	if _, ok := errors.AsType[*json.UnmarshalTypeError](err); ok {
		return nil
	}
	return err
}

// responsesPatch returns the object in raw with the keys of set replaced:
// a value gathered from a stream is re-encoded by changing only what the
// events changed, so every field the typed view does not know, at any depth,
// survives. When raw is not an object, typed's encoding is patched instead.
func responsesPatch(raw json.RawMessage, typed any, set map[string]any) json.RawMessage {
	var base map[string]json.RawMessage
	if json.Unmarshal(raw, &base) == nil && base != nil && len(set) == 0 {
		return raw // nothing changed: the bytes as received
	}
	if base == nil {
		b, _ := json.Marshal(typed)
		if json.Unmarshal(b, &base) != nil || base == nil {
			base = map[string]json.RawMessage{}
		}
	}
	for k, v := range set {
		if b, err := json.Marshal(v); err == nil {
			base[k] = b
		}
	}
	b, _ := json.Marshal(base)
	return b
}

// responsesRawOf returns raw, or v encoded when there is no raw.
func responsesRawOf(raw json.RawMessage, v any) json.RawMessage {
	if len(raw) > 0 {
		return raw
	}
	b, _ := json.Marshal(v)
	return b
}

// responsesIsObject reports whether b holds a JSON object (by its first byte).
func responsesIsObject(b []byte) bool {
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) > 0 && b[0] == '{'
}

// responsesClone copies b, so that a kept Raw never aliases a read buffer.
func responsesClone(b []byte) json.RawMessage {
	if b == nil {
		return nil
	}
	return append(json.RawMessage(nil), b...)
}

// responsesCount is a count the interface types as a JSON number (token
// counts, max_output_tokens, top_logprobs): any JSON number is read, 50.0
// as 50 and a fraction rounded to the nearest whole. Anything else (a
// string, a number out of range) leaves it unset without an error, since
// an error from a decoder of its own would end the decoding of the whole
// reply: one odd field must not cost the rest.
type responsesCount int

func (n *responsesCount) UnmarshalJSON(b []byte) error {
	if v, ok := responsesCountOf(b); ok {
		*n = responsesCount(v)
	}
	return nil
}

// responsesCountOf reads a JSON number as a count.
func responsesCountOf(b []byte) (int, bool) {
	f, err := strconv.ParseFloat(string(bytes.TrimSpace(b)), 64)
	if err != nil || math.Abs(f) > math.MaxInt32 {
		return 0, false
	}
	return int(math.Round(f)), true
}

// responsesCountPtr reads an optional count: nil when absent, null or not
// a number.
func responsesCountPtr(b json.RawMessage) *int {
	if v, ok := responsesCountOf(b); ok {
		return &v
	}
	return nil
}
