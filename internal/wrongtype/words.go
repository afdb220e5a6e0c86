package wrongtype

import "strings"

// said is the one wording of a value of the wrong type.
func said(want, got string) string { return "wrong type: want " + want + " (got " + got + ")" }

// common are the words for the Go types the files' fields (and the
// command line's flags) share.
var common = map[string]string{
	"string":                       "a string",
	"int":                          "a whole number",
	"int8":                         "a whole number",
	"int16":                        "a whole number",
	"int32":                        "a whole number",
	"int64":                        "a whole number",
	"uint":                         "a whole number, 0 or more",
	"uint8":                        "a whole number, 0 or more",
	"uint16":                       "a whole number, 0 or more",
	"uint32":                       "a whole number, 0 or more",
	"uint64":                       "a whole number, 0 or more",
	"float32":                      "a number",
	"float64":                      "a number",
	"bool":                         "true or false",
	"[]string":                     `a list of strings, e.g. ["a", "b"]`,
	"map[string]string":            `a table of strings, e.g. { name = "value" }`,
	"map[string][]string":          `a table of lists of strings, e.g. { name = ["a", "b"] }`,
	"[]map[string]string":          `a list of tables of strings, e.g. [{ name = "value" }]`,
	"map[string]map[string]string": "a table of tables of strings",
	"map[string]interface {}":      "an object",
	"map[string]any":               "an object",
}

// Want is what a value of Go type goType is, in words: the caller's
// names, else the common ones, else the type as Go writes it (a type
// neither knows).
func Want(goType string, names map[string]string) string {
	t := strings.TrimPrefix(goType, "*")
	if w, ok := names[t]; ok {
		return w
	}
	if w, ok := common[t]; ok {
		return w
	}
	return t
}
