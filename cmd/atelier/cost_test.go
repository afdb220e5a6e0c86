package main

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// pricedCapture is a simulator whose runs read a config.toml of prices
// (and budget, when given).
func pricedCapture(t *testing.T, budget string) *capture {
	t.Helper()
	c := newCapture(t)
	c.config = filepath.Join(t.TempDir(), "config.toml")
	conf := `[prices.m1]
input = 3
output = 15

[prices."m*"]
input = 1
output = 2
thinking = 4

[prices."gamma/image-2".image]
"*" = 0.04

[prices."videoa/*".second]
"*" = 0.1
` + budget
	if err := os.WriteFile(c.config, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	return c
}

// costOf reads the atelier_cost of a --json object; nil when absent.
func costOf(t *testing.T, out string) *float64 {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, out)
	}
	raw, ok := m[costKey]
	if !ok {
		return nil
	}
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	return &v
}

func TestCostsInJSONOutputs(t *testing.T) {
	t.Parallel()
	c := pricedCapture(t, "")
	r := c.runIn(t, "", "chat", "-p", "alpha", "-m", "m1", "--json", "a short question")
	if r.code != 0 {
		t.Fatalf("chat: exit %d: %s", r.code, r.stderr)
	}
	var reply struct {
		Usage struct {
			In  float64 `json:"input_tokens"`
			Out float64 `json:"output_tokens"`
		} `json:"usage"`
	}
	json.Unmarshal([]byte(r.stdout), &reply)
	want := (reply.Usage.In*3 + reply.Usage.Out*15) / 1e6
	if got := costOf(t, r.stdout); got == nil || math.Abs(*got-want) > 1e-12 || want == 0 {
		t.Fatalf("chat cost %v, want %v", got, want)
	}

	r = c.runIn(t, "", "image", "-m", "gamma/image-2", "--size", "256x256", "-n", "2", "-o", t.TempDir(), "--json", "a kite")
	if r.code != 0 {
		t.Fatalf("image: exit %d: %s", r.code, r.stderr)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if got := costOf(t, lines[len(lines)-1]); got == nil || math.Abs(*got-0.08) > 1e-12 {
		t.Fatalf("image cost %v, want 0.08", got)
	}

	r = c.runIn(t, "", "video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--set", "duration=5", "--json")
	if r.code != 0 {
		t.Fatalf("video: exit %d: %s", r.code, r.stderr)
	}
	if got := costOf(t, r.stdout); got == nil || math.Abs(*got-0.5) > 1e-12 {
		t.Fatalf("video cost %v, want 0.5", got)
	}

	r = c.runIn(t, "", "compare", "-t", "alpha:m1", "-t", "beta:m2", "-t", "gamma:other", "--json", "hello")
	if r.code != 0 {
		t.Fatalf("compare: exit %d: %s", r.code, r.stderr)
	}
	var lanes []laneResult
	if err := json.Unmarshal([]byte(r.stdout), &lanes); err != nil {
		t.Fatal(err)
	}
	if lanes[0].Cost == nil || lanes[1].Cost == nil || lanes[2].Cost != nil {
		t.Fatalf("lane costs %v %v %v: want two known and the unpriced one absent", lanes[0].Cost, lanes[1].Cost, lanes[2].Cost)
	}
	if want := float64(lanes[0].Input*3+lanes[0].Output*15) / 1e6; math.Abs(*lanes[0].Cost-want) > 1e-12 {
		t.Fatalf("lane 1 cost %v, want %v", *lanes[0].Cost, want)
	}
}

func TestHistoryShowCost(t *testing.T) {
	t.Parallel()
	c := pricedCapture(t, "")
	run := c.runner(t, t.TempDir())
	if r := run("image", "-m", "gamma/image-2", "--size", "256x256", "-o", t.TempDir(), "a kite"); r.code != 0 {
		t.Fatalf("image: exit %d: %s", r.code, r.stderr)
	}
	r := run("history", "show", "image:1", "--json")
	if r.code != 0 {
		t.Fatalf("show: exit %d: %s", r.code, r.stderr)
	}
	if got := costOf(t, r.stdout); got == nil || math.Abs(*got-0.04) > 1e-12 {
		t.Fatalf("history cost %v, want 0.04", got)
	}
	r = run("history", "show", "image:1")
	if r.code != 0 || !strings.Contains(r.stdout, "Cost: 0.04") {
		t.Fatalf("show: exit %d %q", r.code, r.stdout)
	}
}

func TestNoPricesNoCost(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	run := c.runner(t, t.TempDir())
	for _, args := range [][]string{
		{"chat", "-p", "alpha", "-m", "m1", "--json", "q"},
		{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--json"},
		{"history", "show", "chat:1", "--json"},
	} {
		r := run(args...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		if strings.Contains(r.stdout, costKey) {
			t.Fatalf("%v: a cost with no prices set:\n%s", args, r.stdout)
		}
	}
	r := c.runIn(t, "", "compare", "-t", "alpha:m1", "-t", "beta:m2", "--json", "hello")
	if r.code != 0 || strings.Contains(r.stdout, `"cost"`) {
		t.Fatalf("compare: exit %d, cost shown with no prices: %s", r.code, r.stdout)
	}
}

func TestBudgetRefusalSendsNothing(t *testing.T) {
	t.Parallel()
	c := pricedCapture(t, "\n[budget]\nrun = 0.05\n")
	for _, tc := range []struct {
		name string
		args []string
		est  string
	}{
		{"video", []string{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--set", "duration=5"}, "0.5"},
		{"images", []string{"image", "-m", "gamma/image-2", "-n", "3", "-o", t.TempDir(), "kites"}, "0.12"},
		{"comparison", []string{"compare", "-t", "alpha:m1:max_tokens=4000", "-t", "beta:m2:max_tokens=4000", "hello"}, "0.068"},
	} {
		before := len(c.requests())
		r := c.runIn(t, "", tc.args...)
		if r.code != 2 || len(c.requests()) != before {
			t.Fatalf("%s: exit %d, %d requests sent: %s", tc.name, r.code, len(c.requests())-before, r.stderr)
		}
		for _, want := range []string{"estimate " + tc.est, "budget of 0.05 per run", "nothing was sent", "--yes"} {
			if !strings.Contains(r.stderr, want) {
				t.Errorf("%s: %q lacks %q", tc.name, r.stderr, want)
			}
		}
		r = c.runIn(t, "", append(tc.args, "--yes")...)
		if r.code != 0 || len(c.requests()) == before {
			t.Fatalf("%s --yes: exit %d, nothing sent: %s", tc.name, r.code, r.stderr)
		}
	}
	// Within the budget, nothing is asked.
	before := len(c.requests())
	if r := c.runIn(t, "", "image", "-m", "gamma/image-2", "-n", "1", "-o", t.TempDir(), "a kite"); r.code != 0 || len(c.requests()) == before {
		t.Fatalf("one image: exit %d: %s", r.code, r.stderr)
	}
}

func TestDayBudgetCountsTodaysHistory(t *testing.T) {
	t.Parallel()
	c := pricedCapture(t, "\n[budget]\nday = 0.1\n")
	run := c.runner(t, t.TempDir())
	args := []string{"image", "-m", "gamma/image-2", "--size", "256x256", "-n", "2", "-o", t.TempDir(), "kites"}
	if r := run(args...); r.code != 0 { // 0.08 of 0.1
		t.Fatalf("first: exit %d: %s", r.code, r.stderr)
	}
	before := len(c.requests())
	r := run(args...)
	if r.code != 2 || len(c.requests()) != before || !strings.Contains(r.stderr, "0.08 spent today passes the day's budget of 0.1") {
		t.Fatalf("second: exit %d, %d sent: %s", r.code, len(c.requests())-before, r.stderr)
	}
}

func TestWithCost(t *testing.T) {
	t.Parallel()
	v := 0.25
	for in, want := range map[string]string{
		`{"a":1}`:            `{"a":1,"atelier_cost":0.25}`,
		"{}\n":               "{\"atelier_cost\":0.25}\n",
		"{\n  \"a\": 1\n}\n": "{\n  \"a\": 1,\"atelier_cost\":0.25}\n",
		`[1]`:                `[1]`,
		``:                   ``,
	} {
		if got := string(withCost([]byte(in), &v)); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	if got := string(withCost([]byte(`{"a":1}`), nil)); got != `{"a":1}` {
		t.Errorf("nil cost: %q", got)
	}
}

// TestBatchBudgetRefusalSendsNothing: a batch whose cells together are
// estimated past the run's budget is refused with no terminal, and sends
// nothing; --yes runs it.
func TestBatchBudgetRefusalSendsNothing(t *testing.T) {
	t.Parallel()
	c := pricedCapture(t, "\n[budget]\nrun = 0.05\n")
	file := filepath.Join(t.TempDir(), "b.toml")
	// m1's 1,000 output tokens are 0.015 each reply; four repeats pass 0.05.
	plan := "targets = [\"alpha:m1:max_tokens=1000\", \"beta:m2:max_tokens=1000\"]\nrepeats = 4\n[[prompts]]\ntext = \"hello\"\n"
	if err := os.WriteFile(file, []byte(plan), 0o600); err != nil {
		t.Fatal(err)
	}
	run := c.runner(t, t.TempDir())
	before := len(c.requests())
	r := run("batch", "run", file)
	if r.code != 2 || len(c.requests()) != before {
		t.Fatalf("exit %d, %d requests sent: %s", r.code, len(c.requests())-before, r.stderr)
	}
	for _, want := range []string{"batch", "budget of 0.05 per run", "nothing was sent", "--yes"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("%q lacks %q", r.stderr, want)
		}
	}
	if r := run("batch", "run", file, "--yes"); r.code != 0 || len(c.requests())-before != 8 {
		t.Fatalf("--yes: exit %d, %d requests sent: %s", r.code, len(c.requests())-before, r.stderr)
	}
}
