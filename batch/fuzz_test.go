package batch

import (
	"errors"
	"testing"
)

// FuzzParse: any bytes give a plan within the limits or an error naming the
// file; nothing panics.
func FuzzParse(f *testing.F) {
	// Small seeds: the fuzzer minimizes every input that finds new
	// coverage, byte by byte, and on a seed of a kilobyte (the whole
	// testdata/capitals.toml) it did little else: 7 inputs in 20 s. This
	// one has what capitals.toml has (a system prompt, a sweep of
	// targets, repeats, vars, checks of both levels, a prompt file, rows
	// of cases) in a quarter of the bytes.
	f.Add([]byte(`name = "c"
system = "s"
targets = ["alpha:m", "gamma:g:effort=low"]
repeats = 2
[vars]
c = ["F", "J"]
[[checks]]
max_latency = "3s"
[[prompts]]
text = "Q {{c}}"
[[prompts.checks]]
regex = "[0-9]"
[[prompts]]
file = "p"
cases = [{ c = "F", k = "P" }]
[[prompts.checks]]
valid_json = true
contains = "{{k}}"
`))
	f.Add([]byte("targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"{{a}}\"\ncases = [{ a = \"1\" }]\n"))
	f.Add([]byte("[[prompts]]\n[[prompts.checks]]\nregex = \"{{x}}(\"\n"))
	f.Add([]byte(imageFile))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse("f.toml", data, func(string) ([]byte, error) { return []byte("x"), nil })
		if err != nil {
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Fatalf("%T %v is not a FileError", err, err)
			}
			return
		}
		if p.Cells() < 1 || p.Cells() > MaxCells || p.Repeats < 1 || len(p.Targets) == 0 {
			t.Fatalf("plan out of its limits: %d cells", p.Cells())
		}
		if _, err := p.ImageTargets(); p.IsImage() && err != nil {
			t.Fatalf("an image plan with a target that does not parse: %v", err)
		}
		if p.IsImage() && p.System != "" {
			t.Fatal("an image plan with a system prompt")
		}
		for i := range p.Cells() {
			c, tg, r := p.Cell(i)
			if c >= len(p.Cases) || tg >= len(p.Targets) || r >= p.Repeats {
				t.Fatalf("cell %d out of range", i)
			}
		}
	})
}
