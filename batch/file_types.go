package batch

import (
	"regexp"
	"strings"
)

// UnmarshalText takes a prompt written as a string, as in
// prompts = ["What is the capital of {{country}}?"], for a prompt with that
// text and nothing else: the short form of a [[prompts]] table.
func (d *promptDoc) UnmarshalText(b []byte) error {
	s := string(b)
	*d = promptDoc{Text: &s}
	return nil
}

// decodeMistake is go-toml's wording of a value of the wrong type.
var decodeMistake = regexp.MustCompile(`^cannot decode TOML (\w+) into struct field \S+ of type (\S+)$`)

// typeMistake says a value of the wrong type in the file's words, what the
// field wants and what it got, rather than in Go's ("struct field
// batch.fileDoc.Prompts of type []batch.promptDoc"); any other message is
// kept as it is.
func typeMistake(msg string) string {
	m := decodeMistake.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	return "want " + wantWords(m[2]) + " (got " + tomlWords(m[1]) + ")"
}

// wantWords are a field's Go type as the file spells what it wants.
func wantWords(goType string) string {
	switch strings.TrimPrefix(goType, "*") {
	case "string":
		return "a string"
	case "int", "int64":
		return "a whole number"
	case "bool":
		return "true or false"
	case "[]string":
		return `a list of strings, e.g. ["a", "b"]`
	case "map[string][]string":
		return `a table of lists of strings, e.g. { country = ["France", "Japan"] }`
	case "map[string]string":
		return `a table of strings, e.g. { country = "France" }`
	case "[]map[string]string":
		return `a list of tables of strings, e.g. [{ country = "France" }]`
	case "[]batch.promptDoc":
		return `a list of prompts: strings, or [[prompts]] tables with text = "…"`
	case "batch.promptDoc":
		return `a prompt: a string, or a table with text = "…"`
	case "[]batch.checkDoc":
		return `a list of checks, [[checks]] tables such as contains = "…"`
	case "batch.checkDoc":
		return `a check, a table such as { contains = "…" }`
	}
	return goType
}

// tomlWords are a TOML value's kind, as go-toml names it, with an article.
func tomlWords(kind string) string {
	switch kind {
	case "array":
		return "a list"
	case "integer":
		return "a whole number"
	case "float":
		return "a number with a fraction"
	case "bool", "boolean":
		return "true or false"
	case "inline", "table", "InlineTable":
		return "a table"
	}
	return "a " + kind
}
