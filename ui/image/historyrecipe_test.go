package imagetab

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// TestRerunFromHistoryFillsTheForm: History's re-run of an image job puts
// its request back in the form, as the gallery's re-run does; with R, the
// request of the recipe in the job's file, which wins where it differs
// from the job's row.
func TestRerunFromHistoryFillsTheForm(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name  string
		rerun func(job store.ImageJob) tab.RerunMsg
		want  [2]string // the form's prompt and quality
	}{
		{"the job's row", func(job store.ImageJob) tab.RerunMsg {
			return tab.RerunMsg{To: tab.Image, Kind: store.KindImage, ID: job.ID, Model: job.Model, Prompt: job.Prompt}
		}, [2]string{"a blue kite", "low"}},
		{"its recipe", func(job store.ImageJob) tab.RerunMsg {
			return tab.RerunMsg{To: tab.Image, Kind: store.KindImage, ID: job.ID, Model: client.ImageModel2,
				Prompt: "a green kite", Endpoint: store.ImageGenerate, SettingsJSON: json.RawMessage(`{"multipart":false}`),
				BodyJSON: json.RawMessage(`{"model":"` + client.ImageModel2 + `","prompt":"a green kite","size":"256x256","quality":"high"}`)}
		}, [2]string{"a green kite", "high"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, nil)
			h.generateSmall("a blue kite")
			jobs := h.jobs()
			if len(jobs) != 1 {
				t.Fatalf("%d jobs", len(jobs))
			}
			h.set("prompt", "something else")
			h.Send(c.rerun(jobs[0]))
			s := h.m.form.spec()
			if s.Prompt != c.want[0] || s.Model != client.ImageModel2 || s.Quality != c.want[1] || s.Size != "256x256" {
				t.Fatalf("form %+v, want prompt %q and quality %q", s, c.want[0], c.want[1])
			}
		})
	}
}

// A recipe's field without a row (the seed that tells two variants apart
// in the strip) is kept when a run from History or the strip fills the
// form, and sent again.
func TestRerunFromARecipeKeepsItsSeed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.generateSmall("a blue kite")
	id := h.jobs()[0].ID
	h.Send(tab.RerunMsg{To: tab.Image, Kind: store.KindImage, ID: id, Model: client.ImageModel2, Prompt: "a blue kite",
		Endpoint: store.ImageGenerate, BodyJSON: json.RawMessage(`{"model":"` + client.ImageModel2 + `","prompt":"a blue kite","size":"256x256","seed":41}`)})
	if s := h.m.form.spec(); fmt.Sprint(s.Extra["seed"]) != "41" {
		t.Fatalf("form %+v, want the recipe's seed", s)
	}
	h.Keys("enter")
	if last := h.srv.all(); !strings.Contains(string(last[len(last)-1].body), `"seed":41`) {
		t.Fatalf("sent without the seed: %s", last[len(last)-1].body)
	}
}
