package store

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"testing"
)

// addImage runs a whole image job with n result files and returns its id
// and its files' ids.
func addImage(t testing.TB, s *Store, prompt string, n int, inputs ...ImageInput) (int64, []int64) {
	t.Helper()
	ep := ImageGenerate
	if len(inputs) > 0 {
		ep = ImageEdit
	}
	job := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Endpoint: ep, Model: "gamma/image-2.5-flare", Prompt: prompt,
		RequestJSON: json.RawMessage(`{"model":"gamma/image-2.5-flare","prompt":"` + prompt + `"}`), Inputs: inputs}))
	var ids []int64
	var data []string
	for i := range n {
		rel := must[string](t)(s.SaveMedia("img", "png", strings.NewReader("png bytes")))
		ids = append(ids, must[int64](t)(s.AddImageFile(bg, ImageFile{JobID: job, Index: i, Path: rel, MIME: "image/png",
			Width: 1024, Height: 1024, Bytes: 9})))
		data = append(data, `{"b64_json":"`+strings.Repeat("iVBO", 10000)+`"}`)
	}
	resp := `{"created":1,"data":[` + strings.Join(data, ",") + `],"usage":{"total_tokens":5}}`
	if err := s.FinishImageJob(bg, job, ImageJobEnd{ResponseJSON: json.RawMessage(resp), UsageJSON: json.RawMessage(`{"total_tokens":5}`)}); err != nil {
		t.Fatal(err)
	}
	return job, ids
}

func TestImageJobKeepsFilesNotBase64(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	job, _ := addImage(t, s, "a lighthouse in fog", 2)
	j := must[*ImageJob](t)(s.ImageJob(bg, job))
	if j.Status != StatusComplete || len(j.Files) != 2 {
		t.Fatalf("%+v", j)
	}
	resp := string(j.ResponseJSON)
	if strings.Contains(resp, "iVBOiVBO") {
		t.Fatal("base64 image stored in the database")
	}
	for _, f := range j.Files {
		if !strings.Contains(resp, `"`+ElidedFilePrefix+f.Path+`"`) {
			t.Fatalf("response does not refer to %s: %s", f.Path, resp)
		}
	}
	if !json.Valid(j.ResponseJSON) || !strings.Contains(resp, `"usage":{"total_tokens":5}`) {
		t.Fatalf("response damaged: %s", resp)
	}
}

func TestImageLineageAndDelete(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	gen, genFiles := addImage(t, s, "a lighthouse", 2)
	outside := must[string](t)(s.SaveMedia("in", "png", strings.NewReader("my photo")))
	edit1, edit1Files := addImage(t, s, "add fog", 1, ImageInput{FileID: genFiles[1]}, ImageInput{Path: outside, Role: "mask"})
	edit2, _ := addImage(t, s, "make it night", 1, ImageInput{FileID: edit1Files[0]})
	other, _ := addImage(t, s, "unrelated", 1)

	l := must[*Lineage](t)(s.ImageLineage(bg, edit2))
	if ids(l.Ancestors) != "1,2" || len(l.Descendants) != 0 {
		t.Fatalf("edit2 lineage: up %s down %s", ids(l.Ancestors), ids(l.Descendants))
	}
	l = must[*Lineage](t)(s.ImageLineage(bg, gen))
	if len(l.Ancestors) != 0 || ids(l.Descendants) != "2,3" {
		t.Fatalf("gen lineage: up %s down %s", ids(l.Ancestors), ids(l.Descendants))
	}
	j := must[*ImageJob](t)(s.ImageJob(bg, edit1))
	if len(j.Inputs) != 2 || j.Inputs[0].FileID != genFiles[1] || j.Inputs[1].Role != "mask" || j.Inputs[1].Path != outside {
		t.Fatalf("inputs %+v", j.Inputs)
	}
	if got := must[[]ImageJob](t)(s.ImageJobs(bg, ImageQuery{Limit: 2})); ids(got) != "4,3" || len(got[0].Files) != 1 {
		t.Fatalf("listing %s", ids(got))
	}

	paths := map[string]string{}
	for _, f := range j.Files {
		paths[f.Path] = must[string](t)(s.MediaPath(f.Path))
	}
	paths[outside] = must[string](t)(s.MediaPath(outside))
	if err := s.DeleteImageJob(bg, edit1); err != nil {
		t.Fatal(err)
	}
	for rel, abs := range paths {
		if _, err := os.Stat(abs); !os.IsNotExist(err) {
			t.Errorf("%s survived deleting its job", rel)
		}
	}
	// The later edit keeps its own files but loses its link.
	l = must[*Lineage](t)(s.ImageLineage(bg, edit2))
	if len(l.Ancestors) != 0 {
		t.Fatalf("lineage through a deleted job: %s", ids(l.Ancestors))
	}
	if _, err := s.ImageJob(bg, other); err != nil {
		t.Fatal(err)
	}
}

func TestImageJobEndStates(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	for _, tc := range []struct {
		err    error
		status string
	}{{context.Canceled, StatusInterrupted}, {os.ErrDeadlineExceeded, StatusError}} {
		id := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "p"}))
		if err := s.FinishImageJob(bg, id, ImageJobEnd{Err: tc.err}); err != nil {
			t.Fatal(err)
		}
		if j := must[*ImageJob](t)(s.ImageJob(bg, id)); j.Status != tc.status || j.Error == "" {
			t.Errorf("%v: %q %q", tc.err, j.Status, j.Error)
		}
	}
}

func TestRunningImageJobOfDeadWriterIsInterrupted(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := must[*Store](t)(Open(dir))
	id := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "p"}))
	mine := must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: "m", Prompt: "q"}))
	s.w.Exec(`UPDATE image_jobs SET writer_pid = ?, writer_start = 0 WHERE id = ?`, deadPID(t), id)
	s2 := must[*Store](t)(Open(dir))
	defer s2.Close()
	defer s.Close()
	if j := must[*ImageJob](t)(s2.ImageJob(bg, id)); j.Status != StatusInterrupted {
		t.Fatalf("dead writer's job: %q", j.Status)
	}
	if j := must[*ImageJob](t)(s2.ImageJob(bg, mine)); j.Status != StatusRunning {
		t.Fatalf("live writer's job: %q", j.Status)
	}
}

// ids lists jobs' ids, for compact assertions.
func ids(jobs []ImageJob) string {
	var out []string
	for _, j := range jobs {
		out = append(out, strconv.FormatInt(j.ID, 10))
	}
	return strings.Join(out, ",")
}
