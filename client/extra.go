package client

import (
	"encoding/json"
	"fmt"
	"maps"
)

// Extra holds request fields the typed struct does not list, or values that
// should replace what the typed fields would send. Extra is merged into the
// typed fields' JSON field by field: an object in Extra merges into the
// object of the same name (at any depth), and any other value (a string, a
// number, an array, null) replaces the one there. So {"generationConfig":
// {"candidateCount": 1}} adds one field to the generation settings instead
// of replacing them, and a user can still say exactly what goes on the
// wire, down to a single leaf.
type Extra map[string]any

// MergeExtra merges layers into one, later layers winning leaf by leaf as
// Extra is merged into a request: objects merge, anything else replaces.
// No layer is changed; nil layers are skipped, and the result is nil when
// every layer is empty.
func MergeExtra(layers ...map[string]any) Extra {
	var out Extra
	for _, l := range layers {
		for k, v := range l {
			if out == nil {
				out = Extra{}
			}
			out[k] = mergeValue(out[k], v)
		}
	}
	return out
}

// SetPath sets the field at path in m (["a", "b"] is a.b), making the
// objects on the way and replacing a value there that is not one: how a
// dotted setting (a target's "thinking.display=omitted", the command
// line's --set a.b=1) becomes the nested field it names.
func SetPath(m map[string]any, path []string, v any) {
	for _, p := range path[:len(path)-1] {
		next, ok := m[p].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[p] = next
		}
		m = next
	}
	m[path[len(path)-1]] = v
}

// mergeValue is over merged into base: two objects merge key by key into a
// new map; otherwise over replaces base. Objects of over are copied, so the
// result never aliases a layer that a later merge could change.
func mergeValue(base, over any) any {
	om, ok := extraObject(over)
	if !ok {
		return over
	}
	bm, _ := extraObject(base)
	out := make(map[string]any, len(bm)+len(om))
	maps.Copy(out, bm)
	for k, v := range om {
		out[k] = mergeValue(out[k], v)
	}
	return out
}

// extraObject returns v as a map when it is a JSON object in Go form.
func extraObject(v any) (map[string]any, bool) {
	switch m := v.(type) {
	case map[string]any:
		return m, true
	case Extra:
		return m, true
	}
	return nil, false
}

// marshalWith encodes v (which must not have a MarshalJSON of its own, or it
// would recurse: pass an alias type) and merges extra into the object, leaf
// by leaf (see Extra).
func marshalWith(v any, extra Extra) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	merged, err := mergeRaw(b, map[string]any(extra))
	if err != nil {
		return nil, fmt.Errorf("merge extra fields: %w", err)
	}
	return merged, nil
}

// mergeRaw merges over (a value in Go form) into the JSON base: when both
// are objects, key by key and recursively; otherwise over's encoding
// replaces base. Keys of base keep their bytes as they were encoded.
func mergeRaw(base json.RawMessage, over any) (json.RawMessage, error) {
	om, ok := extraObject(over)
	if !ok {
		b, err := json.Marshal(over)
		if err != nil {
			return nil, err
		}
		return b, nil
	}
	var bm map[string]json.RawMessage
	if len(base) == 0 || json.Unmarshal(base, &bm) != nil || bm == nil {
		bm = map[string]json.RawMessage{}
	}
	for k, v := range om {
		raw, err := mergeRaw(bm[k], v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		bm[k] = raw
	}
	return json.Marshal(bm)
}
