package sim

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"net/http"
	"strings"
	"testing"
)

// interfaceRule is one rule of INTERFACE.md, quoted, with a request that
// follows it or breaks it. The verdict is written here from the
// interface's words, never read from the client's table that the simulator
// validates video bodies with: a mistake in that table cannot make both
// sides agree on a wrong answer.
type interfaceRule struct {
	cite  string // the interface's section and words
	path  string
	body  string
	field string // the field the refusal names; "" when the body is valid
}

// pngURI is a data URI of a real w×h PNG.
func pngURI(w, h int) string {
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		panic(err)
	}
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(b.Bytes())
}

var interfaceRules = []interfaceRule{
	// 2.14 shared rules.
	{cite: "2.14: the sum of shot durations must not exceed the total duration the model allows (duration 3 to 15): two 5 s shots and no duration",
		path: "/queue/qv/videob/o3/pro/text-to-video",
		body: `{"multi_prompt":[{"index":1,"prompt":"a","duration":"5"},{"index":2,"prompt":"b","duration":"5"}],"shot_type":"customize"}`},
	{cite: "2.14: the sum of shot durations must not exceed the total duration the model allows: 5+5+6 s is past 15",
		path:  "/queue/qv/videob/o3/pro/image-to-video",
		body:  `{"image_url":"https://example.org/a.png","shot_type":"customize","multi_prompt":[{"prompt":"a","duration":"5"},{"prompt":"b","duration":"5"},{"prompt":"c","duration":"6"}]}`,
		field: "multi_prompt"},
	{cite: "2.14: multi_prompt items: duration string (seconds)",
		path: "/queue/qv/videob/o3/pro/text-to-video",
		body: `{"multi_prompt":[{"prompt":"a","duration":5}],"shot_type":"customize"}`, field: "multi_prompt[0].duration"},
	{cite: "2.14: duration enum: default 5; integer seconds 3 to 15 (text-to-video)",
		path: "/queue/qv/videob/o3/standard/text-to-video", body: `{"prompt":"a","duration":"5"}`, field: "duration"},
	{cite: "2.14: duration enum: default 5; integer seconds 3 to 15 (reference-to-video)",
		path: "/queue/qv/videob/o3/4k/reference-to-video", body: `{"prompt":"a","duration":10}`},
	{cite: "2.14 video-to-video/reference: duration (string, seconds, valid range 3 to 15)",
		path: "/queue/qv/videob/o3/std/video-to-video/reference", body: `{"prompt":"a","video_url":"https://example.org/v.mp4","duration":5}`,
		field: "duration"},
	{cite: "2.14 video-to-video/reference: duration (string, seconds, valid range 3 to 15): \"5\"",
		path: "/queue/qv/videob/o3/std/video-to-video/reference", body: `{"prompt":"a","video_url":"https://example.org/v.mp4","duration":"5"}`},
	// 2.13 and 2.12 aspect ratios.
	{cite: "2.13 text-to-video/turbo: same fields as q1 text-to-video; 2.12: 3:4 and 4:3 only for the q2 model",
		path: "/queue/qv/videoa/q3/text-to-video/turbo", body: `{"prompt":"a","aspect_ratio":"4:3"}`, field: "aspect_ratio"},
	{cite: "2.13 text-to-video/turbo: same fields as q1 text-to-video; aspect_ratio allowed 16:9, 9:16, 1:1",
		path: "/queue/qv/videoa/q3/text-to-video/turbo", body: `{"prompt":"a","aspect_ratio":"1:1","duration":16}`},
	{cite: "2.13 reference-to-video/turbo: aspect_ratio allowed 16:9, 9:16, 1:1, 4:3, 3:4",
		path: "/queue/qv/videoa/q3/reference-to-video/turbo", body: `{"prompt":"a","reference_image_urls":["https://example.org/a.png"],"aspect_ratio":"3:4"}`},
	// Data-URI images: pixels and aspect ratio read from the image.
	{cite: "2.12 subjects[].images: Minimum 128*128 pixels",
		path: "/queue/qv/videoa/q1/reference-to-video",
		body: `{"prompt":"@s","subjects":[{"id":"s","voice_id":"","images":["` + pngURI(100, 100) + `"]}]}`, field: "subjects[0].images[0]"},
	{cite: "2.12 subjects[].images: Minimum 128*128 pixels, aspect ratio within 1:4 to 4:1: 128×512",
		path: "/queue/qv/videoa/q1/reference-to-video",
		body: `{"prompt":"@s","subjects":[{"id":"s","voice_id":"","images":["` + pngURI(128, 512) + `"]}]}`},
	{cite: "2.13 image-to-video/turbo image_url: aspect ratio within 1:4 to 4:1",
		path: "/queue/qv/videoa/q3/image-to-video/turbo", body: `{"image_url":"` + pngURI(500, 100) + `"}`, field: "image_url"},
	{cite: "2.13 start-end-to-video/turbo: same image rules as image_url",
		path: "/queue/qv/videoa/q3/start-end-to-video/turbo",
		body: `{"start_image_url":"` + pngURI(400, 100) + `","end_image_url":"` + pngURI(100, 401) + `"}`, field: "end_image_url"},
	// 2.1 messages.
	{cite: "2.1 messages: Alternating user and assistant turns",
		path:  "/bypass/alpha/v1/messages",
		body:  `{"model":"m","max_tokens":100,"messages":[{"role":"user","content":"a"},{"role":"user","content":"b"}]}`,
		field: "messages[1].role"},
	{cite: "2.1 messages: If the last message is assistant, the model continues it",
		path: "/bypass/alpha/v1/messages",
		body: `{"model":"m","max_tokens":100,"messages":[{"role":"user","content":"a"},{"role":"assistant","content":"b"}]}`},
	{cite: "2.1 top_k: sample only from the top K options", path: "/bypass/alpha/v1/messages",
		body: `{"model":"m","max_tokens":100,"top_k":-1,"messages":[{"role":"user","content":"a"}]}`, field: "top_k"},
	{cite: "2.1 max_tokens: maximum tokens generated", path: "/bypass/alpha/v1/messages",
		body: `{"model":"m","max_tokens":0,"messages":[{"role":"user","content":"a"}]}`, field: "max_tokens"},
	// 2.8 and the Limits row of responses.
	{cite: "2.8 top_logprobs: Integer 0 to 20", path: "/bypass/gamma/v1/responses",
		body: `{"model":"m","input":"a","top_logprobs":21}`, field: "top_logprobs"},
	{cite: "2.8 truncation: auto or disabled", path: "/bypass/gamma/v1/responses",
		body: `{"model":"m","input":"a","truncation":"maybe"}`, field: "truncation"},
	{cite: "2.8 include: the listed values", path: "/bypass/gamma/v1/responses",
		body: `{"model":"m","input":"a","include":["bogus"]}`, field: "include[0]"},
	{cite: "2.8 conversation: Not usable together with previous_response_id", path: "/bypass/gamma/v1/responses",
		body: `{"model":"m","input":"a","conversation":"c","previous_response_id":"r"}`, field: "previous_response_id"},
	{cite: "2.8 safety_identifier: at most 64 characters", path: "/bypass/gamma/v1/responses",
		body: `{"model":"m","input":"a","safety_identifier":"` + strings.Repeat("s", 80) + `"}`, field: "safety_identifier"},
	// 2.5 and the Limits row of images.
	{cite: "2.5 quality: Image 2: auto, low, medium, high", path: "/bypass/gamma/v1/images/generations",
		body: `{"model":"gamma/image-2","prompt":"a","quality":"ultra"}`, field: "quality"},
	{cite: "2.5 output_compression: 0 to 100", path: "/bypass/gamma/v1/images/generations",
		body: `{"model":"gamma/image-2","prompt":"a","output_format":"jpeg","output_compression":500}`, field: "output_compression"},
	{cite: "2.5 n: minimum 1", path: "/bypass/gamma/v1/images/generations",
		body: `{"model":"gamma/image-2","prompt":"a","n":0}`, field: "n"},
}

