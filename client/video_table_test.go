package client

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// videoMinimal holds a smallest valid body for every endpoint of the table.
var videoMinimal = map[string]map[string]any{
	"videoa/q1/text-to-video": {"prompt": "a cat on a wall"},
	"videoa/q1/reference-to-video": {"prompt": "@cat jumps", "subjects": []any{
		map[string]any{"id": "cat", "images": []any{"https://media.example/cat.png"}, "voice_id": ""}}},
	"videoa/q1/image-to-video":                  {"prompt": "it moves", "image_url": "https://media.example/a.png"},
	"videoa/q1/start-end-to-video":              {"prompt": "morph", "start_image_url": "https://media.example/a.png", "end_image_url": "https://media.example/b.png"},
	"videoa/q3/reference-to-video/turbo":        {"prompt": "a walk", "reference_image_urls": []any{"https://media.example/r.png"}},
	"videoa/q3/image-to-video/turbo":            {"image_url": "https://media.example/a.png"},
	"videoa/q3/text-to-video/turbo":             {"prompt": "waves"},
	"videoa/q3/start-end-to-video/turbo":        {"start_image_url": "https://media.example/a.png", "end_image_url": "https://media.example/b.png"},
	"videob/o3/{mode}/text-to-video":            {"prompt": "a lighthouse"},
	"videob/o3/{mode}/image-to-video":           {"prompt": "the beam sweeps", "image_url": "https://media.example/l.png"},
	"videob/o3/{mode}/reference-to-video":       {"prompt": "@Image1 walks"},
	"videob/o3/{mode}/video-to-video/reference": {"prompt": "in this style", "video_url": "https://media.example/v.mp4"},
	"videob/o3/{mode}/video-to-video/edit":      {"prompt": "make it night", "video_url": "https://media.example/v.mp4"},
	"videoc3.1/fast":                            {"prompt": "rain on glass"},
	"videoc3.1/fast/first-last-frame-to-video":  {"prompt": "dawn to dusk", "first_frame_url": "https://media.example/a.png", "last_frame_url": "https://media.example/b.png"},
	"videoc3.1/fast/image-to-video":             {"prompt": "it breathes", "image_url": "https://media.example/a.png"},
}

func TestVideoEndpointsTable(t *testing.T) {
	t.Parallel()
	eps := VideoEndpoints()
	if len(eps) != 16 {
		t.Fatalf("%d endpoints, want 16", len(eps))
	}
	wantReply := map[string]VideoReplyForm{
		"videoa/q1/text-to-video": VideoFormA, "videoa/q1/reference-to-video": VideoFormA,
		"videoa/q1/image-to-video": VideoFormA, "videoa/q1/start-end-to-video": VideoFormA,
		"videoa/q3/reference-to-video/turbo": VideoFormA2, "videoa/q3/image-to-video/turbo": VideoFormA,
		"videoa/q3/text-to-video/turbo": VideoFormA, "videoa/q3/start-end-to-video/turbo": VideoFormA,
		"videob/o3/{mode}/text-to-video": VideoFormB, "videob/o3/{mode}/image-to-video": VideoFormB,
		"videob/o3/{mode}/reference-to-video": VideoFormB, "videob/o3/{mode}/video-to-video/reference": VideoFormB,
		"videob/o3/{mode}/video-to-video/edit": VideoFormB, "videoc3.1/fast": VideoFormC,
		"videoc3.1/fast/first-last-frame-to-video": VideoFormC, "videoc3.1/fast/image-to-video": VideoFormC,
	}
	seen := map[string]bool{}
	for i, e := range eps {
		if seen[e.Path] {
			t.Errorf("path %s twice", e.Path)
		}
		seen[e.Path] = true
		if got, ok := wantReply[e.Path]; !ok || got != e.Reply {
			t.Errorf("%s: reply form %v, want %v", e.Path, e.Reply, got)
		}
		if _, ok := e.Field("prompt"); !ok {
			t.Errorf("%s: no prompt field", e.Path)
		}
		if _, ok := videoMinimal[e.Path]; !ok {
			t.Errorf("%s: no minimal body in the tests", e.Path)
		}
		noHook := e.Path == "videoa/q1/image-to-video" || e.Path == "videoa/q1/start-end-to-video"
		if e.Webhook == noHook {
			t.Errorf("%s: Webhook %v", e.Path, e.Webhook)
		}
		if strings.Contains(e.Path, "{mode}") != (e.Modes != nil) {
			t.Errorf("%s: modes %v", e.Path, e.Modes)
		}
		if want := strings.Join([]string{e.Family, e.Model}, "/"); !strings.HasPrefix(e.Path, want+"/") && e.Path != want {
			t.Errorf("%s: family/model %s", e.Path, want)
		}
		if i > 0 && e.Path == eps[i-1].Path {
			t.Errorf("order: %s", e.Path)
		}
		for _, f := range e.Fields {
			if f.Doc == "" || f.Kind == 0 {
				t.Errorf("%s.%s: doc %q kind %v", e.Path, f.Name, f.Doc, f.Kind)
			}
		}
	}
	// The table is data a caller may change: each call is a fresh copy.
	eps[0].Fields[0].MaxLen = 1
	if f, _ := VideoEndpoints()[0].Field("prompt"); f.MaxLen != 2000 {
		t.Errorf("VideoEndpoints shares its table: MaxLen %d", f.MaxLen)
	}
	if ep := eps[8]; !slices.Equal(ep.Modes, []string{"standard", "pro", "4k"}) {
		t.Errorf("%s modes %v", ep.Path, ep.Modes)
	}
	if ep := eps[12]; !slices.Equal(ep.Modes, []string{"standard", "std", "pro"}) {
		t.Errorf("%s modes %v", ep.Path, ep.Modes)
	}
	if len(eps[1].RuleDocs()) != 1 || len(eps[8].RuleDocs()) != 3 {
		t.Errorf("rule docs: %v %v", eps[1].RuleDocs(), eps[8].RuleDocs())
	}
}

