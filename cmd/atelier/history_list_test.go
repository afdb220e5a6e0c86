package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"atelier/store"
)

// TestHistoryCommandsWalk holds the command-line bullets of issue 30's
// walk (item 8): an item not in the history is named as such, not as an
// export's failure; a search lists a comparison once, not once per lane;
// a search and a list name a comparison by all its targets; a list says
// when more items follow and pages to them; STATUS speaks one vocabulary.
func TestHistoryCommandsWalk(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	run := c.runner(t, t.TempDir())
	for _, p := range []string{"kites one", "kites two"} {
		if r := run("chat", "-p", "alpha", "-m", "m1", p); r.code != 0 {
			t.Fatalf("chat: %s", r.stderr)
		}
	}
	if r := run("chat", "-p", "alpha", "-m", "m1", "kites cut [[long]] [[fault:cut]]"); r.code != 1 {
		t.Fatalf("cut chat: exit %d %s", r.code, r.stderr)
	}
	if r := run("compare", "-t", "alpha:m1", "-t", "beta:m2", "-t", "gamma:m3", "kites compared"); r.code != 0 {
		t.Fatalf("compare: %s", r.stderr)
	}

	for _, cmd := range []string{"show", "export"} {
		r := run("history", cmd, "chat:99999")
		if r.code != exitUsage || !strings.Contains(r.stderr, "chat:99999: no such item in the history") || strings.Contains(r.stderr, "export chat") {
			t.Errorf("history %s chat:99999: exit %d, %q", cmd, r.code, r.stderr)
		}
	}

	r := run("history", "search", "kites")
	if n := strings.Count(r.stdout, "compare:4"); n != 1 {
		t.Errorf("search lists the comparison %d times:\n%s", n, r.stdout)
	}
	if strings.Contains(r.stdout, "##") {
		t.Errorf("search shows raw markdown:\n%s", r.stdout)
	}
	if row := line(r.stdout, "compare:4"); !strings.Contains(row, "m1,m2,m3") {
		t.Errorf("search names the comparison by the lane it matched in, not all its targets: %q", row)
	}

	r = run("history", "list", "--limit", "2")
	if !strings.Contains(r.stderr, "2 items shown; more follow: --page 2") || strings.Count(r.stdout, "\n") != 3 {
		t.Fatalf("a full page does not say more follow: %q\n%s", r.stderr, r.stdout)
	}
	if row := line(r.stdout, "compare:4"); !strings.Contains(row, "alpha,beta,gamma") || !strings.Contains(row, "m1,m2,m3") {
		t.Errorf("the comparison is not named by all its targets: %q", row)
	}
	next := run("history", "list", "--limit", "2", "--page", "2")
	if next.stderr != "" || !strings.Contains(next.stdout, "chat:2") || !strings.Contains(next.stdout, "chat:1") || strings.Contains(next.stdout, "compare:4") {
		t.Errorf("page 2: %q\n%s", next.stderr, next.stdout)
	}

	var items []store.Item
	r = run("history", "list", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &items); err != nil || len(items) != 4 {
		t.Fatalf("list --json: %v %s", err, r.stdout)
	}
	for _, it := range items {
		if !slices.Contains(store.StatusWords, it.Status) {
			t.Errorf("%s:%d: status %q is outside %v", it.Kind, it.ID, it.Status, store.StatusWords)
		}
	}
	if st := items[1].Status; items[1].ID != 3 || st != store.WordInterrupted && st != store.WordFailed {
		t.Errorf("the cut chat is listed %q", st)
	}
	r = run("history", "list", "--status", "complete")
	if strings.Contains(r.stdout, "chat:3") || !strings.Contains(r.stdout, "chat:1") {
		t.Errorf("--status complete:\n%s", r.stdout)
	}
}

// line is the line of s that holds sub.
func line(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
