package main

import (
	"strings"
	"testing"
)

// A stop that is not a normal end is one line on stderr: exit 0 for a
// reply cut at its token limit, exit 1 for a blocked prompt or a refusal,
// streamed or not.
func TestChatStopReasons(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, fam, prompt string
		args              []string
		code              int
		line              string
	}{
		{"alpha refusal", "alpha", "[[refusal]] how to", nil, 1,
			"atelier: the model refused to answer (stop_reason refusal)"},
		{"beta blocked prompt", "beta", "[[block]] something", nil, 1,
			"atelier: the prompt was blocked by the service's safety filter (promptFeedback.blockReason SAFETY)"},
		{"alpha max tokens", "alpha", "tell me about kites", []string{"--max-tokens", "5"}, 0,
			"atelier: max tokens reached, the reply is cut short (stop_reason max_tokens); --max-tokens raises the limit"},
		{"beta max tokens", "beta", "tell me about kites", []string{"--max-tokens", "5"}, 0,
			"atelier: max tokens reached, the reply is cut short (finishReason MAX_TOKENS); --max-tokens raises the limit"},
		{"gamma incomplete", "gamma", "tell me about kites", []string{"--max-tokens", "5"}, 0,
			"atelier: max tokens reached, the reply is cut short (incomplete_details.reason max_output_tokens); --max-tokens raises the limit"},
		{"a normal end says nothing", "gamma", "tell me about kites", nil, 0, ""},
	}
	for _, tt := range tests {
		for _, mode := range [][]string{nil, {"--no-stream"}} {
			t.Run(tt.name+strings.Join(mode, ""), func(t *testing.T) {
				c := newCapture(t)
				args := append(append(append([]string{"chat", "-p", tt.fam, "-m", "m1"}, mode...), tt.args...), tt.prompt)
				r := c.runIn(t, "", args...)
				if r.code != tt.code || strings.TrimSuffix(r.stderr, "\n") != tt.line {
					t.Fatalf("exit %d, stderr %q; want exit %d and %q", r.code, r.stderr, tt.code, tt.line)
				}
				if tt.code == 0 && r.stdout == "" {
					t.Error("a reply cut short printed nothing")
				}
			})
		}
	}
}

// --show-thinking writes thinking to stderr with --no-stream too, the same
// text the stream writes.
func TestShowThinkingWithoutStreaming(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	chat := func(flags ...string) result {
		args := append([]string{"chat", "-p", "alpha", "-m", "m1", "--thinking-budget", "1024"}, flags...)
		return c.runIn(t, "", append(args, "think about kites")...)
	}
	streamed, whole := chat("--show-thinking"), chat("--show-thinking", "--no-stream")
	if streamed.code != 0 || whole.code != 0 || strings.TrimSpace(streamed.stderr) == "" {
		t.Fatalf("exits %d %d (%s), streamed thinking %q", streamed.code, whole.code, whole.stderr, streamed.stderr)
	}
	if strings.TrimSpace(whole.stderr) != strings.TrimSpace(streamed.stderr) || whole.stdout != streamed.stdout {
		t.Fatalf("--no-stream wrote thinking %q and text %q; the stream %q and %q", whole.stderr, whole.stdout, streamed.stderr, streamed.stdout)
	}
	// Without the flag, thinking goes nowhere.
	if quiet := chat("--no-stream"); quiet.code != 0 || quiet.stderr != "" {
		t.Fatalf("without --show-thinking: exit %d, stderr %q", quiet.code, quiet.stderr)
	}
}