func TestLookupVideoEndpoint(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in, path, mode, errField string
	}{
		{in: "videoa/q1/text-to-video", path: "videoa/q1/text-to-video"},
		{in: "/queue/qv/videoa/q3/text-to-video/turbo", path: "videoa/q3/text-to-video/turbo"},
		{in: "videob/o3/pro/text-to-video", path: "videob/o3/{mode}/text-to-video", mode: "pro"},
		{in: "videob/o3/4k/reference-to-video", path: "videob/o3/{mode}/reference-to-video", mode: "4k"},
		{in: "videob/o3/std/video-to-video/edit", path: "videob/o3/{mode}/video-to-video/edit", mode: "std"},
		{in: "videoc3.1/fast", path: "videoc3.1/fast"},
		{in: "videoc3.1/fast/image-to-video/", path: "videoc3.1/fast/image-to-video"},
		{in: "videob/o3/4k/video-to-video/reference", errField: "mode"},
		{in: "videob/o3/std/text-to-video", errField: "mode"},
		{in: "videob/o3/{mode}/text-to-video", errField: "mode"},
		{in: "videob/o3/text-to-video", errField: "path"},
		{in: "videoa/q2/text-to-video", errField: "path"},
		{in: "nope", errField: "path"},
		{in: "", errField: "path"},
	}
	for _, tc := range cases {
		e, mode, err := LookupVideoEndpoint(tc.in)
		if tc.errField != "" {
			v := Violations(err)
			if len(v) != 1 || v[0].Field != tc.errField {
				t.Errorf("%q: err %v, want a violation of %s", tc.in, err, tc.errField)
			}
			continue
		}
		if err != nil || e.Path != tc.path || mode != tc.mode {
			t.Errorf("%q: got %q %q %v, want %q %q", tc.in, e.Path, mode, err, tc.path, tc.mode)
		}
	}
	_, _, err := LookupVideoEndpoint("videoa/q9/x")
	if !strings.Contains(err.Error(), "videoa/q1/text-to-video") || strings.Contains(err.Error(), "videob") {
		t.Errorf("hint should list only videoa endpoints: %v", err)
	}
	_, _, err = LookupVideoEndpoint("videoz/x")
	if !strings.Contains(err.Error(), "videoa, videob, videoc3.1") {
		t.Errorf("hint should list the families: %v", err)
	}
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Errorf("unknown path is not a *ValidationError: %T", err)
	}
}

func TestVideoMinimalBodiesValid(t *testing.T) {
	t.Parallel()
	for _, e := range VideoEndpoints() {
		for _, mode := range videoModesOf(e) {
			if err := e.Validate(mode, videoMinimal[e.Path]); err != nil {
				t.Errorf("%s (%s): %v", e.Path, mode, err)
			}
		}
	}
}

// videoModesOf returns the modes to try an endpoint with: each allowed mode,
// or just "" for a path without one.
func videoModesOf(e VideoEndpoint) []string {
	if e.Modes == nil {
		return []string{""}
	}
	return e.Modes
}
