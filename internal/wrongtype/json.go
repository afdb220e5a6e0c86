package wrongtype

import (
	"encoding/json"
	"errors"
	"strings"
)

// JSON is err, from encoding/json, in words when it is a value of the
// wrong type: "votes: wrong type: want a list (got a string)", the field's
// path first when there is one; ok is false for any other error, which
// the caller says its own way. names gives the words for the caller's
// own Go types, as for TOML.
func JSON(err error, names map[string]string) (msg string, ok bool) {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) || te.Type == nil {
		return "", false
	}
	msg = said(Want(te.Type.String(), names), jsonKind(te.Value))
	if te.Field != "" {
		msg = te.Field + ": " + msg
	}
	return msg, true
}

// jsonKind is encoding/json's description of a JSON value ("number -5"),
// as the file's author knows it.
func jsonKind(value string) string {
	kind, _, _ := strings.Cut(value, " ")
	switch kind {
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "number":
		return "a number"
	case "bool":
		return "true or false"
	}
	return "a " + kind // string
}
