package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
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

// responsesOverlay encodes typed (an alias type without methods) and lays its
// fields over the object in raw, so that a value decoded from the wire and
// then changed re-encodes with its changes and with every field the typed
// view does not know. When raw is not an object, typed alone is returned.
func responsesOverlay(raw json.RawMessage, typed any) ([]byte, error) {
	b, err := json.Marshal(typed)
	if err != nil || len(raw) == 0 {
		return b, err
	}
	var base map[string]json.RawMessage
	if json.Unmarshal(raw, &base) != nil || base == nil {
		return b, nil
	}
	var over map[string]json.RawMessage
	if err := json.Unmarshal(b, &over); err != nil {
		return nil, err
	}
	maps.Copy(base, over)
	return json.Marshal(base)
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
