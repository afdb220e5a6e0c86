// Package tomltype says a TOML value of the wrong type in the words of the
// person who wrote the file, rather than Go's: go-toml reports
// "cannot decode TOML string into struct field batch.fileDoc.Prompts of
// type []batch.promptDoc", which names a Go struct the person never saw.
// config.toml and batch files are both read through it, so a mistake
// reads the same in each.
package tomltype

import (
	"regexp"
	"strings"
)

// mismatch is go-toml's message for a value of the wrong type: the TOML
// kind (one or two words: "local date") and the Go type wanted, with or
// without the struct field it was for.
var mismatch = regexp.MustCompile(`^cannot decode TOML ([a-z ]+) into (?:struct field \S+ of type )?(\S+)$`)

// Mistake is msg, a go-toml message without its "toml: ", as
// "wrong type: want a string (got a whole number)" when it is a value of
// the wrong type; any other message comes back as it is. names gives the
// words for the caller's own Go types ("batch.promptDoc"); the types every
// file shares (strings, numbers, lists, tables of them) have theirs here.
func Mistake(msg string, names map[string]string) string {
	m := mismatch.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	return "wrong type: want " + want(m[2], names) + " (got " + got(m[1]) + ")"
}

// common are the words for the Go types a TOML file's fields share.
var common = map[string]string{
	"string":                       "a string",
	"int":                          "a whole number",
	"int64":                        "a whole number",
	"float64":                      "a number",
	"bool":                         "true or false",
	"[]string":                     `a list of strings, e.g. ["a", "b"]`,
	"map[string]string":            `a table of strings, e.g. { name = "value" }`,
	"map[string][]string":          `a table of lists of strings, e.g. { name = ["a", "b"] }`,
	"[]map[string]string":          `a list of tables of strings, e.g. [{ name = "value" }]`,
	"map[string]map[string]string": "a table of tables of strings",
}

// want is the Go type goType in words: the caller's, else the common ones,
// else the type as Go writes it (a type neither knows).
func want(goType string, names map[string]string) string {
	t := strings.TrimPrefix(goType, "*")
	if w, ok := names[t]; ok {
		return w
	}
	if w, ok := common[t]; ok {
		return w
	}
	return t
}

// got is go-toml's name of a TOML value's kind, as the file's author
// knows it.
func got(kind string) string {
	switch kind {
	case "array":
		return "a list"
	case "integer":
		return "a whole number"
	case "float":
		return "a number with a fraction"
	case "boolean":
		return "true or false"
	case "table", "inline table":
		return "a table"
	}
	return "a " + kind // string, datetime, local date, local time, local datetime
}
