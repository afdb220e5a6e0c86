package markdown

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenView draws a reply at 80×24 and 120×40, from the top, and one
// caught in the middle of a code block (the window following the end). The
// bytes are those a 256-colour terminal gets: View's output downsampled to
// that fixed profile, as Bubble Tea's renderer would.
func TestGoldenView(t *testing.T) {
	reply, err := os.ReadFile("testdata/reply.md")
	if err != nil {
		t.Fatal(err)
	}
	cut := bytes.Index(reply, []byte("\tm.lines"))
	tests := []struct {
		name string
		w, h int
		text []byte
		home bool
	}{
		{"view_80x24", 80, 24, reply, true},
		{"view_120x40", 120, 40, reply, true},
		{"view_80x10_streaming", 80, 10, reply[:cut+12], false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var renders int
			m := newTestModel(tt.w, tt.h, &renders)
			m = deliver(m, m.Append(string(tt.text)))
			if tt.home {
				m, _ = m.Update(press(tea.KeyHome, ""))
			}
			var got bytes.Buffer
			w := colorprofile.Writer{Forward: &got, Profile: colorprofile.ANSI256}
			if _, err := w.WriteString(m.View()); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", tt.name+".golden")
			if *update {
				if err := os.WriteFile(path, got.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got.Bytes(), want) {
				t.Errorf("View differs from %s (run with -update to accept):\n%s", path, got.Bytes())
			}
		})
	}
}
