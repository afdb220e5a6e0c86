package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLabelFlags holds issue 33's labels on the command line (item 7): a
// --label on image and video submit is kept in the history and sent
// nowhere (the request is the one sent without it); a bad label is exit 2
// with nothing sent; the lists show and filter labels; `history label`
// sets and clears one later; a run from a recipe carries its label on.
func TestLabelFlags(t *testing.T) {
	t.Parallel()
	c := newCapture(t)
	home, out := t.TempDir(), t.TempDir()
	run := func(args ...string) result {
		t.Helper()
		return c.runHome(t, home, "", args...)
	}
	// body sends args twice, without and with the label, and returns the
	// two request bodies.
	bodies := func(args []string, label ...string) (string, string) {
		t.Helper()
		var got []string
		for _, extra := range [][]string{nil, label} {
			n := len(c.requests())
			if r := run(append(append([]string(nil), args...), extra...)...); r.code != 0 {
				t.Fatalf("atelier %s: exit %d %s", strings.Join(args, " "), r.code, r.stderr)
			}
			reqs := c.requests()[n:]
			if len(reqs) == 0 {
				t.Fatalf("atelier %s: nothing sent", strings.Join(args, " "))
			}
			var m map[string]any
			if err := json.Unmarshal(reqs[0].body, &m); err != nil {
				t.Fatal(err)
			}
			got = append(got, canonical(t, m))
		}
		return got[0], got[1]
	}
	image := []string{"image", "-m", "gamma/image-2", "-o", out, "a fox in snow"}
	if without, with := bodies(image, "--label", "  Foxes "); without != with {
		t.Errorf("image --label changed the request:\n%s\n%s", without, with)
	}
	video := []string{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves"}
	if without, with := bodies(video, "--label", "Ocean"); without != with {
		t.Errorf("video submit --label changed the request:\n%s\n%s", without, with)
	}

	sent := len(c.requests())
	for _, args := range [][]string{
		{"image", "-m", "gamma/image-2", "-o", out, "--label", strings.Repeat("x", 41), "a fox"},
		{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--label", "two\nlines"},
		{"video", "submit", "--from-image", "nowhere.png", "videoa/q3/image-to-video/turbo", "--label", " "},
		{"history", "list", "--label", "esc\x1b["},
	} {
		r := run(args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, "--label") || !strings.Contains(r.stderr, "label") {
			t.Errorf("atelier %q: exit %d %q; want exit 2 naming --label", args, r.code, r.stderr)
		}
	}
	if n := len(c.requests()); n != sent {
		t.Errorf("a bad label sent %d requests", n-sent)
	}

	r := run("history", "list", "--label", "FOXES")
	if !strings.Contains(r.stdout, "LABEL") || !strings.Contains(line(r.stdout, "image:2"), "Foxes") ||
		strings.Contains(r.stdout, "image:1") || strings.Contains(r.stdout, "video:") {
		t.Errorf("history list --label FOXES:\n%s", r.stdout)
	}
	r = run("video", "list", "--label", "ocean")
	if rows := strings.Split(strings.TrimSpace(r.stdout), "\n"); len(rows) != 2 || !strings.Contains(rows[0], "LABEL") ||
		!strings.Contains(rows[1], "Ocean") {
		t.Errorf("video list --label ocean:\n%s", r.stdout)
	}

	// Set later, shown by history show --json.
	if r := run("history", "label", "video:1", "Tides"); r.code != 0 {
		t.Fatalf("history label: exit %d %s", r.code, r.stderr)
	}
	var doc struct {
		VideoTask struct{ Label string } `json:"video_task"`
	}
	if r := run("history", "show", "video:1", "--json"); json.Unmarshal([]byte(r.stdout), &doc) != nil || doc.VideoTask.Label != "Tides" {
		t.Errorf("history show --json after labelling: %s", r.stdout)
	}
	if r := run("history", "label", "video:1", "a\tb"); r.code != exitUsage || !strings.Contains(r.stderr, "control") {
		t.Errorf("history label with a tab: exit %d %q", r.code, r.stderr)
	}
	if r := run("history", "label", "video:1", "--clear"); r.code != 0 {
		t.Fatalf("history label --clear: exit %d %s", r.code, r.stderr)
	}
	if r := run("video", "list"); strings.Contains(r.stdout, "Tides") {
		t.Errorf("the cleared label is still listed:\n%s", r.stdout)
	}

	// The image saved with --label carries it in its recipe: a run from
	// it is labelled alike unless --label says otherwise.
	files, _ := filepath.Glob(filepath.Join(out, "*"))
	var labelled string
	for _, f := range files {
		if b, _ := os.ReadFile(f); strings.Contains(string(b), `"label":"Foxes"`) {
			labelled = f
		}
	}
	if labelled == "" {
		t.Fatalf("no image written to %s carries the label in its recipe (%d files)", out, len(files))
	}
	if r := run("image", "--from", labelled, "-o", out); r.code != 0 {
		t.Fatalf("image --from: exit %d %s", r.code, r.stderr)
	}
	if r := run("history", "list", "--label", "foxes", "--kind", "image"); strings.Count(r.stdout, "Foxes") != 2 {
		t.Errorf("the run from the labelled recipe is not labelled:\n%s", r.stdout)
	}
}
