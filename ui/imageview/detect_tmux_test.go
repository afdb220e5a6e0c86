package imageview

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestParseTmuxClient(t *testing.T) {
	tests := []struct {
		out      string
		ok       bool
		kind     termKind
		name     string
		sixel    bool
		features int
	}{
		{"xterm-kitty\nkitty(0.41.1)\nbpaste,ccolour,clipboard,cstyle,focus,title\n", true, kindKitty, "kitty(0.41.1)", false, 6},
		{"xterm-256color\nXTerm(379)\n256,RGB,bpaste,sixel,title\n", true, kindOther, "XTerm(379)", true, 5},
		// tmux 3.2 has no client_termtype: the TERM names the terminal.
		{"xterm-kitty\n\nRGB\n", true, kindKitty, "xterm-kitty", false, 1},
		{"xterm-ghostty\n\n\n", true, kindGhostty, "xterm-ghostty", false, 0},
		{"rxvt-unicode-256color\n\n256, title ,\n", true, kindOther, "rxvt-unicode-256color", false, 2},
		{"\n\n\n", false, kindUnknown, "", false, 0}, // detached: no client
		{"xterm\nXTerm(1)\n", false, kindUnknown, "", false, 0},
		{"a\nb\nc\nd\n", false, kindUnknown, "", false, 0},
		{"xterm\n" + strings.Repeat("x", maxTmuxField+1) + "\n\n", false, kindUnknown, "", false, 0},
		{"", false, kindUnknown, "", false, 0},
	}
	for _, tt := range tests {
		c, ok := parseTmuxClient(tt.out)
		if ok != tt.ok {
			t.Errorf("%q: ok %v", tt.out, ok)
			continue
		}
		if !ok {
			continue
		}
		if term := c.terminal(); term.kind != tt.kind || term.String() != tt.name {
			t.Errorf("%q: terminal %+v, want %v %q", tt.out, term, tt.kind, tt.name)
		}
		if c.sixel() != tt.sixel || len(c.features) != tt.features || slices.Contains(c.features, "") {
			t.Errorf("%q: features %q", tt.out, c.features)
		}
	}
}

// TestTmuxDisplayRunsTmux runs the default TmuxDisplay against a stand-in
// tmux on PATH that prints its arguments, and one that fails.
func TestTmuxDisplayRunsTmux(t *testing.T) {
	dir := t.TempDir()
	script := "#!/bin/sh\nif [ \"$TMUX_FAKE_FAIL\" = 1 ]; then echo 'no server running' >&2; exit 1; fi\n" +
		"printf '%s|' \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "tmux"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	out, err := tmuxDisplay(tmuxClientFormat)
	if err != nil || out != "display-message|-p|"+tmuxClientFormat+"|" {
		t.Errorf("tmux ran as %q, %v", out, err)
	}
	// The format's three lines come back as the three fields.
	var c Capabilities
	msg := c.askTmux()().(tea.RawMsg).Msg.(tmuxClientMsg)
	if !msg.ok || msg.client.termName != "display-message|-p|#{client_termname}" || msg.client.termType != "#{client_termtype}" {
		t.Errorf("read %+v", msg)
	}
	t.Setenv("TMUX_FAKE_FAIL", "1")
	if _, err := tmuxDisplay(tmuxClientFormat); err == nil {
		t.Error("a failing tmux read as an answer")
	}
	if msg := c.askTmux()().(tea.RawMsg).Msg.(tmuxClientMsg); msg.ok {
		t.Error("a failing tmux read as an answer")
	}
}

// FuzzParseTmuxClient: whatever tmux prints (a terminal's name and reply
// pass through it) is read without panicking, and what is read is bounded.
func FuzzParseTmuxClient(f *testing.F) {
	for _, s := range []string{"xterm-kitty\nkitty(0.41.1)\ntitle\n", "\n\n\n", "a\nb\nc", ",,,\n(\n,\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, out string) {
		c, ok := parseTmuxClient(out)
		if !ok {
			return
		}
		if len(c.termName) > maxTmuxField || len(c.termType) > maxTmuxField || len(c.features) > maxTmuxField {
			t.Errorf("%q read unbounded", out)
		}
		if c.termName == "" && c.termType == "" {
			t.Errorf("%q: no terminal, yet read", out)
		}
		_ = c.terminal()
	})
}
