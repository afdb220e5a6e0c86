package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/internal/wrongtype"
)

// parseSets turns --set field=value pairs into fields. A value that parses
// as JSON is taken as JSON (numbers, true, objects, "quoted strings"); a
// value that starts as JSON does ({, [ or ") but does not parse is a usage
// error, so a typo is not sent as a string; any other value is a string.
// A dotted field (a.b=1) sets one field inside an object, and later pairs
// win field by field, as they do over --body (see client.MergeExtra).
func parseSets(sets []string) (map[string]any, error) {
	out := map[string]any{}
	for _, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if !ok || k == "" || slices.Contains(strings.Split(k, "."), "") {
			return nil, usagef("--set %q: want field=value (a dotted field: a.b=value)", s)
		}
		val, err := setValue(v)
		if err != nil {
			return nil, usagef("--set %s: %v", k, err)
		}
		client.SetPath(out, strings.Split(k, "."), val)
	}
	return out, nil
}

// setValue reads one --set value: JSON when it is JSON, text otherwise.
func setValue(v string) (any, error) {
	var val any
	dec := json.NewDecoder(strings.NewReader(v))
	dec.UseNumber()
	err := dec.Decode(&val)
	if err == nil && dec.More() {
		err = errors.New("more than one JSON value")
	}
	if err == nil {
		return val, nil
	}
	if t := strings.TrimSpace(v); t != "" && strings.ContainsRune("{[\"", rune(t[0])) {
		return nil, fmt.Errorf("not valid JSON (%v); quote text that starts with { [ or \" as a JSON string", err)
	}
	return v, nil
}

// withoutPaths returns body without the dotted fields in paths: what a
// flag sets is not taken from --body, since flags win over it. Objects on
// the way are copied, never changed; one left empty is dropped. A path
// ending in [] (a flag that adds an item to a list) takes nothing away.
func withoutPaths(body map[string]any, paths []string) map[string]any {
	for _, p := range paths {
		if strings.HasSuffix(p, "[]") {
			continue
		}
		body = withoutPath(body, strings.Split(p, "."))
	}
	return body
}

func withoutPath(m map[string]any, path []string) map[string]any {
	if _, ok := m[path[0]]; !ok {
		return m
	}
	out := maps.Clone(m)
	if len(path) == 1 {
		delete(out, path[0])
		return out
	}
	inner, ok := m[path[0]].(map[string]any)
	if !ok {
		return m
	}
	if rest := withoutPath(inner, path[1:]); len(rest) > 0 {
		out[path[0]] = rest
	} else {
		delete(out, path[0])
	}
	return out
}

// bodyPrecedence is how a command's help says the layers of a body combine.
const bodyPrecedence = "Precedence, field by field: --body < flags < --set, the last one wins. A dotted --set\n" +
	"merges into the object of --body or the flags (--set thinking.display=omitted keeps thinking's\n" +
	"other fields); a value that is not an object replaces what was there. A --set value that starts\n" +
	"with { [ or \" must be valid JSON."

// bodyAndSets is the extra fields of a request: the --body file (when
// given) without the fields that given flags write (flagPaths), with the
// --set fields merged over it field by field. Nil when there are none.
func bodyAndSets(bodyPath string, sets []string, stdin io.Reader, flagPaths []string) (client.Extra, error) {
	var body map[string]any
	if bodyPath != "" {
		b, err := readBody(bodyPath, stdin)
		if err != nil {
			return nil, err
		}
		body = withoutPaths(b, flagPaths)
	}
	over, err := parseSets(sets)
	if err != nil {
		return nil, err
	}
	return client.MergeExtra(body, over), nil
}

// readBody reads a JSON object from a file ("-" for stdin).
func readBody(path string, stdin io.Reader) (map[string]any, error) {
	var b []byte
	var err error
	if path == "-" {
		b, err = limits.ReadAll(stdin, limits.Body, "--body", -1)
	} else {
		b, err = limits.ReadFile(path, limits.Body, "--body")
	}
	if err != nil {
		return nil, usagef("--body %s: %v", path, err)
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		if msg, ok := wrongtype.JSON(err, nil); ok {
			return nil, usagef("--body %s: %s", path, msg)
		}
		return nil, usagef("--body %s: not a JSON object: %v", path, err)
	}
	return m, nil
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
	b, err := limits.ReadAll(stdin, limits.Prompt, "prompt", -1)
	if errors.Is(err, limits.ErrLimit) {
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
