package client

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"
)

// videoDelete in a change list removes the key from the minimal body.
const videoDelete = "\x00delete"

// videoBody returns the minimal body of path with changes applied.
func videoBody(path string, changes map[string]any) map[string]any {
	b := maps.Clone(videoMinimal[path])
	for k, v := range changes {
		if v == videoDelete {
			delete(b, k)
			continue
		}
		b[k] = v
	}
	return b
}

const (
	vQ1T2V = "videoa/q1/text-to-video"
	vQ1Ref = "videoa/q1/reference-to-video"
	vQ1I2V = "videoa/q1/image-to-video"
	vQ3Ref = "videoa/q3/reference-to-video/turbo"
	vQ3I2V = "videoa/q3/image-to-video/turbo"
	vQ3T2V = "videoa/q3/text-to-video/turbo"
	vQ3SE  = "videoa/q3/start-end-to-video/turbo"
	vBT2V  = "videob/o3/{mode}/text-to-video"
	vBI2V  = "videob/o3/{mode}/image-to-video"
	vBRef  = "videob/o3/{mode}/reference-to-video"
	vBV2VR = "videob/o3/{mode}/video-to-video/reference"
	vBV2VE = "videob/o3/{mode}/video-to-video/edit"
	vCT2V  = "videoc3.1/fast"
	vCFL   = "videoc3.1/fast/first-last-frame-to-video"
	vCI2V  = "videoc3.1/fast/image-to-video"
)

var (
	vPNG     = videoPNGOf(256, 256)
	vImg     = "https://media.example/x.png"
	vSubject = func(n int) map[string]any {
		return map[string]any{"id": "s", "images": slices.Repeat([]any{vImg}, n), "voice_id": "v1"}
	}
	vShot     = func(d any) map[string]any { return map[string]any{"index": 1, "prompt": "shot", "duration": d} }
	vElemID   = map[string]any{"element_id": "el-1"}
	vElemLive = map[string]any{"frontal_image_url": vImg, "reference_image_urls": []string{vImg}}
)

