package video

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/client/sim"
)

// TestFormForEveryEndpoint opens the form of each of the 16 endpoints from
// the chooser and finds every field of the table in it, with its rule
// beside it; an object list's item fields show once an item is added.
func TestFormForEveryEndpoint(t *testing.T) {
	eps := client.VideoEndpoints()
	if len(eps) != 16 {
		t.Fatalf("%d endpoints", len(eps))
	}
	for _, e := range eps {
		t.Run(e.Path, func(t *testing.T) {
			h := newHarness(t, Options{})
			h.m.SetSize(240, 200)
			h.endpoint(e.Path)
			if h.m.form.ep.Path != e.Path {
				t.Fatalf("form for %s", h.m.form.ep.Path)
			}
			if len(e.Modes) > 0 && !strings.Contains(h.line("mode"), strings.Join(e.Modes, " | ")) {
				t.Errorf("mode row %q", h.line("mode"))
			}
			for _, f := range e.Fields {
				requireRow(t, h, f.Name, f)
				if f.Kind != client.VideoObjectList {
					continue
				}
				h.to(f.Name).Keys("ctrl+n")
				for _, it := range f.Items {
					requireRow(t, h, f.Name+"[0]."+it.Name, it)
				}
			}
			if e.Webhook != strings.Contains(h.view(), "webhook") {
				t.Errorf("webhook row shown: %v, want %v", !e.Webhook, e.Webhook)
			}
			for _, d := range e.RuleDocs() {
				if !strings.Contains(h.view(), d) {
					t.Errorf("the rule %q is not shown", d)
				}
			}
		})
	}
}

// requireRow finds the row of path and its line on screen, with the
// field's name and rule.
func requireRow(t *testing.T, h *harness, path string, f client.VideoField) {
	t.Helper()
	if line := ansi.Strip(h.m.form.Line(path)); line != "" {
		if !strings.Contains(line, f.Name) || !strings.Contains(line, f.Doc) {
			t.Errorf("row %s lacks its name or rule %q:\n%s", path, f.Doc, line)
		}
		return
	}
	t.Errorf("no row for %s:\n%s", path, h.view())
}

// TestKindsAreSentAsTheirTypes fills each kind of field and checks the body
// the form would send.
func TestKindsAreSentAsTheirTypes(t *testing.T) {
	h := newHarness(t, Options{})
	h.endpoint("videob/o3/{mode}/text-to-video")
	h.to("mode").Keys("space") // standard → pro
	h.to("duration").Type("8")
	h.to("aspect_ratio").Keys("space", "space") // unset → 16:9 → 9:16
	h.to("generate_audio").Keys("space")        // unset → true
	h.to("multi_prompt").Keys("ctrl+n").Type("2").Keys("down").Type("the coast").Keys("down").Type("4")
	h.to("multi_prompt").Keys("ctrl+n").Keys("down").Type("the lighthouse").Keys("down").Type("3")
	h.to("shot_type").Keys("space")
	got := h.m.form.request(nil)
	want := map[string]any{
		"duration": json.Number("8"), "aspect_ratio": "9:16", "generate_audio": true, "shot_type": "customize",
		"multi_prompt": []any{
			map[string]any{"index": json.Number("2"), "prompt": "the coast", "duration": "4"},
			map[string]any{"prompt": "the lighthouse", "duration": "3"},
		},
	}
	if got.Path != "videob/o3/pro/text-to-video" || !reflect.DeepEqual(got.Body, want) {
		t.Errorf("request %s\n%#v\nwant\n%#v", got.Path, got.Body, want)
	}
	if h.m.form.Count() != 0 {
		t.Errorf("problems %v", h.m.form.Problems())
	}
}

// TestListEditors adds and removes items, nested lists included.
func TestListEditors(t *testing.T) {
	h := newHarness(t, Options{})
	h.endpoint("videoa/q1/reference-to-video")
	h.to("prompt").Type("@cat waves")
	h.to("subjects").Keys("ctrl+n").Type("cat")
	h.to("subjects[0].images").Keys("ctrl+n").Type("https://example.org/a.png")
	h.Keys("ctrl+n").Type("https://example.org/b.png")
	h.Keys("ctrl+n").Type("https://example.org/c.png")
	h.to("subjects[0].images[1]").Keys("ctrl+x")
	body := h.m.form.Body(nil)
	want := []any{map[string]any{"id": "cat", "voice_id": "", "images": []any{"https://example.org/a.png", "https://example.org/c.png"}}}
	if !reflect.DeepEqual(body["subjects"], want) {
		t.Fatalf("subjects %#v", body["subjects"])
	}
	if h.m.form.Path() != "subjects[0].images[1]" {
		t.Errorf("focus after removal on %s", h.m.form.Path())
	}
	if h.m.form.Count() != 0 {
		t.Errorf("problems %v", h.m.form.Problems())
	}
	h.to("subjects[0].id").Keys("ctrl+x") // removes the whole subject
	if _, ok := h.m.form.Body(nil)["subjects"]; ok {
		t.Error("the subject is still sent")
	}
	if p := ansi.Strip(h.m.form.Detail()); !strings.Contains(p, "is required") {
		t.Errorf("an empty required list: %q", p)
	}
}

// TestViolationsShowBesideFields: a value out of range shows in red beside
// its field as it is typed; a missing required field shows once a submit
// is tried; and nothing is sent.
func TestViolationsShowBesideFields(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videob/o3/{mode}/image-to-video")
	if strings.Contains(h.view(), "✗") {
		t.Fatalf("problems show before anything is typed:\n%s", h.view())
	}
	h.to("duration").Type("20")
	if l := h.line("duration"); !strings.Contains(l, `✗ must be between 3 and 15 (got "20")`) {
		t.Errorf("duration line %q", l)
	}
	h.to("image_url").Type("ftp://example.org/x.png")
	h.to("duration").Keys("enter")
	for field, want := range map[string]string{
		"prompt":    "✗ is required (or multi_prompt)",
		"image_url": "✗ must be an http(s) URL",
		"duration":  "✗ must be between 3 and 15",
	} {
		if l := h.line(field); !strings.Contains(l, want) {
			t.Errorf("%s line %q, want %q", field, l, want)
		}
	}
	if w := h.Warnings(); len(w) != 1 || w[0] != "not sent: prompt: is required (or multi_prompt) (and 2 more problems)" {
		t.Errorf("warnings %q", w)
	}
	if h.m.form.Path() != "prompt" {
		t.Errorf("focus on %s, want the first problem", h.m.form.Path())
	}
	if n := len(r.submissions()); n != 0 {
		t.Errorf("%d submissions sent", n)
	}
}
