package batch

// UnmarshalText takes a prompt written as a string, as in
// prompts = ["What is the capital of {{country}}?"], for a prompt with that
// text and nothing else: the short form of a [[prompts]] table.
func (d *promptDoc) UnmarshalText(b []byte) error {
	s := string(b)
	*d = promptDoc{Text: &s}
	return nil
}

// fileTypes are the batch file's own tables in words, for a value of the
// wrong type (wrongtype.TOML).
var fileTypes = map[string]string{
	"[]batch.promptDoc": `a list of prompts: strings, or [[prompts]] tables with text = "…"`,
	"batch.promptDoc":   `a prompt: a string, or a table with text = "…"`,
	"[]batch.checkDoc":  `a list of checks, [[checks]] tables such as contains = "…"`,
	"batch.checkDoc":    `a check, a table such as { contains = "…" }`,
}