// videoViolationCases break one rule each; fields lists every violation
// expected, in order.
var videoViolationCases = []struct {
	name, path, mode string
	change           map[string]any
	fields           []string
}{
	{"required missing", vQ1T2V, "", map[string]any{"prompt": videoDelete}, []string{"prompt"}},
	{"required empty", vQ1T2V, "", map[string]any{"prompt": ""}, []string{"prompt"}},
	{"required null", vQ1T2V, "", map[string]any{"prompt": nil}, []string{"prompt"}},
	{"prompt type", vQ1T2V, "", map[string]any{"prompt": 5}, []string{"prompt"}},
	{"q1 prompt 2000", vQ1T2V, "", map[string]any{"prompt": strings.Repeat("é", 2001)}, []string{"prompt"}},
	{"q1 i2v prompt 1500", vQ1I2V, "", map[string]any{"prompt": strings.Repeat("a", 1501)}, []string{"prompt"}},
	{"style enum", vQ1T2V, "", map[string]any{"style": "noir"}, []string{"style"}},
	{"enum null", vQ1T2V, "", map[string]any{"style": nil}, []string{"style"}},
	{"q1 duration 5 only", vQ1T2V, "", map[string]any{"duration": 10}, []string{"duration"}},
	{"q1 duration string", vQ1T2V, "", map[string]any{"duration": "5"}, []string{"duration"}},
	{"q1 resolution", vQ1T2V, "", map[string]any{"resolution": "720p"}, []string{"resolution"}},
	{"q1 aspect q2-only", vQ1T2V, "", map[string]any{"aspect_ratio": "4:3"}, []string{"aspect_ratio"}},
	{"movement enum", vQ1T2V, "", map[string]any{"movement_amplitude": "huge"}, []string{"movement_amplitude"}},
	{"seed fraction", vQ1T2V, "", map[string]any{"seed": 1.5}, []string{"seed"}},
	{"seed string", vQ1T2V, "", map[string]any{"seed": "7"}, []string{"seed"}},
	{"bool type", vQ1T2V, "", map[string]any{"bgm": "yes"}, []string{"bgm"}},
	{"subjects none", vQ1Ref, "", map[string]any{"subjects": []any{}}, []string{"subjects", "subjects"}},
	{"subjects 8", vQ1Ref, "", map[string]any{"subjects": slices.Repeat([]any{vSubject(0)}, 8)}, []string{"subjects", "subjects"}},
	{"subject 4 images", vQ1Ref, "", map[string]any{"subjects": []any{vSubject(4)}}, []string{"subjects[0].images"}},
	{"images total 8", vQ1Ref, "", map[string]any{"subjects": []any{vSubject(3), vSubject(3), vSubject(2)}}, []string{"subjects"}},
	{"subject fields", vQ1Ref, "", map[string]any{"subjects": []any{map[string]any{"images": []any{vImg}}}},
		[]string{"subjects[0].id", "subjects[0].voice_id"}},
	{"subject not object", vQ1Ref, "", map[string]any{"subjects": []any{"cat"}}, []string{"subjects[0]", "subjects"}},
	{"subject image type", vQ1Ref, "", map[string]any{"subjects": []any{map[string]any{"id": "a", "voice_id": "", "images": []any{7}}}},
		[]string{"subjects[0].images[0]"}},
	{"image scheme", vQ1I2V, "", map[string]any{"image_url": "ftp://media.example/a.png"}, []string{"image_url"}},
	{"image relative", vQ1I2V, "", map[string]any{"image_url": "a.png"}, []string{"image_url"}},
	{"q1 i2v no data URI", vQ1I2V, "", map[string]any{"image_url": vPNG}, []string{"image_url"}},
	{"q3 ref 0 images", vQ3Ref, "", map[string]any{"reference_image_urls": []any{}}, []string{"reference_image_urls"}},
	{"q3 ref 8 images", vQ3Ref, "", map[string]any{"reference_image_urls": slices.Repeat([]any{vImg}, 8)}, []string{"reference_image_urls"}},
	{"q3 ref duration 2", vQ3Ref, "", map[string]any{"duration": 2}, []string{"duration"}},
	{"q3 ref duration 17", vQ3Ref, "", map[string]any{"duration": 17}, []string{"duration"}},
	{"q3 ref aspect", vQ3Ref, "", map[string]any{"aspect_ratio": "21:9"}, []string{"aspect_ratio"}},
	{"q3 ref audio type", vQ3Ref, "", map[string]any{"audio": "on"}, []string{"audio"}},
	{"q3 i2v image missing", vQ3I2V, "", map[string]any{"image_url": videoDelete}, []string{"image_url"}},
	{"q3 i2v duration 0", vQ3I2V, "", map[string]any{"duration": 0}, []string{"duration"}},
	{"q3 i2v resolution", vQ3I2V, "", map[string]any{"resolution": "360p"}, []string{"resolution"}},
	{"q3 i2v is_rec type", vQ3I2V, "", map[string]any{"is_rec": "true"}, []string{"is_rec"}},
	{"data URI bad base64", vQ3I2V, "", map[string]any{"image_url": "data:image/png;base64,@@@"}, []string{"image_url"}},
	{"data URI empty", vQ3I2V, "", map[string]any{"image_url": "data:image/png;base64,"}, []string{"image_url"}},
	{"data URI gif", vQ3I2V, "", map[string]any{"image_url": "data:image/gif;base64,AAAA"}, []string{"image_url"}},
	{"data URI not base64", vQ3I2V, "", map[string]any{"image_url": "data:image/png,AAAA"}, []string{"image_url"}},
	{"data URI body 20 MB", vQ3Ref, "", map[string]any{"reference_image_urls": []any{
		"data:image/jpeg;base64," + strings.Repeat("QUJD", 5<<20+1)}}, []string{"body"}},
	{"q3 t2v duration 17", vQ3T2V, "", map[string]any{"duration": 17}, []string{"duration"}},
	{"q3 t2v resolution", vQ3T2V, "", map[string]any{"resolution": "4k"}, []string{"resolution"}},
	// 2.13: text-to-video/turbo has "same fields as q1 text-to-video", where
	// "3:4 and 4:3 only for the q2 model".
	{"q3 t2v aspect 4:3", vQ3T2V, "", map[string]any{"aspect_ratio": "4:3"}, []string{"aspect_ratio"}},
	{"q3 t2v aspect 3:4", vQ3T2V, "", map[string]any{"aspect_ratio": "3:4"}, []string{"aspect_ratio"}},
	{"q3 se end missing", vQ3SE, "", map[string]any{"end_image_url": videoDelete}, []string{"end_image_url"}},
	{"q3 se prompt 2000", vQ3SE, "", map[string]any{"prompt": strings.Repeat("a", 2001)}, []string{"prompt"}},
	{"mode 4k on v2v", vBV2VR, "4k", nil, []string{"mode"}},
	{"mode std on t2v", vBT2V, "std", nil, []string{"mode"}},
	{"mode on no-mode path", vQ1T2V, "pro", nil, []string{"mode"}},
	{"o3 prompt 2500", vBT2V, "pro", map[string]any{"prompt": strings.Repeat("a", 2501)}, []string{"prompt"}},
	{"prompt and multi_prompt", vBT2V, "pro", map[string]any{"multi_prompt": []any{vShot("5")}, "shot_type": "customize"},
		[]string{"multi_prompt"}},
	{"neither prompt", vBT2V, "pro", map[string]any{"prompt": videoDelete}, []string{"prompt"}},
	{"multi_prompt needs shot_type", vBT2V, "pro", map[string]any{"prompt": videoDelete, "multi_prompt": []any{vShot("5")}},
		[]string{"shot_type"}},
	{"shot_type enum", vBT2V, "pro", map[string]any{"shot_type": "auto"}, []string{"shot_type"}},
	{"shot index 0", vBI2V, "pro", map[string]any{"prompt": videoDelete, "shot_type": "customize",
		"multi_prompt": []any{map[string]any{"index": 0, "prompt": "a", "duration": "3"}}}, []string{"multi_prompt[0].index"}},
	{"shot duration text", vBI2V, "pro", map[string]any{"prompt": videoDelete, "shot_type": "customize",
		"multi_prompt": []any{vShot("five")}}, []string{"multi_prompt[0].duration"}},
	{"shot prompt missing", vBRef, "pro", map[string]any{"prompt": videoDelete, "shot_type": "intelligent",
		"multi_prompt": []any{map[string]any{"duration": "3"}}}, []string{"multi_prompt[0].prompt"}},
	// 2.14: "The sum of shot durations must not exceed the total duration the model allows" (3–15 s).
	{"shots exceed 15 s", vBT2V, "pro", map[string]any{"prompt": videoDelete, "shot_type": "customize",
		"multi_prompt": []any{vShot("10"), vShot("6")}}, []string{"multi_prompt"}},
	// 2.14: multi_prompt items: "duration string (seconds)".
	{"shot duration a number", vBT2V, "pro", map[string]any{"prompt": videoDelete, "shot_type": "customize",
		"multi_prompt": []any{vShot("5"), vShot(4)}}, []string{"multi_prompt[1].duration"}},
	{"o3 duration 16", vBT2V, "pro", map[string]any{"duration": 16}, []string{"duration"}},
	// 2.14: "duration enum: default 5; integer seconds 3 to 15".
	{"o3 duration a string", vBT2V, "pro", map[string]any{"duration": "10"}, []string{"duration"}},
	{"o3 i2v duration a string", vBI2V, "pro", map[string]any{"duration": "5"}, []string{"duration"}},
	{"o3 ref duration a string", vBRef, "pro", map[string]any{"duration": "5"}, []string{"duration"}},
	{"o3 duration words", vBT2V, "pro", map[string]any{"duration": "five"}, []string{"duration"}},
	{"o3 aspect", vBT2V, "pro", map[string]any{"aspect_ratio": "auto"}, []string{"aspect_ratio"}},
	{"o3 image_url missing", vBI2V, "standard", map[string]any{"image_url": videoDelete}, []string{"image_url"}},
	{"element both forms", vBI2V, "pro", map[string]any{"elements": []any{map[string]any{"element_id": "e", "frontal_image_url": vImg,
		"reference_image_urls": []any{vImg}}}}, []string{"elements[0]"}},
	{"element empty", vBRef, "pro", map[string]any{"elements": []any{map[string]any{}}}, []string{"elements[0]"}},
	{"element extra property", vBRef, "pro", map[string]any{"elements": []any{map[string]any{"element_id": "e", "voice_id": "v"}}},
		[]string{"elements[0].voice_id"}},
	{"element half inline", vBRef, "pro", map[string]any{"elements": map[string]any{"frontal_image_url": vImg}},
		[]string{"elements.reference_image_urls"}},
	{"element type", vBRef, "pro", map[string]any{"elements": "el-1"}, []string{"elements"}},
	{"element image scheme", vBV2VE, "std", map[string]any{"elements": []any{map[string]any{"frontal_image_url": "file:///a.png",
		"reference_image_urls": []any{vImg}}}}, []string{"elements[0].frontal_image_url"}},
	{"image_urls type", vBRef, "4k", map[string]any{"image_urls": vImg}, []string{"image_urls"}},
	{"v2v edit no aspect/duration", vBV2VE, "pro", map[string]any{"aspect_ratio": "16:9", "duration": "5"},
		[]string{"aspect_ratio", "duration"}},
	{"v2v ref duration 20", vBV2VR, "pro", map[string]any{"duration": "20"}, []string{"duration"}},
	// 2.14 video-to-video/reference: "duration (string, seconds, valid range 3 to 15)".
	{"v2v ref duration a number", vBV2VR, "pro", map[string]any{"duration": 15}, []string{"duration"}},
	{"v2v ref aspect", vBV2VR, "pro", map[string]any{"aspect_ratio": "2:1"}, []string{"aspect_ratio"}},
	{"v2v video missing", vBV2VR, "standard", map[string]any{"video_url": videoDelete}, []string{"video_url"}},
	{"v2v video scheme", vBV2VE, "standard", map[string]any{"video_url": "rtsp://media.example/v"}, []string{"video_url"}},
	{"v2v prompt required", vBV2VE, "standard", map[string]any{"prompt": videoDelete}, []string{"prompt"}},
	{"tolerance 7", vCT2V, "", map[string]any{"safety_tolerance": 7}, []string{"safety_tolerance"}},
	{"tolerance \"0\"", vCT2V, "", map[string]any{"safety_tolerance": "0"}, []string{"safety_tolerance"}},
	{"tolerance words", vCT2V, "", map[string]any{"safety_tolerance": "strict"}, []string{"safety_tolerance"}},
	{"tolerance fraction", vCT2V, "", map[string]any{"safety_tolerance": 4.5}, []string{"safety_tolerance"}},
	{"fast aspect", vCT2V, "", map[string]any{"aspect_ratio": "1:1"}, []string{"aspect_ratio"}},
	{"fast seed fraction", vCT2V, "", map[string]any{"seed": 0.5}, []string{"seed"}},
	{"fast duration type", vCT2V, "", map[string]any{"duration": 8}, []string{"duration"}},
	{"fast frames missing", vCFL, "", map[string]any{"first_frame_url": videoDelete, "last_frame_url": videoDelete},
		[]string{"first_frame_url", "last_frame_url"}},
	{"fast no data URI", vCI2V, "", map[string]any{"image_url": vPNG}, []string{"image_url"}},
	{"fast generate_audio null", vCI2V, "", map[string]any{"generate_audio": nil}, []string{"generate_audio"}},
}

