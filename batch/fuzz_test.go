package batch

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: any bytes give a plan within the limits or an error naming the
// file; nothing panics.
func FuzzParse(f *testing.F) {
	ex, err := os.ReadFile(filepath.Join("testdata", "capitals.toml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(ex)
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
