//go:build linux

package main

import (
	"atelier/cmd/atelier/internal/clitest"
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNoEscapesReachATerminal: model output full of escape sequences (a
// clipboard write, a hyperlink, a bell, a C1 CSI) reaches a terminal with
// no raw control character through --json (escaped as \u001b, \u009b), and
// the Markdown export is cleaned like the screen; the history's JSON, to a
// pipe or exported, keeps the characters with every control one escaped.
func TestNoEscapesReachATerminal(t *testing.T) {
	t.Parallel()
	h := clitest.NewHostile(t, clitest.Controls)
	env := h.Env(t)
	getenv := clitest.Lookup(env)
	toTerminal := func(args ...string) string {
		term := clitest.NewTerminal(t)
		var errb bytes.Buffer
		clitest.SeedHistory(t, env, args)
		if code := runWith(context.Background(), args, stdio{in: strings.NewReader(""), out: term.Tty, err: &errb}, getenv, clocks{}); code != 0 {
			t.Fatalf("%v: exit %d, %s", args, code, errb.String())
		}
		return term.Output()
	}
	for _, args := range [][]string{
		{"chat", "--no-stream", "--json", "-p", "alpha", "-m", "m", "hi"},
		{"history", "show", "--json", "chat:1"},
		{"history", "list", "--json"},
		{"history", "show", "chat:1"},
		{"chat", "-p", "alpha", "-m", "m", "hi"},
	} {
		out := toTerminal(args...)
		if i := clitest.RawControl(out); i >= 0 {
			t.Fatalf("%v: a raw control character %q reached the terminal: %q", args, out[i], out[max(i-30, 0):min(i+30, len(out))])
		}
		if args[len(args)-2] == "--json" || args[1] == "--no-stream" {
			if !strings.Contains(out, `\u001b]52;c;ZXZpbA==\u0007`) || !strings.Contains(out, `\u009b2J`) {
				t.Errorf("%v: the controls are not escaped as JSON escapes them: %.400s", args, out)
			}
		}
	}

	// A pipe gets the characters, every control one escaped alike in
	// the history's JSON (ESC as \u001b, the C1 CSI as \u009b, which
	// encoding/json would leave raw); so does the JSON export. The Markdown
	// export is cleaned like the screen: the sequences go, their text with
	// them.
	r := runIn(t, env, nil, clocks{}, "history", "show", "--json", "chat:1")
	if !strings.Contains(r.stdout, `\u001b]52`) || !strings.Contains(r.stdout, `\u009b2J`) || clitest.RawControl(r.stdout) >= 0 {
		t.Errorf("to a pipe: %.400s", r.stdout)
	}
	jdir := t.TempDir()
	if r := runIn(t, env, nil, clocks{}, "history", "export", "--json", "chat:1", "-o", jdir); r.code != 0 {
		t.Fatalf("export --json: %d %s", r.code, r.stderr)
	}
	jsons, _ := filepath.Glob(filepath.Join(jdir, "*.json"))
	if len(jsons) != 1 {
		t.Fatalf("exported %v", jsons)
	}
	if js, _ := os.ReadFile(jsons[0]); clitest.RawControl(string(js)) >= 0 || !strings.Contains(string(js), `\u009b2J`) {
		t.Fatalf("the JSON export keeps a raw control: %q", js)
	}
	dir := t.TempDir()
	if r := runIn(t, env, nil, clocks{}, "history", "export", "chat:1", "-o", dir); r.code != 0 {
		t.Fatalf("export: %d %s", r.code, r.stderr)
	}
	mds, _ := filepath.Glob(filepath.Join(dir, "*.md"))
	if len(mds) != 1 {
		t.Fatalf("exported %v", mds)
	}
	md, _ := os.ReadFile(mds[0])
	if i := clitest.RawControl(string(md)); i >= 0 || !strings.Contains(string(md), "\ncopy this link 2J end\n") {
		t.Fatalf("the Markdown export: %q", md)
	}
}