func TestVideoValidateViolations(t *testing.T) {
	t.Parallel()
	for _, tc := range videoViolationCases {
		t.Run(tc.name, func(t *testing.T) {
			e := videoEndpoint(t, tc.path)
			err := e.Validate(tc.mode, videoBody(tc.path, tc.change))
			var got []string
			for _, v := range Violations(err) {
				got = append(got, v.Field)
				if v.Rule == "" {
					t.Errorf("violation of %s without a rule", v.Field)
				}
			}
			if !slices.Equal(got, tc.fields) {
				t.Errorf("violations %q, want %q\n%v", got, tc.fields, err)
			}
			if len(err.Error()) > 4000 {
				t.Errorf("error text of %d bytes: long values must be cut", len(err.Error()))
			}
		})
	}
}

// TestSubmitVideoViolationSendsNothing runs every violation case through
// SubmitVideo against a server that fails the test if reached.
func TestSubmitVideoViolationSendsNothing(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("request sent despite a violation: %s %s", r.Method, r.URL)
	}))
	for _, tc := range videoViolationCases {
		path := strings.Replace(tc.path, "{mode}", tc.mode, 1)
		if tc.mode != "" && !strings.Contains(tc.path, "{mode}") {
			continue // a mode on a path without one cannot be written as a path
		}
		_, err := c.SubmitVideo(t.Context(), VideoRequest{Path: path, Body: videoBody(tc.path, tc.change)})
		if v := Violations(err); len(v) == 0 || v[0].Field != tc.fields[0] {
			t.Errorf("%s: %v", tc.name, err)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "submit video: ") {
			t.Errorf("%s: error not wrapped with the operation: %v", tc.name, err)
		}
	}
	hooks := []struct{ path, hook string }{
		{"videoa/q1/image-to-video", "https://hooks.example/x"},
		{"videoa/q1/start-end-to-video", "https://hooks.example/x"},
		{"videoa/q1/text-to-video", "http://hooks.example/x"},
		{"videoa/q1/text-to-video", "hooks.example/x"},
		{"videoc3.1/fast", "ftp://hooks.example/x"},
	}
	for _, h := range hooks {
		e := videoEndpoint(t, h.path)
		_, err := c.SubmitVideo(t.Context(), VideoRequest{Path: h.path, Body: videoMinimal[e.Path], Webhook: h.hook})
		if v := Violations(err); len(v) != 1 || v[0].Field != "queue_webhook" {
			t.Errorf("%s with webhook %s: %v", h.path, h.hook, err)
		}
	}
	if _, err := c.SubmitVideo(t.Context(), VideoRequest{Path: "videob/o3/8k/text-to-video"}); len(Violations(err)) != 1 {
		t.Errorf("bad mode: %v", err)
	}
}

