package batch

import (
	"encoding/json"
	"strings"
	"testing"

	"atelier/client/sim"
	"atelier/store"
	"atelier/store/price"
)

const rubricFile = `name = "graded"
targets = ["alpha:model-a"]
repeats = 1
[[prompts]]
name = "good"
text = "Capital of France?"
  [[prompts.checks]]
  rubric = "names Paris"
[[prompts]]
name = "bad"
text = "Capital of Peru?"
  [[prompts.checks]]
  rubric = "names Lima [[grade:fail]]"
  [[prompts.checks]]
  contains = "##"
[[prompts]]
name = "broken"
text = "Capital of Chile?"
  [[prompts.checks]]
  rubric = "names Santiago [[grade:malformed]]"
`

// rubric = "…" checks: the file's judge, else the one from Settings; no
// judge at all, an empty rubric, a judge that is no target, or a rubric
// in an image batch are refused, named.
func TestRubricChecksInTheFile(t *testing.T) {
	if _, err := Parse("g.toml", []byte(rubricFile), nil); err == nil ||
		!strings.Contains(err.Error(), "judge: a rubric check needs a judge") {
		t.Errorf("no judge: %v", err)
	}
	p, err := parse("g.toml", []byte(rubricFile), nil, ReadOptions{Judge: "beta:judge-model"})
	if err != nil || p.Judge != "beta:judge-model" || !p.HasRubric() {
		t.Fatalf("Settings' judge: %+v, %v", p, err)
	}
	if c := p.Cases[0].Checks[0]; c.Kind != CheckRubric || c.Arg != "names Paris" || c.String() != `rubric "names Paris"` {
		t.Errorf("rubric check %+v", c)
	}
	p, err = parse("g.toml", []byte("judge = \"alpha:the-judge\"\n"+rubricFile), nil, ReadOptions{Judge: "beta:judge-model"})
	if err != nil || p.Judge != "alpha:the-judge" {
		t.Errorf("the file's judge wins: %+v, %v", p, err)
	}
	for _, c := range []struct{ src, want string }{
		{"judge = \"delta:x\"\n" + rubricFile, "g.toml:1: judge: "},
		{strings.Replace(rubricFile, `rubric = "names Paris"`, `rubric = "  "`, 1), "prompts[0].checks[0].rubric: empty"},
		{"kind = \"image\"\ntargets = [\"gpt-image-1\"]\njudge = \"alpha:j\"\n[[prompts]]\ntext = \"x\"\n  [[prompts.checks]]\n  rubric = \"r\"\n",
			"an image batch checks only max_latency (got rubric)"},
	} {
		if _, err := parse("g.toml", []byte(c.src), nil, ReadOptions{Judge: "beta:judge-model"}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want %q, got %v", c.want, err)
		}
	}
	// The estimate counts the judge's grades.
	one := 1.0
	table := price.Table{"model-a": {Input: &one, Output: &one}, "judge-model": {Input: &one, Output: &one}}
	withJudge, _ := parse("g.toml", []byte(rubricFile), nil, ReadOptions{Judge: "beta:judge-model"})
	unpriced, _ := parse("g.toml", []byte(rubricFile), nil, ReadOptions{Judge: "beta:unpriced"})
	a, b := withJudge.Estimate(table), unpriced.Estimate(table)
	if a == nil || b == nil || *a <= *b {
		t.Errorf("estimate with a priced judge %v, without %v: want the judge's grades counted", a, b)
	}
}

// A batch with rubric checks against the simulator: the judge's pass and
// fail become the checks' results with the score and reason; a grade out
// of format fails the cell with the judge's error, never a pass; the
// judge's calls are recorded in the batch's own conversation.
func TestRubricRun(t *testing.T) {
	ctx := testCtx(t)
	c, _ := newSim(t, sim.Options{}, nil)
	db := openStore(t, t.TempDir())
	plan, err := parse("g.toml", []byte(rubricFile), nil, ReadOptions{Judge: "alpha:judge-model"})
	if err != nil {
		t.Fatal(err)
	}
	id, err := Create(ctx, db, plan, "g.toml")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Run(ctx, c, db, id, Options{}); err != nil {
		t.Fatal(err)
	}
	cells, err := db.BatchCells(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	results := func(c store.BatchCell) []CheckResult {
		var rs []CheckResult
		json.Unmarshal(c.ChecksJSON, &rs)
		return rs
	}
	good, bad, broken := cells[0], cells[1], cells[2]
	if rs := results(good); good.Status != store.CellDone || good.Passed == nil || !*good.Passed || len(rs) != 1 ||
		*rs[0].Score != 0.9 || rs[0].Check != `rubric "names Paris"` {
		t.Errorf("good: %s %v %+v: want a pass graded 0.9", good.Status, good.Passed, rs)
	}
	if rs := results(bad); bad.Status != store.CellDone || bad.Passed == nil || *bad.Passed || len(rs) != 2 ||
		rs[1].Pass || !strings.Contains(rs[1].Why, "score 0.20: the rubric's point is missing") {
		t.Errorf("bad: %s %v %+v: want the rubric failed with its score and reason", bad.Status, bad.Passed, rs)
	}
	if broken.Status != store.CellFailed || broken.Passed != nil || !strings.Contains(broken.Error, "judge alpha:judge-model: grade: want the final lines") {
		t.Errorf("broken: %s %v %q: want the cell failed with the judge's error", broken.Status, broken.Passed, broken.Error)
	}
	convs, err := db.Conversations(ctx, store.ConversationQuery{Batch: id})
	if err != nil {
		t.Fatal(err)
	}
	judged := false
	for _, cv := range convs {
		judged = judged || strings.HasPrefix(cv.Title, "batch graded: judge alpha:judge-model")
	}
	if !judged {
		t.Errorf("no judge conversation among %d", len(convs))
	}
}
