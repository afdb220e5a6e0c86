package client

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// The chat and image requests are validated as they go on the wire: the
// typed fields with the Extra fields merged in, decoded again. So a field
// given through Extra (--set, --body, a compare target's settings) meets the
// same rules as a typed one, and a mistyped value (a number where the
// interface says string) is caught too. The rules are the interface's own
// (INTERFACE.md sections 2.1, 2.3, 2.5, 2.7, 2.8 and Limits); a value or a
// range the interface leaves unstated is the service's to refuse.

// wireBody is a decoded request body under validation. Each accessor
// returns a field's value when it is present and of the documented JSON
// type; a value of another type is recorded as a violation naming the
// field's path. A null counts as a field left out, as the protocols read it.
type wireBody struct {
	c *checks
	m map[string]any
}

// decodeWire decodes a request body as encoded, numbers as json.Number.
func decodeWire(b []byte) (map[string]any, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		return nil, err
	}
	return m, nil
}

// validateEncoded encodes v (a request with a MarshalJSON that merges its
// Extra fields) and checks the result with rules.
func validateEncoded(v any, rules func(w wireBody)) error {
	var c checks
	b, err := json.Marshal(v)
	if err == nil {
		var m map[string]any
		if m, err = decodeWire(b); err == nil {
			rules(wireBody{c: &c, m: m})
			return c.err()
		}
	}
	c.add("body", "must encode as a JSON object", err.Error())
	return c.err()
}

// Every accessor takes the field's key in w's object and the path of that
// object ("" at the top, "thinking." inside thinking), which prefixes the
// field in violations.

// in returns the object field key of w as a body of its own, with the
// path of its fields, for checking inside it.
func (w wireBody) in(path, key string) (wireBody, string, bool) {
	m, ok := w.object(path, key)
	return wireBody{c: w.c, m: m}, path + key + ".", ok
}

// item is one object of a list as a body of its own, with its path.
func (w wireBody) item(path, key string, i int, m map[string]any) (wireBody, string) {
	return wireBody{c: w.c, m: m}, fmt.Sprintf("%s%s[%d].", path, key, i)
}

// value is the field named key of w's object and whether it is there. A
// null is no value: the protocols read it as a field left out.
func (w wireBody) value(key string) (any, bool) {
	v := w.m[key]
	return v, v != nil
}

// present reports whether the field has a value.
func (w wireBody) present(key string) bool {
	_, ok := w.value(key)
	return ok
}

// required records a missing field; an empty string is no value either.
func (w wireBody) required(path, key string) {
	if v, ok := w.value(key); !ok || v == "" {
		w.c.add(path+key, "is required", nil)
	}
}

// typeErr records a value of the wrong JSON type.
func (w wireBody) typeErr(field, want string, v any) {
	w.c.add(field, "must be "+want, wireShow(v))
}

func (w wireBody) str(path, key string) (string, bool) {
	v, ok := w.value(key)
	if !ok {
		return "", false
	}
	s, isStr := v.(string)
	if !isStr {
		w.typeErr(path+key, "a string", v)
	}
	return s, isStr
}

// number returns a JSON number field as float64.
func (w wireBody) number(path, key string) (float64, bool) {
	v, ok := w.value(key)
	if !ok {
		return 0, false
	}
	n, isNum := wireNumber(v)
	if !isNum {
		w.typeErr(path+key, "a number", v)
	}
	return n, isNum
}

// integer returns a field the interface types as integer: a JSON number
// written without a fraction or an exponent, as the protocols' decoders
// read an integer.
func (w wireBody) integer(path, key string) (int64, bool) {
	v, ok := w.value(key)
	if !ok {
		return 0, false
	}
	n, isInt := wireInteger(v)
	if !isInt {
		w.typeErr(path+key, "a whole number", v)
	}
	return n, isInt
}

func (w wireBody) boolean(path, key string) {
	if v, ok := w.value(key); ok {
		if _, isBool := v.(bool); !isBool {
			w.typeErr(path+key, "true or false", v)
		}
	}
}