// TestVideoValidateAccepts covers what the rules must let through: both
// number forms, nullable fields, Go-typed bodies and unknown fields.
func TestVideoValidateAccepts(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, path, mode string
		change           map[string]any
	}{
		{"voice_id empty, 7 subjects 7 images", vQ1Ref, "", map[string]any{"subjects": slices.Repeat([]any{vSubject(1)}, 7)}},
		{"q1 everything", vQ1T2V, "", map[string]any{"style": "anime", "seed": 0, "duration": 5, "resolution": "1080p",
			"aspect_ratio": "1:1", "movement_amplitude": "large", "bgm": true}},
		{"json.Number and float64", vQ3T2V, "", map[string]any{"duration": json.Number("16"), "seed": float64(3)}},
		{"int64 duration", vQ3I2V, "", map[string]any{"duration": int64(1), "resolution": "540p", "audio": false, "is_rec": true}},
		{"q3 ref nulls and data URI", vQ3Ref, "", map[string]any{"bgm": nil, "audio": nil, "resolution": "900p",
			"reference_image_urls": []string{vPNG, vImg, "data:image/webp;base64,UklGRg", "data:image/avif;base64,AAAA"}}},
		{"q3 se data URIs", vQ3SE, "", map[string]any{"start_image_url": vPNG, "end_image_url": vPNG, "prompt": "x"}},
		{"unknown fields pass", vQ1T2V, "", map[string]any{"off_peak": true, "watermark": map[string]any{"x": 1}}},
		{"o3 duration integer", vBT2V, "standard", map[string]any{"duration": 15, "aspect_ratio": "9:16", "generate_audio": true}},
		// Two 5 s shots with no duration: within the 15 s o3 allows (2.14).
		{"o3 shots without duration", vBT2V, "pro", map[string]any{"prompt": videoDelete, "shot_type": "intelligent",
			"multi_prompt": []map[string]any{vShot("5"), vShot("5")}}},
		{"o3 shots to 15 s", vBI2V, "pro", map[string]any{"prompt": videoDelete, "shot_type": "customize", "duration": 5,
			"multi_prompt": []map[string]any{vShot("5"), vShot("4"), vShot("6")}}},
		{"q3 ref aspect 4:3", vQ3Ref, "", map[string]any{"aspect_ratio": "4:3"}},
		{"o3 element object", vBI2V, "pro", map[string]any{"elements": vElemID, "end_image_url": vImg}},
		{"o3 elements list", vBRef, "4k", map[string]any{"elements": []any{vElemID, vElemLive}, "image_urls": []string{vImg},
			"start_image_url": vImg}},
		{"v2v ref everything", vBV2VR, "std", map[string]any{"duration": "3", "aspect_ratio": "auto", "keep_audio": false,
			"shot_type": "anything", "elements": []any{vElemLive}}},
		{"fast tolerance forms", vCT2V, "", map[string]any{"safety_tolerance": "6", "seed": nil, "negative_prompt": nil,
			"duration": "6s", "resolution": "1080p", "aspect_ratio": "9:16", "auto_fix": true}},
		{"fast tolerance number", vCFL, "", map[string]any{"safety_tolerance": 1, "seed": 42, "negative_prompt": "blur"}},
	}
	for _, tc := range cases {
		e := videoEndpoint(t, tc.path)
		if err := e.Validate(tc.mode, videoBody(tc.path, tc.change)); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
	if err := videoEndpoint(t, vQ1T2V).Validate("", nil); len(Violations(err)) != 1 {
		t.Errorf("nil body: %v", err)
	}
	if err := videoEndpoint(t, vQ1T2V).Validate("", map[string]any{"prompt": "x", "bad": make(chan int)}); len(Violations(err)) != 1 {
		t.Errorf("unencodable body: %v", err)
	}
}

// videoEndpoint returns the table's endpoint with template path p.
func videoEndpoint(t testing.TB, p string) VideoEndpoint {
	t.Helper()
	for _, e := range VideoEndpoints() {
		if e.Path == p {
			return e
		}
	}
	t.Fatalf("no endpoint %s", p)
	return VideoEndpoint{}
}
