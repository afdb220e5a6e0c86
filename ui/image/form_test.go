package imagetab

import (
	"slices"
	"strings"
	"testing"

	"atelier/client"
)

func TestViolationsShowBesideTheirFieldsAndNothingIsSent(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	if strings.Contains(h.view(), "✗") {
		t.Fatalf("an empty form starts out flagged:\n%s", h.view())
	}
	h.pick(rowQuality, "xhigh")
	// Down on the model goes to the next listed model; up back past the
	// start wraps to the last. From 2.5-flare, up is image-2.
	h.to(rowModel).Keys("up")
	if got := h.m.form.spec().Model; got != client.ImageModel2 {
		t.Fatalf("model %q", got)
	}
	if l := h.line("quality"); !strings.Contains(l, `✗ must be one of auto, low, medium, high`) {
		t.Errorf("quality line: %q", l)
	}
	h.set(rowCompression, "50").set(rowN, "-2").set(rowSize, "100x100").to(rowStream).Keys("space")
	h.Keys("enter")

	if n := len(h.srv.all()); n != 0 {
		t.Fatalf("%d requests sent", n)
	}
	if h.m.page.run != nil || len(h.jobs()) != 0 {
		t.Fatal("a refused request started a run or was recorded")
	}
	for label, want := range map[string]string{
		"prompt":      "✗ is required",
		"quality":     "✗ must be one of auto, low, medium, high",
		"compression": "✗ only with output_format jpeg or webp",
		"  n  ":       "✗ must be at least 1",
	} {
		if l := h.line(label); !strings.Contains(l, want) {
			t.Errorf("%s line lacks %q: %q", label, want, l)
		}
	}
	if h.m.form.row() != "prompt" {
		t.Errorf("the cursor is on %s, not the first problem", h.m.form.row())
	}

	// Fixing every field lets it go.
	h.set("prompt", "a fox").pick(rowQuality, "high").pick(rowFormat, "jpeg").set(rowN, "").set(rowSize, "256x256")
	h.to(rowStream).Keys("space").Keys("enter")
	if n := len(h.srv.all()); n != 1 {
		t.Fatalf("%d requests after fixing the form:\n%s", n, h.view())
	}
}

func TestChoicesFollowTheModel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set(rowModel, client.ImageModel2)
	if got := h.m.form.fields.Line(rowQuality); !strings.Contains(got, "auto · low · medium · high") || strings.Contains(got, "xhigh") {
		t.Errorf("image-2 qualities %q", got)
	}
	h.set(rowModel, client.ImageModel25Sunburst)
	if got := h.m.form.fields.Line(rowQuality); !strings.Contains(got, "xhigh · max") {
		t.Errorf("2.5 qualities %q", got)
	}
	// Any model name can be typed; only the rules for every model apply.
	h.set(rowModel, "gamma/image-9").pick(rowQuality, "max")
	if strings.Contains(h.line("quality"), "✗") {
		t.Errorf("an unlisted model's quality was checked: %q", h.line("quality"))
	}
}

func TestNumberFieldsStep(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.to(rowN).Keys("up", "up", "up")
	if got := h.m.form.fields.Text(rowN); got != "1" {
		t.Errorf("n went to %q, want 1 at the least", got)
	}
	h.Keys("down", "down")
	if got := h.m.form.fields.Text(rowN); got != "3" {
		t.Errorf("n %q", got)
	}
	h.set(rowN, "two")
	if l := h.line(" n    "); !strings.Contains(l, "must be a whole number") {
		t.Errorf("n line %q", l)
	}
}

func TestFocusedOnlyWhileTyping(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	if !h.m.Focused() {
		t.Error("the prompt does not have the keyboard at start")
	}
	h.to(rowQuality)
	if h.m.Focused() {
		t.Error("a choice field takes text")
	}
	h.to(rowImages).Keys("a")
	if !h.m.Focused() {
		t.Error("the path prompt does not take text")
	}
	h.Keys("esc")
	if h.m.Focused() || len(h.m.form.spec().Inputs) != 0 || slices.Contains(h.m.form.fields.Paths(), "images[0]") {
		t.Errorf("esc left the new input image: %q", h.m.form.fields.Paths())
	}
}

// TestRuleIsWhole: the rule of the field with the cursor wraps beside it
// rather than being cut at a narrow width (issue 19: "≥ 1024, ‹…").
func TestRuleIsWhole(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.SetSize(76, 20)
	if v := strings.Join(strings.Fields(h.view()), " "); !strings.Contains(v, "ctrl+o editor · ctrl+j new line") {
		t.Errorf("the prompt's rule is cut:\n%s", h.view())
	}
}
