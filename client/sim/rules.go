package sim

import "atelier/client"

// TableRules checks a video submission against the client's table of
// documented endpoint rules: the service's own rules, written down once.
// It is meant for Options.ValidateVideo; the simulator does not use the
// client's request or reply types, only this table.
func TableRules(path string, body map[string]any) error {
	e, mode, err := client.LookupVideoEndpoint(path)
	if err != nil {
		return err
	}
	return e.Validate(mode, body)
}
