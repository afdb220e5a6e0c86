package imagetab

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"atelier/client"
)

// models are the models the simulator was asked for, in order.
func (h *harness) models() []string {
	var out []string
	for _, r := range h.srv.all() {
		var body struct{ Model string }
		json.Unmarshal(r.body, &body)
		out = append(out, body.Model)
	}
	return out
}

func TestCompareRunsTheSamePromptSideBySide(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a paper crane").set(rowSize, "256x256").pick(rowQuality, "max").Keys("c")
	if h.m.area != pickerArea {
		t.Fatal("c did not open the model picker")
	}
	v := h.view()
	if !strings.Contains(h.line("gamma/image-2 "), `✗ quality: must be one of auto, low, medium, high`) {
		t.Errorf("the picker does not say image-2 would refuse max quality:\n%s", v)
	}
	if got := h.m.picker.picked(); len(got) != 3 {
		t.Fatalf("chosen at start %q", got)
	}
	h.Keys("space") // the cursor starts on image-2: drop it
	h.Keys("enter")

	got := h.models()
	slices.Sort(got)
	if strings.Join(got, " ") != "gamma/image-2.5-flare gamma/image-2.5-sunburst" {
		t.Fatalf("requests for %q", got)
	}
	sideBySide := regexp.MustCompile(`image-2\.5-flare · \d+\.\d s +image-2\.5-sunburst · \d+\.\d s`)
	if !sideBySide.MatchString(h.line("▸ image-2.5-flare · ")) {
		t.Errorf("the results are not side by side:\n%s", h.view())
	}
	if jobs := h.jobs(); len(jobs) != 2 || jobs[0].Prompt != jobs[1].Prompt || jobs[0].Model == jobs[1].Model {
		t.Fatalf("jobs %+v", jobs)
	}

	// r runs the comparison again, on the same models.
	h.Keys("r")
	if n := len(h.srv.all()); n != 4 {
		t.Errorf("%d requests after re-run, want 4", n)
	}
}

func TestCompareRefusesALaneThatBreaksItsModelsRules(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a lantern").set(rowSize, "256x256").pick(rowQuality, "xhigh").Keys("c", "enter")
	if got := h.models(); len(got) != 2 || slices.Contains(got, client.ImageModel2) {
		t.Fatalf("requests for %q", got)
	}
	if l := h.line("image-2 ·"); !strings.Contains(l, "image-2 · not sent") {
		t.Errorf("no refused tile for image-2:\n%s", h.view())
	}
	if !strings.Contains(h.view(), "✗ quality: must be one of") {
		t.Errorf("the refused tile does not say why:\n%s", h.view())
	}
}

func TestCompareNeedsTwoModels(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "x").to(rowQuality).Keys("c", "space", "down", "space", "enter")
	if n := h.Notices(); len(n) != 1 || n[0] != "choose 2 or 3 models" {
		t.Errorf("notices %q", n)
	}
	if len(h.srv.all()) != 0 {
		t.Error("something was sent")
	}
	h.Keys("esc")
	if h.m.area != formArea {
		t.Error("esc did not close the picker")
	}
}

func TestCompareTakesATypedModel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set(rowModel, "gamma/image-x").to(rowQuality).Keys("c")
	if h.m.picker.models[0] != "gamma/image-x" || !h.m.picker.chosen[0] {
		t.Errorf("picker %+v", h.m.picker)
	}
	h.Keys("down", "down", "down", "space")
	if n := h.Notices(); len(n) != 1 || n[0] != "at most 3 models at once" {
		t.Errorf("notices %q", n)
	}
}
