package imageview

import (
	"strings"
	"testing"
)

// tmuxUnwrap undoes TmuxPassthrough, checking its shape.
func tmuxUnwrap(t *testing.T, s string) string {
	t.Helper()
	body, ok := strings.CutPrefix(s, "\x1bPtmux;")
	if !ok {
		t.Fatalf("no passthrough prefix in %q", s[:min(len(s), 20)])
	}
	body, ok = strings.CutSuffix(body, "\x1b\\")
	if !ok {
		t.Fatal("no ST at the end")
	}
	var out strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\x1b' {
			if i+1 >= len(body) || body[i+1] != '\x1b' {
				t.Fatalf("lone ESC at %d", i)
			}
			i++
		}
		out.WriteByte(body[i])
	}
	return out.String()
}

func TestTmuxPassthrough(t *testing.T) {
	seq := "\x1b_Ga=d,d=I,i=4\x1b\\"
	got := TmuxPassthrough(seq)
	if want := "\x1bPtmux;\x1b\x1b_Ga=d,d=I,i=4\x1b\x1b\\\x1b\\"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if back := tmuxUnwrap(t, got); back != seq {
		t.Errorf("unwrapped %q, want %q", back, seq)
	}
}

// TestKittyInTmux checks that each chunk is wrapped on its own (tmux drops
// an over-long passthrough) and unwraps to the plain transmission.
func TestKittyInTmux(t *testing.T) {
	img := noise(64, 64, 2)
	plain, err := Kitty{}.Transmit(img, Placement{Image: 5, ID: 1, Cols: 6, Rows: 3})
	if err != nil {
		t.Fatal(err)
	}
	wrapped, err := Kitty{Tmux: true}.Transmit(img, Placement{Image: 5, ID: 1, Cols: 6, Rows: 3})
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.SplitAfter(wrapped, "\x1b\\\x1b\\") // inner ST doubled, then outer ST
	var back strings.Builder
	n := 0
	for _, p := range parts {
		if p == "" {
			continue
		}
		back.WriteString(tmuxUnwrap(t, p))
		n++
	}
	if back.String() != plain {
		t.Error("unwrapped chunks differ from the plain transmission")
	}
	if chunks := len(parseKitty(t, plain)); n != chunks || n < 2 {
		t.Errorf("%d passthroughs for %d chunks", n, chunks)
	}
	if got := (Kitty{Tmux: true}).Delete(5); tmuxUnwrap(t, got) != (Kitty{}).Delete(5) {
		t.Errorf("Delete in tmux = %q", got)
	}
}

// tmuxUnwrapAll undoes TmuxPassthrough on each of a run of wrapped
// sequences (one per kitty chunk).
func tmuxUnwrapAll(t *testing.T, s string) string {
	t.Helper()
	var back strings.Builder
	for _, p := range strings.SplitAfter(s, "\x1b\\\x1b\\") { // inner ST doubled, then outer ST
		if p != "" {
			back.WriteString(tmuxUnwrap(t, p))
		}
	}
	return back.String()
}