// TestInterfaceRules sends each case to the simulator, which must answer
// as the interface says: 200 for a valid body, a 4xx naming the field for
// one that breaks the rule.
func TestInterfaceRules(t *testing.T) {
	_, srv := testSim(t, Options{ValidateVideo: TableRules})
	for _, r := range interfaceRules {
		resp, b := send(t, srv, http.MethodPost, r.path, r.body)
		switch {
		case r.field == "" && resp.StatusCode != http.StatusOK:
			t.Errorf("%s\n  refused with %d: %s", r.cite, resp.StatusCode, b)
		case r.field != "" && (resp.StatusCode < 400 || resp.StatusCode >= 500):
			t.Errorf("%s\n  answered %d, want a refusal: %s", r.cite, resp.StatusCode, b)
		case r.field != "" && !strings.Contains(string(b), named(r.path, r.field)):
			t.Errorf("%s\n  the refusal does not name %s: %s", r.cite, r.field, b)
		}
	}
}

// named is how a refusal names field: as written for the chat and image
// groups, as a detail item's loc (["body","a",0,"b"]) for the queue.
func named(path, field string) string {
	if !strings.HasPrefix(path, "/queue/") {
		return field
	}
	loc := `"loc":["body"`
	for _, part := range strings.Split(field, ".") {
		name, idx, _ := strings.Cut(part, "[")
		loc += `,"` + name + `"`
		if idx != "" {
			loc += "," + strings.TrimSuffix(idx, "]")
		}
	}
	return loc + "]"
}
