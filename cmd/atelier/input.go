package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"atelier/budget"
)

// parseSets turns --set field=value pairs into fields. A value that parses
// as JSON is taken as JSON (numbers, true, objects, "quoted strings"); any
// other value is a string. A dotted field (a.b=1) builds nested objects.
func parseSets(sets []string) (map[string]any, error) {
	out := map[string]any{}
	for _, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return nil, usagef("--set %q: want field=value", s)
		}
		var val any
		dec := json.NewDecoder(strings.NewReader(v))
		dec.UseNumber()
		if err := dec.Decode(&val); err != nil || dec.More() {
			// A value that starts like an array or object was meant as
			// JSON: sent as a string it would fail at the server.
			if t := strings.TrimSpace(v); strings.HasPrefix(t, "[") || strings.HasPrefix(t, "{") {
				return nil, usagef("--set %s: the value is not valid JSON: %v", k, jsonErr(err))
			}
			val = v
		}
		setPath(out, strings.Split(k, "."), val)
	}
	return out, nil
}

// jsonErr is the decoder's complaint, or one for trailing text.
func jsonErr(err error) error {
	if err == nil {
		return errors.New("text after the value")
	}
	return err
}

func setPath(m map[string]any, path []string, v any) {
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

// readBody reads a JSON object from a file ("-" for stdin).
func readBody(path string, stdin io.Reader) (map[string]any, error) {
	var b []byte
	var err error
	if path == "-" {
		b, err = budget.ReadAll(stdin, budget.Body, "--body", -1)
	} else {
		b, err = budget.ReadFile(path, budget.Body, "--body")
	}
	if err != nil {
		return nil, usagef("--body %s: %v", path, err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, usagef("--body %s: not a JSON object: %v", path, err)
	}
	return m, nil
}

// mergeFields returns base with over's fields written over it.
func mergeFields(base, over map[string]any) map[string]any {
	if base == nil {
		base = map[string]any{}
	}
	for k, v := range over {
		base[k] = v
	}
	return base
}

// readPrompt returns the prompt from the arguments, or else from stdin when
// it is not a terminal.
func readPrompt(args []string, stdin io.Reader) (string, error) {
	if len(args) > 0 {
		return strings.Join(args, " "), nil
	}
	if f, ok := stdin.(*os.File); ok && isTerminal(f) {
		return "", usagef("no prompt: give it as an argument or on stdin")
	}
	b, err := budget.ReadAll(stdin, budget.Prompt, "prompt", -1)
	if errors.Is(err, budget.ErrLimit) {
		return "", usagef("stdin: %v; nothing was sent", err)
	}
	if err != nil {
		return "", fmt.Errorf("read prompt: %w", err)
	}
	p := strings.TrimSpace(string(b))
	if p == "" {
		return "", usagef("no prompt: give it as an argument or on stdin")
	}
	return p, nil
}
