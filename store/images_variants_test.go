package store

import (
	"encoding/json"
	"testing"
)

// The strip of variants (issue 33): a job's lineage is every job of its
// prompt, the edits made from them and the jobs they were edited from,
// followed through each other's prompts; an unrelated prompt and a
// batch's cell of the same prompt stay out.
func TestImageVariants(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	first, firstFiles := addImage(t, s, "a lighthouse", 1) // 1
	again, _ := addImage(t, s, "a lighthouse", 1)          // 2: a re-run
	edit, editFiles := addImage(t, s, "add fog", 1, ImageInput{FileID: firstFiles[0]})
	fogAgain, _ := addImage(t, s, "add fog", 1) // 4: the edit's prompt again
	addImage(t, s, "unrelated", 1)
	night, _ := addImage(t, s, "make it night", 1, ImageInput{FileID: editFiles[0]}, ImageInput{Path: "in/mask.png", Role: "mask"})
	b := must[int64](t)(s.NewBatch(bg, "pics", "", json.RawMessage(`{}`), []CellKey{{Cell: 0}}))
	must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "a lighthouse", BatchID: b}))

	for _, from := range []int64{first, again, edit, fogAgain, night} {
		got := must[[]ImageJob](t)(s.ImageVariants(bg, from))
		if ids(got) != "1,2,3,4,6" {
			t.Fatalf("variants of %d: %s", from, ids(got))
		}
	}
	got := must[[]ImageJob](t)(s.ImageVariants(bg, night))
	if n := got[4]; len(n.Inputs) != 2 || n.Inputs[0].FileID != editFiles[0] || n.Inputs[1].Role != "mask" || len(n.Files) != 1 {
		t.Fatalf("the night edit came without its inputs or files: %+v", n)
	}
	if got[0].ID != first || got[1].ID != again || got[2].ID != edit {
		t.Fatalf("not oldest first: %s", ids(got))
	}
	if _, err := s.ImageVariants(bg, 99); err == nil {
		t.Fatal("the variants of a job that is not there")
	}
}
