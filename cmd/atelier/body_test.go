package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeBody writes a --body file and returns its path.
func writeBody(t *testing.T, json string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "body.json")
	if err := os.WriteFile(p, []byte(json), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// A dotted --set merges into the object the flags build (issue 14, Bodies
// 1): each case is the exact object that goes on the wire.
func TestDottedSetMergesIntoFlags(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []string
		field string
		want  string
	}{
		{"beta generationConfig", []string{"-p", "beta", "--temperature", "0.5", "--max-tokens", "100",
			"--set", "generationConfig.candidateCount=1"},
			"generationConfig", `{"temperature":0.5,"maxOutputTokens":100,"candidateCount":1}`},
		{"alpha thinking", []string{"-p", "alpha", "--thinking-budget", "2000", "--set", "thinking.display=omitted"},
			"thinking", `{"type":"enabled","budget_tokens":2000,"display":"omitted"}`},
		{"gamma reasoning", []string{"-p", "gamma", "--effort", "high", "--set", "reasoning.summary=auto"},
			"reasoning", `{"effort":"high","summary":"auto"}`},
		{"set over a flag's leaf", []string{"-p", "beta", "--temperature", "0.5", "--set", "generationConfig.temperature=0.25"},
			"generationConfig", `{"temperature":0.25}`},
		{"later set wins per leaf", []string{"-p", "gamma", "--set", "reasoning.effort=low", "--set", "reasoning.summary=auto",
			"--set", "reasoning.effort=high"}, "reasoning", `{"effort":"high","summary":"auto"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCapture(t)
			r := c.runIn(t, "", append(append([]string{"chat", "-m", "m1", "--no-stream"}, tt.args...), "hi")...)
			if r.code != 0 {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			if got := canonical(t, c.first(t)[tt.field]); got != canonical(t, tt.want) {
				t.Fatalf("%s sent %s, want %s", tt.field, got, canonical(t, tt.want))
			}
		})
	}
}

// --body < flags < --set, field by field, with the exact body that is sent.
func TestChatBodyFlagsSetPrecedence(t *testing.T) {
	t.Parallel()
	body := writeBody(t, `{"temperature":0.1,"top_k":5,"max_tokens":3000,
		"thinking":{"budget_tokens":1500,"display":"summarized"},"metadata":{"user_id":"u-1"}}`)
	c := newCapture(t)
	r := c.runIn(t, "", "chat", "-p", "alpha", "-m", "m1", "--no-stream", "--body", body,
		"--temperature", "0.5", "--thinking-budget", "2000",
		"--set", "thinking.display=omitted", "--set", "top_k=7", "hi")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `{"model":"m1","max_tokens":3000,"messages":[{"role":"user","content":"hi"}],
		"temperature":0.5,"top_k":7,"thinking":{"type":"enabled","budget_tokens":2000,"display":"omitted"},
		"metadata":{"user_id":"u-1"}}`
	if got := canonical(t, c.first(t)); got != canonical(t, want) {
		t.Fatalf("sent\n%s\nwant\n%s", got, canonical(t, want))
	}
}

// A --body field that no flag sets beats the flags' defaults, and the
// flags' fields in --body are replaced only where a flag was given.
func TestChatBodyKeepsWhatNoFlagSets(t *testing.T) {
	t.Parallel()
	body := writeBody(t, `{"generationConfig":{"temperature":0.3,"topK":4,"seed":7},"safetySettings":[{"category":"HARM_CATEGORY_HARASSMENT","threshold":"BLOCK_NONE"}]}`)
	c := newCapture(t)
	r := c.runIn(t, "", "chat", "-p", "beta", "-m", "m1", "--no-stream", "--body", body, "--top-k", "9",
		"--set", "generationConfig.seed=8", "hi")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],
		"generationConfig":{"temperature":0.3,"topK":9,"seed":8},
		"safetySettings":[{"category":"HARM_CATEGORY_HARASSMENT","threshold":"BLOCK_NONE"}]}`
	if got := canonical(t, c.first(t)); got != canonical(t, want) {
		t.Fatalf("sent\n%s\nwant\n%s", got, canonical(t, want))
	}
}

// --web-search adds its tool to the tools of --body instead of being lost
// under them.
func TestWebSearchAddsToBodyTools(t *testing.T) {
	t.Parallel()
	body := writeBody(t, `{"tools":[{"type":"function","name":"f","parameters":{"type":"object"}}]}`)
	c := newCapture(t)
	r := c.runIn(t, "", "chat", "-p", "gamma", "-m", "m1", "--no-stream", "--body", body, "--web-search", "hi")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `[{"type":"function","name":"f","parameters":{"type":"object"}},{"type":"web_search"}]`
	if got := canonical(t, c.first(t)["tools"]); got != canonical(t, want) {
		t.Fatalf("tools sent %s, want %s", got, canonical(t, want))
	}
}

func TestImageBodyFlagsSetPrecedence(t *testing.T) {
	t.Parallel()
	body := writeBody(t, `{"quality":"low","size":"1024x1024","moderation":"low","n":2}`)
	c := newCapture(t)
	r := c.runIn(t, "", "image", "-m", "gamma/image-2", "-o", t.TempDir(), "--body", body,
		"--quality", "high", "--size", "1024x1536", "--set", "size=1536x1024", "a kite")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `{"model":"gamma/image-2","prompt":"a kite","quality":"high","size":"1536x1024","moderation":"low","n":2}`
	if got := canonical(t, c.first(t)); got != canonical(t, want) {
		t.Fatalf("sent\n%s\nwant\n%s", got, canonical(t, want))
	}
}

func TestVideoBodySetMerge(t *testing.T) {
	t.Parallel()
	body := writeBody(t, `{"prompt":"a kite","aspect_ratio":"16:9","multi_prompt":null}`)
	c := newCapture(t)
	r := c.runIn(t, "", "video", "submit", "videoa/q1/text-to-video", "--body", body,
		"--set", "aspect_ratio=9:16", "--set", "seed=3")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := `{"prompt":"a kite","aspect_ratio":"9:16","multi_prompt":null,"seed":3}`
	if got := canonical(t, c.first(t)); got != canonical(t, want) {
		t.Fatalf("sent\n%s\nwant\n%s", got, canonical(t, want))
	}
}

// A --set value that starts as JSON must be JSON: exit 2, nothing sent
// (issue 13). Text that does not look like JSON is still a string.
func TestSetInvalidJSONRefused(t *testing.T) {
	t.Parallel()
	for _, v := range []string{"messages=[", `metadata={"a":`, `prompt="unterminated`, "tools=[1,]"} {
		c := newCapture(t)
		r := c.runIn(t, "", "chat", "-p", "alpha", "-m", "m1", "--set", v, "hi")
		field, _, _ := strings.Cut(v, "=")
		if r.code != 2 || !strings.Contains(r.stderr, "--set "+field) || !strings.Contains(r.stderr, "not valid JSON") {
			t.Errorf("--set %s: exit %d, stderr %q", v, r.code, r.stderr)
		}
		if n := len(c.requests()); n != 0 {
			t.Errorf("--set %s: %d requests sent", v, n)
		}
	}
	c := newCapture(t)
	r := c.runIn(t, "", "chat", "-p", "alpha", "-m", "m1", "--no-stream", "--set", "metadata.user_id=u-1:x", "hi")
	if r.code != 0 || canonical(t, c.first(t)["metadata"]) != `{"user_id":"u-1:x"}` {
		t.Fatalf("plain text value: exit %d %s", r.code, r.stderr)
	}
}

// A flag the family does not have is refused with exit 2 before anything
// is sent, naming the family's nearest flag where it has one (Bodies 3).
func TestFlagsAFamilyLacksAreRefused(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fam, flag, value, want string
	}{
		{"gamma", "--stop", "END", "--stop: gamma has no stop_sequences"},
		{"gamma", "--top-k", "5", "--top-k: gamma has no top_k"},
		{"gamma", "--thinking-budget", "2000", "--thinking-budget: gamma has no thinking_budget; use --effort"},
		{"alpha", "--summary", "auto", "--summary: alpha has no summary; use --thinking-display"},
		{"alpha", "--verbosity", "low", "--verbosity: alpha has no verbosity"},
		{"beta", "--effort", "high", "--effort: beta has no effort; use --thinking-budget"},
		{"beta", "--thinking-display", "omitted", "--thinking-display: beta has no thinking_display"},
	}
	for _, tt := range tests {
		c := newCapture(t)
		r := c.runIn(t, "", "chat", "-p", tt.fam, "-m", "m1", tt.flag, tt.value, "hi")
		if r.code != 2 || !strings.Contains(r.stderr, tt.want) {
			t.Errorf("%s %s: exit %d, stderr %q, want %q", tt.fam, tt.flag, r.code, r.stderr, tt.want)
		}
		if n := len(c.requests()); n != 0 {
			t.Errorf("%s %s: %d requests sent", tt.fam, tt.flag, n)
		}
	}
}

// What goes through --set and --body is validated as it will be sent, after
// merging (Bodies 2): each case is exit 2 with the field's path in the
// error, and nothing sent.
func TestSetAndBodyFieldsAreValidated(t *testing.T) {
	t.Parallel()
	chat := func(fam string, args ...string) []string {
		return append(append([]string{"chat", "-p", fam, "-m", "m1"}, args...), "hi")
	}
	image := func(args ...string) []string {
		return append(append([]string{"image", "-m", "gamma/image-2", "-o", t.TempDir()}, args...), "a kite")
	}
	long := strings.Repeat("s", 80)
	tests := []struct {
		name, field string
		args        []string
	}{
		{"gamma top_logprobs 21", "top_logprobs", chat("gamma", "--set", "top_logprobs=21")},
		{"gamma truncation", "truncation", chat("gamma", "--set", "truncation=maybe")},
		{"gamma include", "include[0]", chat("gamma", "--set", `include=["bogus"]`)},
		{"gamma conversation and previous_response_id", "previous_response_id",
			chat("gamma", "--set", "conversation=c1", "--set", "previous_response_id=r1")},
		{"gamma safety_identifier", "safety_identifier", chat("gamma", "--set", "safety_identifier="+long)},
		{"gamma safety_identifier in --body", "safety_identifier",
			chat("gamma", "--body", writeBody(t, `{"safety_identifier":"`+long+`"}`))},
		{"alpha max_tokens 0", "max_tokens", chat("alpha", "--set", "max_tokens=0")},
		{"alpha top_k -1", "top_k", chat("alpha", "--set", "top_k=-1")},
		{"alpha turns that do not alternate", "messages[1].role",
			chat("alpha", "--set", `messages=[{"role":"user","content":"a"},{"role":"user","content":"b"}]`)},
		{"beta topP through a dotted set", "generationConfig.topP", chat("beta", "--set", "generationConfig.topP=1.5")},
		{"image quality", "quality", image("--set", "quality=ultra")},
		{"image output_compression", "output_compression", image("--output-format", "jpeg", "--set", "output_compression=500")},
		{"image n 0", "n", image("--set", "n=0")},
		{"image prompt a number", "prompt", image("--set", "prompt=2024")},
		// A flag's zero is not taken as "not set": it is refused, not dropped.
		{"--max-tokens 0", "--max-tokens", chat("gamma", "--max-tokens", "0")},
		{"-n 0", "-n", image("-n", "0")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCapture(t)
			r := c.runIn(t, "", tt.args...)
			if r.code != 2 || !strings.Contains(r.stderr, tt.field+": ") {
				t.Errorf("exit %d, stderr %q; want exit 2 naming %s", r.code, r.stderr, tt.field)
			}
			if n := len(c.requests()); n != 0 {
				t.Errorf("%d requests sent", n)
			}
		})
	}
}

