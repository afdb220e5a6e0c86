package e2e

import (
	"atelier/client/sim/simtest"
	"encoding/json"
	"strings"
	"testing"
)

func TestCompareCommand(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	r := atelier(t, svc.Env, "", "compare", "-t", "alpha:m1", "-t", "beta:m2:temperature=0.5", "-t", "gamma:m3", "--json", "explain CRDTs")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var lanes []laneOut
	if err := json.Unmarshal([]byte(r.stdout), &lanes); err != nil || len(lanes) != 3 {
		t.Fatalf("%v: %s", err, r.stdout)
	}
	for _, l := range lanes {
		if l.Text+"\n" != simtest.Printed("explain CRDTs") || l.Output == 0 || l.Stop == "" || l.Error != "" {
			t.Errorf("%s: %+v", l.Target, l)
		}
	}
	// One target failing hard, one retried after a 429: the others are not
	// held back, the failure is reported, the exit status is 1.
	r = atelier(t, svc.Env, "", "compare", "-t", "alpha:m1", "-t", "beta:m2:set_fault=1", "-t", "gamma:m3",
		"hi [[fault:429x1]]")
	if r.code != 0 {
		t.Fatalf("429 then success: exit %d %s", r.code, r.stderr)
	}
	r = atelier(t, svc.Env, "", "compare", "-t", "alpha:m1", "-t", "gamma:m3:temperature=5", "--summary", "x")
	if r.code != 2 || !strings.Contains(r.stderr, "temperature") {
		t.Fatalf("invalid target: exit %d %s", r.code, r.stderr)
	}
	// A sweep: the summary names each target as given, settings and all.
	r = atelier(t, svc.Env, "", "compare", "-t", "alpha:m1:temperature=0", "-t", "alpha:m1:temperature=1", "--summary", "x")
	if r.code != 0 || !strings.Contains(r.stdout, "alpha:m1:temperature=0 ") || !strings.Contains(r.stdout, "alpha:m1:temperature=1 ") {
		t.Fatalf("sweep: exit %d, the rows do not tell the targets apart:\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = atelier(t, svc.Env, "", "compare", "-t", "alpha:m1", "x")
	if r.code != 2 {
		t.Fatalf("one target: exit %d", r.code)
	}
	// A compare is recorded with its lanes.
	list := atelier(t, svc.Env, "", "history", "list", "--kind", "compare")
	if !strings.Contains(list.stdout, "compare:1") {
		t.Fatalf("history: %s", list.stdout)
	}
	show := atelier(t, svc.Env, "", "history", "show", "compare:1")
	for _, want := range []string{"alpha", "beta", "gamma", "explain CRDTs"} {
		if !strings.Contains(show.stdout, want) {
			t.Errorf("show lacks %q", want)
		}
	}
}

func TestCompareOneTargetFailsHard(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	// Per-group headers reach the simulator's fault switch: beta fails.
	env := svc.WithConfig(t, "[headers.beta]\nX-Sim-Fault = \"500\"\n")
	r := atelier(t, env, "", "compare", "-t", "alpha:m1", "-t", "beta:m2", "-t", "gamma:m3", "--json", "hello")
	if r.code != 1 || !strings.Contains(r.stderr, "1 of 3 targets failed") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var lanes []laneOut
	if err := json.Unmarshal([]byte(r.stdout), &lanes); err != nil {
		t.Fatal(err)
	}
	if lanes[0].Error != "" || lanes[2].Error != "" || !strings.Contains(lanes[1].Error, "500") || lanes[0].Text == "" {
		t.Fatalf("%+v", lanes)
	}
}
