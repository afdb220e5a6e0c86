package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"math"
	"slices"
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
//
// It writes what json.Marshal of the object as a map would (keys sorted,
// values compact, <, > and & escaped), but into one buffer of the size it
// needs: a text or a list of parts already encoded (a reply of megabytes)
// is copied once, not encoded and compacted again at every level.
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
	size := 2
	for k, v := range base {
		size += len(k) + len(v) + 4
	}
	// Each value set is written as json.Marshal writes it: a string and a
	// list of encoded values straight into the buffer, anything else (small)
	// encoded first. One that does not encode leaves the value as it was.
	small := map[string]json.RawMessage{}
	for k, v := range set {
		switch v := v.(type) {
		case string:
			size += len(k) + len(v) + len(v)/16 + 8
		case []json.RawMessage:
			size += len(k) + 8
			for _, r := range v {
				size += len(r) + 1
			}
		default:
			b, err := json.Marshal(v)
			if err != nil {
				delete(set, k)
				continue
			}
			small[k] = b
			size += len(k) + len(b) + 4
		}
	}
	keys := slices.Collect(maps.Keys(base))
	for k := range set {
		if _, ok := base[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	out := make([]byte, 0, size)
	out = append(out, '{')
	for i, k := range keys {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(appendJSONStringHTML(out, k), ':')
		v, inSet := set[k]
		if !inSet {
			out = appendCompactHTML(out, base[k])
			continue
		}
		switch v := v.(type) {
		case string:
			out = appendJSONStringHTML(out, v)
		case []json.RawMessage:
			out = append(out, '[')
			for j, r := range v {
				if j > 0 {
					out = append(out, ',')
				}
				out = appendCompactHTML(out, r)
			}
			out = append(out, ']')
		default:
			out = appendCompactHTML(out, small[k])
		}
	}
	return append(out, '}')
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
