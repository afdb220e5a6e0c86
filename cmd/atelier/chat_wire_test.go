package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStreamIsChosenByNoStreamAlone: one rule for the three families. A
// stream field from --set or --body, streamed or not, is exit 2 naming
// --no-stream, with nothing sent; so is a compare target's stream setting.
func TestStreamIsChosenByNoStreamAlone(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	body := filepath.Join(t.TempDir(), "body.json")
	if err := os.WriteFile(body, []byte(`{"stream": true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, fam := range []string{"alpha", "beta", "gamma"} {
		for _, extra := range [][]string{
			{"--set", "stream=false"},
			{"--set", "stream=true"},
			{"--no-stream", "--set", "stream=true"},
			{"--no-stream", "--set", "stream=false"},
			{"--body", body},
		} {
			args := append([]string{"chat", "-p", fam, "-m", "m"}, extra...)
			r := c.runIn(t, "", append(args, "hi")...)
			if r.code != exitUsage || !strings.Contains(r.stderr, "streaming is chosen by --no-stream") ||
				!strings.Contains(r.stderr, "alpha, beta and gamma alike") {
				t.Errorf("%v: exit %d, %q", args, r.code, r.stderr)
			}
		}
	}
	r := c.runIn(t, "", "compare", "-t", "alpha:m:stream=false", "-t", "gamma:m", "hi")
	if r.code != exitUsage || !strings.Contains(r.stderr, "stream") || !strings.Contains(r.stderr, "streaming is chosen by the call") {
		t.Errorf("compare with a stream setting: exit %d, %q", r.code, r.stderr)
	}
	if n := len(c.requests()); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
	// Without the field, each family streams or not by --no-stream alone.
	for _, fam := range []string{"alpha", "beta", "gamma"} {
		if r := c.runIn(t, "", "chat", "-p", fam, "-m", "m", "hi"); r.code != 0 {
			t.Errorf("%s: exit %d, %s", fam, r.code, r.stderr)
		}
		if r := c.runIn(t, "", "chat", "--no-stream", "-p", fam, "-m", "m", "hi"); r.code != 0 {
			t.Errorf("%s --no-stream: exit %d, %s", fam, r.code, r.stderr)
		}
	}
	for i, req := range c.requests() {
		streamed := i%2 == 0
		switch {
		case strings.Contains(req.path, "/beta/"):
			if strings.Contains(req.path, "streamGenerateContent") != streamed || strings.Contains(string(req.body), `"stream"`) {
				t.Errorf("beta request %d: %s %s", i, req.path, req.body)
			}
		case strings.Contains(string(req.body), `"stream":true`) != streamed:
			t.Errorf("request %d (streamed %v): %s %s", i, streamed, req.path, req.body)
		}
	}
}

// TestNonFiniteNumberFlags: --temperature and --top-p of NaN or Inf are
// exit 2 naming the flag and the value, with nothing sent.
func TestNonFiniteNumberFlags(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	for _, flag := range []string{"--temperature", "--top-p"} {
		for _, v := range []string{"NaN", "Inf", "-Inf", "+Inf", "nan"} {
			r := c.runIn(t, "", "chat", "-p", "gamma", "-m", "m", flag+"="+v, "hi")
			if r.code != exitUsage || !strings.Contains(r.stderr, flag+": must be a finite number (got ") ||
				strings.Contains(r.stderr, "MarshalJSON") {
				t.Errorf("%s %s: exit %d, %q", flag, v, r.code, r.stderr)
			}
		}
	}
	if n := len(c.requests()); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
}
