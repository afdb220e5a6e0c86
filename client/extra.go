package client

import (
	"encoding/json"
	"fmt"
)

// Extra holds request fields the typed struct does not list. They are sent
// unchanged beside the typed fields and win over a typed field of the same
// name, so a user can always say exactly what goes on the wire.
type Extra map[string]any

// marshalWith encodes v (which must not have a MarshalJSON of its own, or it
// would recurse: pass an alias type) and merges extra into the object.
func marshalWith(v any, extra Extra) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || len(extra) == 0 {
		return b, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("merge extra fields: %w", err)
	}
	for k, x := range extra {
		raw, err := json.Marshal(x)
		if err != nil {
			return nil, fmt.Errorf("extra field %s: %w", k, err)
		}
		m[k] = raw
	}
	return json.Marshal(m)
}
