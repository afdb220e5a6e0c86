package imagetab

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestGoldenStrip compares the gallery's strip of variants with
// testdata/TestGoldenStrip/*.golden at 80×24 and 120×40 (half blocks, 256
// colours): seven jobs of one prompt — seeds, a size, a model, an edit of
// the first, a re-run, a failure — the cursor on the fourth; at 80
// columns fewer tiles show and the rest scroll. Run `go test ./ui/image
// -run TestGolden -update` after a deliberate change and look at them.
func TestGoldenStrip(t *testing.T) {
	t.Parallel()
	db := tabtest.OpenStore(t, "")
	bg := context.Background()
	const prompt = "a paper crane on a windowsill"
	body := func(model, extra string) string {
		return `{"model":"` + model + `","prompt":"` + prompt + `","size":"1024x1024"` + extra + `}`
	}
	var ids []int64
	add := func(model, req string, shade int, inputs ...store.ImageInput) {
		ids = append(ids, stripJob(t, db, model, prompt, req, shade, inputs...))
	}
	add(client.ImageModel2, body(client.ImageModel2, `,"seed":1`), 0)
	add(client.ImageModel2, body(client.ImageModel2, `,"seed":2`), 1)
	add(client.ImageModel2, `{"model":"`+client.ImageModel2+`","prompt":"`+prompt+`","size":"1536x1024","seed":2}`, 2)
	add(client.ImageModel25Flare, body(client.ImageModel25Flare, `,"seed":2`), 3)
	first := tabtest.Must[*store.ImageJob](t)(db.ImageJob(bg, ids[0]))
	add(client.ImageModel2, `{"model":"`+client.ImageModel2+`","prompt":"add a red boat"}`, 4, store.ImageInput{FileID: first.Files[0].ID})
	add(client.ImageModel25Flare, body(client.ImageModel25Flare, `,"seed":2`), 5)
	failed := tabtest.Must[int64](t)(db.AddImageJob(bg, store.ImageJobStart{Model: client.ImageModel2, Prompt: prompt,
		RequestJSON: json.RawMessage(body(client.ImageModel2, `,"seed":3`))}))
	if err := db.FinishImageJob(bg, failed, store.ImageJobEnd{Err: fmt.Errorf("content policy")}); err != nil {
		t.Fatal(err)
	}
	ids = append(ids, failed)
	pinJobTimes(t, db, ids)

	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		t.Run(fmt.Sprintf("strip_%dx%d", size[0], size[1]), func(t *testing.T) {
			m := New(Options{Store: db, Images: imageview.Capabilities{Override: imageview.ProtocolHalfBlock},
				Getenv: func(string) string { return "" }})
			m.SetSize(size[0]-4, size[1]-4) // the shell's frame
			m = drive(t, m, func(m Model) (Model, tea.Cmd) { return m.openGallery() })
			m.gallery.jobs.Select(strconv.FormatInt(ids[3], 10))
			m = drive(t, m, func(m Model) (Model, tea.Cmd) { return m.openStrip() })
			golden.RequireEqual(t, mediaNames.ReplaceAllString(tabtest.In256Colours(m.View()), "media/YYYY-MM-DD/image-xxxx"))
		})
	}
}

var mediaNames = regexp.MustCompile(`media/\d{4}-\d{2}-\d{2}/image-[0-9a-f]+`)

// drive runs do and every answer to its commands addressed to the tab.
func drive(t *testing.T, m Model, do func(Model) (Model, tea.Cmd)) Model {
	t.Helper()
	m, cmd := do(m)
	var shell []tea.Msg
	for queue := tabtest.Results(t, tab.Image, cmd, &shell); len(queue) > 0; {
		msg := queue[0]
		m, cmd = m.Update(msg)
		queue = append(queue[1:], tabtest.Results(t, tab.Image, cmd, &shell)...)
	}
	return m
}

// stripJob records a finished job with one image, shaded to tell it.
func stripJob(t *testing.T, db *store.Store, model, prompt, req string, shade int, inputs ...store.ImageInput) int64 {
	t.Helper()
	ep := store.ImageGenerate
	if len(inputs) > 0 {
		ep = store.ImageEdit
	}
	bg := context.Background()
	id := tabtest.Must[int64](t)(db.AddImageJob(bg, store.ImageJobStart{Endpoint: ep, Model: model, Prompt: prompt,
		RequestJSON: json.RawMessage(req), Inputs: inputs}))
	img := scene(48, 48, shade%3)
	rel, _, err := db.SaveImage(bg, id, "png", tabtest.EncodePNG(t, img))
	if err != nil {
		t.Fatal(err)
	}
	tabtest.Must[int64](t)(db.AddImageFile(bg, store.ImageFile{JobID: id, Path: rel, MIME: "image/png", Width: 1024, Height: 1024}))
	if err := db.FinishImageJob(bg, id, store.ImageJobEnd{Total: 3 * time.Second}); err != nil {
		t.Fatal(err)
	}
	return id
}

// pinJobTimes sets the jobs' times a minute apart, so the view reads the
// same on every run.
func pinJobTimes(t *testing.T, db *store.Store, ids []int64) {
	t.Helper()
	conn, err := sql.Open("sqlite", db.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	t0 := time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)
	for i, id := range ids {
		at := t0.Add(time.Duration(i) * time.Minute).UnixMilli()
		if _, err := conn.Exec(`UPDATE image_jobs SET created_at = ?, updated_at = ? WHERE id = ?`, at, at, id); err != nil {
			t.Fatal(err)
		}
	}
}
