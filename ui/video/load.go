package video

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// decodeBody reads a stored request body, numbers kept as written.
func decodeBody(raw json.RawMessage) (map[string]any, error) {
	body := map[string]any{}
	if len(bytes.TrimSpace(raw)) == 0 {
		return body, nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&body); err != nil {
		return nil, fmt.Errorf("the stored request body is unreadable: %w", err)
	}
	if body == nil {
		body = map[string]any{}
	}
	return body, nil
}