func (w wireBody) object(path, key string) (map[string]any, bool) {
	v, ok := w.value(key)
	if !ok {
		return nil, false
	}
	m, isObj := v.(map[string]any)
	if !isObj {
		w.typeErr(path+key, "an object", v)
	}
	return m, isObj
}

// objects returns an object[] field, recording items that are not objects.
func (w wireBody) objects(path, key string) ([]map[string]any, bool) {
	list, ok := w.array(path, key)
	if !ok {
		return nil, false
	}
	out := make([]map[string]any, len(list))
	for i, it := range list {
		m, isObj := it.(map[string]any)
		if !isObj {
			w.typeErr(fmt.Sprintf("%s%s[%d]", path, key, i), "an object", it)
		}
		out[i] = m
	}
	return out, true
}

// each checks every object of the array at key with check, given the
// object and its path (items that are not objects were reported by
// objects); it returns the array as objects does.
func (w wireBody) each(path, key string, check func(item wireBody, p string)) ([]map[string]any, bool) {
	list, ok := w.objects(path, key)
	for i, m := range list {
		if m != nil {
			check(w.item(path, key, i, m))
		}
	}
	return list, ok
}

// strings returns a string[] field, recording items that are not strings.
func (w wireBody) strings(path, key string) ([]string, bool) {
	list, ok := w.array(path, key)
	if !ok {
		return nil, false
	}
	out := make([]string, len(list))
	for i, it := range list {
		s, isStr := it.(string)
		if !isStr {
			w.typeErr(fmt.Sprintf("%s%s[%d]", path, key, i), "a string", it)
		}
		out[i] = s
	}
	return out, true
}

func (w wireBody) array(path, key string) ([]any, bool) {
	v, ok := w.value(key)
	if !ok {
		return nil, false
	}
	list, isList := v.([]any)
	if !isList {
		w.typeErr(path+key, "a list", v)
	}
	return list, isList
}

// textOrObjects checks a field typed string | object[] (content, system).
func (w wireBody) textOrObjects(path, key string) {
	v, ok := w.value(key)
	if !ok {
		return
	}
	if _, isStr := v.(string); isStr {
		return
	}
	if _, isList := v.([]any); !isList {
		w.typeErr(path+key, "a string or a list of objects", v)
		return
	}
	w.objects(path, key)
}

// requiredEnum is required and enum in one: a missing field is named
// once, as missing.
func (w wireBody) requiredEnum(path, key string, allowed ...string) {
	if v, ok := w.value(key); !ok || v == "" {
		w.required(path, key)
		return
	}
	w.enum(path, key, allowed...)
}

// enum checks a string field against the values the interface lists.
func (w wireBody) enum(path, key string, allowed ...string) {
	if s, ok := w.str(path, key); ok && !slices.Contains(allowed, s) {
		w.c.add(path+key, "must be one of "+strings.Join(allowed, ", "), s)
	}
}

// atLeast checks a number field's lower bound.
func (w wireBody) atLeast(field string, n, lo float64) {
	if n < lo {
		w.c.add(field, "must be at least "+wireFormat(lo), n)
	}
}

// between checks a number field's range.
func (w wireBody) between(field string, n, lo, hi float64) {
	if n < lo || n > hi {
		w.c.add(field, "must be between "+wireFormat(lo)+" and "+wireFormat(hi), n)
	}
}

// wireNumber reads a decoded JSON number.
func wireNumber(v any) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(string(n), 64)
	return f, err == nil && !math.IsInf(f, 0)
}

// wireInteger reads a decoded JSON number written as an integer.
func wireInteger(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	i, err := strconv.ParseInt(string(n), 10, 64)
	return i, err == nil
}

func wireFormat(n float64) string { return strconv.FormatFloat(n, 'g', -1, 64) }

// wireShow is a value of the wrong type as an error shows it: a scalar
// as it is, an object or a list by its kind.
func wireShow(v any) any {
	switch v.(type) {
	case map[string]any:
		return wireKind("an object")
	case []any:
		return wireKind("a list")
	}
	return v
}

// wireKind names a kind of value in an error, unquoted.
type wireKind string
