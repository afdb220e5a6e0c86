package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"slices"
)

// alphaObject is a JSON object that keeps its keys in the order they came,
// so a message rebuilt from a stream reads like the one the service would
// have sent whole, unknown fields included.
type alphaObject struct {
	keys []string
	vals map[string]json.RawMessage
}

// alphaNewObject returns an empty object.
func alphaNewObject() *alphaObject {
	return &alphaObject{vals: map[string]json.RawMessage{}}
}

// alphaParseObject reads raw, which must be a JSON object. A repeated key
// keeps its first position and its last value, as encoding/json would.
func alphaParseObject(raw []byte) (*alphaObject, error) {
	o := alphaNewObject()
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errors.New("not a JSON object")
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, err
		}
		o.set(tok.(string), v)
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return o, nil
}

// get returns the raw value of k, nil when absent.
func (o *alphaObject) get(k string) json.RawMessage { return o.vals[k] }

// set stores v under k, at the end if k is new.
func (o *alphaObject) set(k string, v json.RawMessage) {
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

// setValue stores v encoded as JSON; v is always a plain value here. Like
// the service, it leaves <, > and & unescaped in strings.
func (o *alphaObject) setValue(k string, v any) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		o.set(k, json.RawMessage("null"))
		return
	}
	o.set(k, bytes.TrimSuffix(b.Bytes(), []byte("\n")))
}

// str returns the string value of k, "" when absent or not a string.
func (o *alphaObject) str(k string) string {
	var s string
	_ = json.Unmarshal(o.vals[k], &s)
	return s
}

// clone returns a copy of o that can be changed without changing o.
func (o *alphaObject) clone() *alphaObject {
	c := &alphaObject{keys: slices.Clone(o.keys), vals: make(map[string]json.RawMessage, len(o.vals))}
	for k, v := range o.vals {
		c.vals[k] = v
	}
	return c
}

// MarshalJSON writes the object with its keys in order.
func (o *alphaObject) MarshalJSON() ([]byte, error) {
	size := 2
	for k, v := range o.vals {
		size += len(k) + len(v) + 4
	}
	return o.appendJSONWith(make([]byte, 0, size), nil), nil
}

// appendJSON appends the object, content's value written by content.
func (o *alphaObject) appendJSON(dst []byte, content func(dst []byte) []byte) []byte {
	return o.appendJSONWith(dst, func(k string, dst []byte) ([]byte, bool) {
		if k != "content" {
			return dst, false
		}
		return content(dst), true
	})
}

// appendJSONWith appends the object with its keys in order; value, when
// set, may write a key's value itself (reporting that it did).
func (o *alphaObject) appendJSONWith(dst []byte, value func(k string, dst []byte) ([]byte, bool)) []byte {
	dst = append(dst, '{')
	for i, k := range o.keys {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(appendJSONString(dst, k), ':')
		if value != nil {
			var done bool
			if dst, done = value(k, dst); done {
				continue
			}
		}
		if v := o.vals[k]; v != nil {
			dst = append(dst, v...)
		} else {
			dst = append(dst, "null"...)
		}
	}
	return append(dst, '}')
}
