package client

import (
	"slices"
	"strings"
	"testing"
)

// TestImageFieldsSayWhatValidateChecks holds the table forms show to the
// rules Validate applies: every listed value passes, one outside the list
// is refused, and the numeric bounds the docs name are the ones enforced.
func TestImageFieldsSayWhatValidateChecks(t *testing.T) {
	t.Parallel()
	base := func(model string) ImageRequest { return ImageRequest{Model: model, Prompt: "a kite"} }
	refused := func(r ImageRequest, field string) bool {
		return slices.ContainsFunc(Violations(r.Validate()), func(v *ValidationError) bool { return v.Field == field })
	}
	for _, model := range append(ImageModels(), "other/model") {
		fields := ImageFields(model)
		for _, f := range fields {
			if f.Enum != nil && f.Doc != strings.Join(f.Enum, " · ") {
				t.Errorf("%s %s: doc %q does not list its values", model, f.Name, f.Doc)
			}
		}
		q, _ := ImageFieldOf(model, "quality")
		b, _ := ImageFieldOf(model, "background")
		for _, v := range q.Enum {
			r := base(model)
			r.Quality = v
			if refused(r, "quality") {
				t.Errorf("%s: quality %q is listed but refused", model, v)
			}
		}
		for _, v := range b.Enum {
			r := base(model)
			r.Background = v
			if refused(r, "background") {
				t.Errorf("%s: background %q is listed but refused", model, v)
			}
		}
		r := base(model)
		r.Quality, r.Background = "nope", "nope"
		if (q.Enum != nil) != refused(r, "quality") || (b.Enum != nil) != refused(r, "background") {
			t.Errorf("%s: a value outside the lists: quality refused %v (listed %v), background refused %v (listed %v)",
				model, refused(r, "quality"), q.Enum != nil, refused(r, "background"), b.Enum != nil)
		}
		if _, known := ImageSpec(model); known != (q.Enum != nil) {
			t.Errorf("%s: quality listed %v for a known model %v", model, q.Enum != nil, known)
		}
	}
	if n, _ := ImageFieldOf(ImageModel2, "n"); n.Doc != "how many images, 1 or more" {
		t.Errorf("n doc %q", n.Doc)
	}
	r := base(ImageModel2)
	r.N = -1 // 0 is "unset" on the wire
	if !refused(r, "n") {
		t.Error("n below the minimum passes")
	}
	c, _ := ImageFieldOf(ImageModel2, "output_compression")
	if c.Doc != "0–100, jpeg or webp only" {
		t.Errorf("compression doc %q", c.Doc)
	}
	for _, tc := range []struct {
		format string
		n      int
		bad    bool
	}{{"jpeg", 100, false}, {"webp", 0, false}, {"jpeg", 101, true}, {"webp", -1, true}, {"png", 50, true}} {
		r := base(ImageModel2)
		r.OutputFormat, r.OutputCompression = tc.format, &tc.n
		if refused(r, "output_compression") != tc.bad {
			t.Errorf("compression %d with %s: refused %v", tc.n, tc.format, !tc.bad)
		}
	}
	p := imagePartialsMin - 1
	r = base(ImageModel2)
	r.PartialImages = &p
	if !refused(r, "partial_images") {
		t.Error("partial_images below the minimum passes")
	}
	if f, _ := ImageFieldOf(ImageModel25Flare, "images"); !strings.HasSuffix(f.Doc, "up to 16") {
		t.Errorf("images doc %q", f.Doc)
	}
	if _, ok := ImageFieldOf(ImageModel2, "nope"); ok {
		t.Error("a field that is not in the table was found")
	}
}
