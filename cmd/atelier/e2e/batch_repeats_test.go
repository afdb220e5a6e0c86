package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"atelier/batch"
	"atelier/client/sim/simtest"
)

// A batch whose first prompt's first request is refused (the simulator's
// unauthorizedx1 fault: the first request carrying it only) and whose
// second always passes: `batch show --json` carries pass^N per target and
// a class per case, and the text names the flaky case.
func TestBatchShowRepeats(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	file := filepath.Join(t.TempDir(), "repeats.toml")
	writeFile(t, file, `name = "repeats"
targets = ["alpha:m1"]
repeats = 3
[[prompts]]
name = "flaky"
text = "[[fault:unauthorizedx1:repeats]] say hi"
[[prompts]]
name = "steady"
text = "say hello"
`)
	if r := atelier(t, svc.Env, "", "batch", "run", file, "--concurrency", "1"); r.code != 0 {
		t.Fatalf("run: exit %d: %s", r.code, r.stderr)
	}
	r := atelier(t, svc.Env, "", "batch", "show", "1", "--json")
	var out batchOut
	if err := json.Unmarshal([]byte(r.stdout), &out); r.code != 0 || err != nil {
		t.Fatalf("show --json: exit %d, %v: %s", r.code, err, r.stderr)
	}
	if len(out.Summary) != 1 || out.Summary[0].PassHatN != 0.5 || out.Summary[0].Flaky != 1 {
		t.Errorf("summary %+v: want pass^3 0.5 (one case of two passed every repeat), 1 flaky", out.Summary)
	}
	classes := map[string]batch.Repeats{}
	for _, rep := range out.Repeats {
		classes[rep.Case] = rep
	}
	if f := classes["flaky"]; f.Class != batch.ClassFlaky || f.Runs != 3 || f.Passed != 2 || f.PassHatN != 0 {
		t.Errorf("flaky case %+v: want flaky, 2 of 3, pass^3 0", f)
	}
	if s := classes["steady"]; s.Class != batch.ClassPasses || s.PassHatN != 1 || len(s.Answers) != 1 || s.Answers[0].Count != 3 {
		t.Errorf("steady case %+v: want always passes, pass^3 1, 3× the same answer", s)
	}
	md := atelier(t, svc.Env, "", "batch", "export", "1", "--md").stdout
	if !strings.Contains(md, "- `alpha:m1`: flaky · 2 of 3 passed · 2× the same answer") || !strings.Contains(md, "| Pass^N | Flaky |") {
		t.Errorf("the report lacks the repeats:\n%s", md)
	}
	csv := atelier(t, svc.Env, "", "batch", "export", "1", "--csv").stdout
	if !strings.Contains(csv, ",case_class,pass_hat_n,") || strings.Count(csv, ",flaky,0.00,") != 3 || strings.Count(csv, ",always_passes,1.00,") != 3 {
		t.Errorf("the CSV lacks each cell's case class and pass^N:\n%s", csv)
	}
	text := atelier(t, svc.Env, "", "batch", "show", "1").stdout
	for _, want := range []string{"PASS^N", "FLAKY", "Repeats (3 per case and target): 1 always pass, 1 flaky, 0 always fail",
		"flaky · alpha:m1: flaky · 2 of 3 passed · 2× the same answer"} {
		if !strings.Contains(text, want) {
			t.Errorf("show lacks %q:\n%s", want, text)
		}
	}
}
