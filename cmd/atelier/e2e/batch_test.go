package e2e

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/client/sim/simtest"
)

// batchFile is 2 prompts × 3 targets × 2 repeats: alpha, alpha answered
// 429 once then served (a sweep), and gamma refused (401) every time.
const batchFile = `name = "cli"
targets = [
  "alpha:m1",
  "alpha:m1:temperature=0.5,system=[[fault:429x1:cli]]",
  "gamma:m3:system=[[fault:unauthorized]]",
]
repeats = 2
[vars]
topic = ["CRDTs", "heaps"]
[[prompts]]
name = "explain"
text = "explain {{topic}}"
  [[prompts.checks]]
  regex = "(?i){{topic}}"
  max_output_tokens = 100000
`

func TestBatchCommands(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "cli.toml")
	writeFile(t, file, batchFile)

	r := atelier(t, svc.Env, "", "batch", "run", file, "--concurrency", "2", "--json")
	if r.code != 0 {
		t.Fatalf("run: exit %d: %s", r.code, r.stderr)
	}
	var out batchOut
	if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	if out.ID != 1 || out.Name != "cli" || out.Status != "done" || out.Cells != 12 || out.Done != 8 || out.Failed != 4 || len(out.Summary) != 3 {
		t.Fatalf("run --json = %+v", out)
	}
	for i, s := range out.Summary[:2] {
		if s.Done != 4 || s.PassRate != 1 || s.Stability != 1 || s.OutputTokens == 0 || s.TotalMedian <= 0 {
			t.Errorf("target %d summary = %+v", i, s)
		}
	}
	if g := out.Summary[2]; g.Failed != 4 || g.Done != 0 || g.PassRate != -1 {
		t.Errorf("gamma summary = %+v", g)
	}
	hits := svc.Hits.Load()
	if hits != 8+1+4 { // 8 replies, one 429, four 401s
		t.Errorf("the simulator saw %d requests, want 13", hits)
	}

	// resume of a finished batch sends nothing, and says so (issue 30).
	r = atelier(t, svc.Env, "", "batch", "resume", "1")
	if r.code != 0 || svc.Hits.Load() != hits {
		t.Fatalf("resume of a done batch: exit %d, %d requests: %s", r.code, svc.Hits.Load()-hits, r.stderr)
	}
	if want := "batch 1: nothing to resume: every cell is done but 4 failed (--retry-failed runs them again)"; !strings.Contains(r.stderr, want) {
		t.Errorf("resume of a done batch says %q, not %q", r.stderr, want)
	}
	for _, want := range []string{"alpha:m1 ", "4/4", "100%", "gamma:m3:system=[[fault:unauthorized]]", "STABILITY", "1.00"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("resume's summary lacks %q:\n%s", want, r.stdout)
		}
	}

	r = atelier(t, svc.Env, "", "batch", "list")
	if r.code != 0 || !strings.Contains(r.stdout, "cli") || !strings.Contains(r.stdout, "done") {
		t.Errorf("list: %s %s", r.stdout, r.stderr)
	}
	show := atelier(t, svc.Env, "", "batch", "show", "batch:1")
	if show.code != 0 || !strings.Contains(show.stdout, `batch 1 "cli": done · 12 cells (2 cases × 3 targets × 2 repeats)`) {
		t.Errorf("show: %s %s", show.stdout, show.stderr)
	}
	if !strings.Contains(show.stdout, "Repeats (2 per case and target): 4 always pass, 0 flaky, 2 always fail") {
		t.Errorf("show: no classes of the repeats:\n%s", show.stdout)
	}

	r = atelier(t, svc.Env, "", "batch", "export", "1", "--csv")
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if r.code != 0 || err != nil || len(rows) != 13 {
		t.Fatalf("csv: exit %d, %v, %d rows: %s", r.code, err, len(rows), r.stderr)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	for _, row := range rows[1:] {
		prompt := "explain " + strings.TrimPrefix(row[col["variables"]], "topic=")
		switch {
		case strings.HasPrefix(row[col["target"]], "gamma"):
			if row[col["status"]] != "failed" || !strings.Contains(row[col["error"]], "401") {
				t.Errorf("gamma row %v", row)
			}
		case row[col["status"]] != "done" || row[col["passed"]] != "true" || row[col["reply"]] != sim.ReplyText(prompt):
			t.Errorf("row %v", row[:col["reply"]])
		}
	}

	md := filepath.Join(dir, "report.md")
	r = atelier(t, svc.Env, "", "batch", "export", "1", "--md", "-o", md)
	b, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	report := string(b)
	for _, want := range []string{"# Batch 1: cli", "## Summary", "## explain[topic=CRDTs]", "> explain CRDTs",
		"### `alpha:m1` · repeat 2 · done · checks passed", "- error: stream response: gamma: 401"} {
		if !strings.Contains(report, want) {
			t.Errorf("report lacks %q:\n%s", want, report)
		}
	}
	if r.code != 0 {
		t.Errorf("md: exit %d %s", r.code, r.stderr)
	}

	// Every cell's reply is in History, with its batch: the list shows
	// the batch, --batch its cells; delete takes the batch and them.
	hist := atelier(t, svc.Env, "", "history", "list")
	if strings.Contains(hist.stdout, "chat:") || !strings.Contains(hist.stdout, "batch:1") || !strings.Contains(hist.stdout, "cli") {
		t.Errorf("history lists the cells, or not their batch:\n%s", hist.stdout)
	}
	hist = atelier(t, svc.Env, "", "history", "list", "--batch", "1", "--limit", "100")
	if n := strings.Count(hist.stdout, "chat:"); n != 12 {
		t.Errorf("history lists %d chats of batch 1, want 12:\n%s", n, hist.stdout)
	}
	if r = atelier(t, svc.Env, "", "history", "show", "batch:1"); r.code != 2 || !strings.Contains(r.stderr, "atelier batch show 1") {
		t.Errorf("history show batch:1: exit %d, %s", r.code, r.stderr)
	}
	if r = atelier(t, svc.Env, "", "batch", "delete", "1"); r.code != 0 {
		t.Fatalf("delete: %d %s", r.code, r.stderr)
	}
	hist = atelier(t, svc.Env, "", "history", "list", "--batch", "1")
	if strings.Contains(hist.stdout, "chat:") {
		t.Errorf("history after delete:\n%s", hist.stdout)
	}
	if r = atelier(t, svc.Env, "", "batch", "show", "1"); r.code != 1 || !strings.Contains(r.stderr, "not found") {
		t.Errorf("show after delete: %d %s", r.code, r.stderr)
	}
}

func TestBatchCommandErrors(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	writeFile(t, bad, "targets = [\"alpha:m1\"]\n[[prompts]]\ntext = \"{{x}}\"\n[[prompts]]\ntext = \"y\"\n[[prompts.checks]]\nregex = \"(\"\n")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"batch", "run", bad}, 2, "bad.toml:2: prompts[0]: {{x}} has no values"},
		{[]string{"batch", "run", bad}, 2, "bad.toml:7: prompts[1].checks[0].regex: not a regular expression"},
		{[]string{"batch", "run", filepath.Join(dir, "none.toml")}, 2, "none.toml"},
		{[]string{"batch", "run", bad, "--concurrency", "100"}, 2, "--concurrency: must be 1 to 64"},
		{[]string{"batch", "resume", "x"}, 2, `batch id "x"`},
		{[]string{"batch", "resume", "7"}, 1, "batch 7: not found"},
		{[]string{"batch", "export", "1"}, 2, "give one of --csv or --md"},
	}
	for _, c := range cases {
		r := atelier(t, svc.Env, "", c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
	if svc.Hits.Load() != 0 {
		t.Errorf("%d requests sent for bad command lines", svc.Hits.Load())
	}
}
