package wrongtype

import "regexp"

// tomlMismatch is go-toml's message for a value of the wrong type: the
// TOML kind (one or two words: "local date") and the Go type wanted, with
// or without the struct field it was for.
var tomlMismatch = regexp.MustCompile(`^cannot decode TOML ([a-z ]+) into (?:struct field \S+ of type )?(\S+)$`)

// TOML is msg, a go-toml message without its "toml: ", in words when it
// is a value of the wrong type; any other message comes back as it is.
// names gives the words for the caller's own Go types ("batch.promptDoc");
// the types every file shares (strings, numbers, lists, tables of them)
// have theirs here.
func TOML(msg string, names map[string]string) string {
	m := tomlMismatch.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	return said(Want(m[2], names), tomlKind(m[1]))
}

// tomlKind is go-toml's name of a TOML value's kind, as the file's author
// knows it.
func tomlKind(kind string) string {
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