// A compare target's dotted settings merge into the native request like
// --set, and a setting its family lacks is refused before anything is sent.
func TestCompareTargetSettings(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	r := c.runIn(t, "", "compare", "-t", "gamma:m1:top_k=5", "-t", "alpha:m2", "hi")
	if r.code != 2 || !strings.Contains(r.stderr, "top_k: gamma has no such setting") || len(c.requests()) != 0 {
		t.Fatalf("exit %d, stderr %q, %d sent", r.code, r.stderr, len(c.requests()))
	}
	c = newCapture(t)
	r = c.runIn(t, "", "compare", "--summary", "-t", "gamma:m1:effort=high,reasoning.summary=auto", "-t", "beta:m2:temperature=0.5,generationConfig.seed=3", "hi")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	got := map[string]string{}
	for _, req := range c.requests() {
		var m map[string]any
		if err := json.Unmarshal(req.body, &m); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(req.path, "/gamma/") {
			got["gamma"] = canonical(t, m["reasoning"])
		} else {
			got["beta"] = canonical(t, m["generationConfig"])
		}
	}
	if got["gamma"] != `{"effort":"high","summary":"auto"}` || got["beta"] != `{"seed":3,"temperature":0.5}` {
		t.Fatalf("sent %v", got)
	}
}

// A --body that is JSON but not an object is refused in the file's words,
// exit 2, nothing sent (it said "cannot unmarshal array into Go value of
// type map[string]interface {}").
func TestBodyNotAnObject(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	body := writeBody(t, `[{"role": "user"}]`)
	r := c.runIn(t, "", "chat", "-p", "alpha", "-m", "m1", "--body", body, "hi")
	if r.code != 2 || !strings.Contains(r.stderr, "--body "+body+": wrong type: want an object (got a list)") ||
		strings.Contains(r.stderr, "Go value") {
		t.Errorf("exit %d, stderr %q", r.code, r.stderr)
	}
	if n := len(c.requests()); n != 0 {
		t.Errorf("%d requests sent", n)
	}
}
