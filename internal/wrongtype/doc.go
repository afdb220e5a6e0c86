// Package wrongtype says a value of the wrong type, in a file a person
// wrote, in that person's words rather than Go's: go-toml reports
// "cannot decode TOML string into struct field batch.fileDoc.Prompts of
// type []batch.promptDoc" and encoding/json "cannot unmarshal array into
// Go value of type map[string]interface {}", each naming a Go type the
// person never saw. config.toml, batch files, request bodies and votes
// files are read through it, so such a mistake reads the same in each:
// "wrong type: want a string (got a whole number)".
package wrongtype
