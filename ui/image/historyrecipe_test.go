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

// TestRerunFromARecipeFillsTheForm: History's R sends the request of the
// recipe in a job's file; where it differs from the job's row, the form
// takes the recipe's.
func TestRerunFromARecipeFillsTheForm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.generateSmall("a blue kite")
	jobs := h.jobs()
	if len(jobs) != 1 {
		t.Fatalf("%d jobs", len(jobs))
	}
	h.set("prompt", "something else")
	h.Send(tab.RerunMsg{To: tab.Image, Kind: store.KindImage, ID: jobs[0].ID, Model: client.ImageModel2,
		Prompt: "a green kite", Endpoint: store.ImageGenerate, SettingsJSON: json.RawMessage(`{"multipart":false}`),
		BodyJSON: json.RawMessage(`{"model":"` + client.ImageModel2 + `","prompt":"a green kite","size":"256x256","quality":"high"}`)})
	s := h.m.form.spec()
	if s.Prompt != "a green kite" || s.Model != client.ImageModel2 || s.Quality != "high" || s.Size != "256x256" {
		t.Fatalf("form %+v, want the recipe's prompt and quality", s)
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
		Endpoint: store.ImageGenerate, BodyJSON: json.RawMessage(`{"model":"` + client.ImageModel2 + `","prompt":"a blue kite","seed":41}`)})
	if s := h.m.form.spec(); fmt.Sprint(s.Extra["seed"]) != "41" {
		t.Fatalf("form %+v, want the recipe's seed", s)
	}
	h.Keys("enter")
	if last := h.srv.all(); !strings.Contains(string(last[len(last)-1].body), `"seed":41`) {
		t.Fatalf("sent without the seed: %s", last[len(last)-1].body)
	}
}
