package client

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzVideoTask feeds any bytes to the task and result decoders: a reply
// may be malformed, but reading it must never panic.
func FuzzVideoTask(f *testing.F) {
	for _, form := range []VideoReplyForm{VideoFormA, VideoFormA2, VideoFormB, VideoFormC} {
		f.Add([]byte(videoReplyJSON(form, "http://127.0.0.1:1", "videoa", "rq-1")))
	}
	for _, s := range []string{
		`{"status":"COMPLETED","error":"x","error_type":"y","logs":[{"message":"m","level":"INFO"}]}`,
		`{"status":"COMPLETED","detail":[{"loc":["body",1],"msg":"m","type":"t"}],"result":null}`,
		`{"status":"COMPLETED","detail":{"message":{"a":1},"type":[]}}`,
		`{"status":"FAILED","logs":{"message":3},"queue_position":1e99}`,
		`{"result":{"images":[{"url":"u","file_size":-1},"v",null]},"video":7}`,
		`{"detail":"","status":"cancelled"}`,
		`null`, `[]`, `"x"`, `{"status":null,"logs":[[]]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var task VideoTask
		if json.Unmarshal(data, &task) == nil {
			_ = task.Terminal()
			_ = task.Output()
			if fe := task.Failure(); fe != nil {
				_ = fe.Error()
			}
			if !bytes.Equal(task.Raw, bytes.TrimSpace(data)) {
				t.Fatalf("Raw %q, want the input", task.Raw)
			}
		}
		if res, te, err := videoDecodeResult(data); err == nil && te == nil {
			_ = res.Files()
		} else if te != nil {
			_ = te.Error()
		}
	})
}

// FuzzVideoValidate runs any JSON object through the rules of every
// endpoint: whatever the body, validation returns violations, never panics.
func FuzzVideoValidate(f *testing.F) {
	for _, b := range videoMinimal {
		raw, _ := json.Marshal(b)
		f.Add(raw)
	}
	for _, s := range []string{
		`{"prompt":"p","multi_prompt":[{"index":1,"prompt":"a","duration":"99"}],"shot_type":"customize","duration":"x"}`,
		`{"elements":{"element_id":"e","frontal_image_url":"data:image/png;base64,QQ=="},"duration":1e400}`,
		`{"subjects":[{"id":1,"images":[null,"data:image/png;base64,"],"voice_id":null}],"seed":-0.0}`,
		`{"safety_tolerance":"0004","reference_image_urls":"x","image_url":"data:,","elements":[[],{}]}`,
		`{"prompt":{"a":[1,2]},"multi_prompt":{},"duration":"","aspect_ratio":[]}`,
		`{"prompt":"@s","subjects":[{"id":"s","voice_id":"","images":["` + videoPNGOf(128, 600) + `"]}]}`,
		`{"image_url":"` + videoWebPOf("VP8X", 40, 400) + `","start_image_url":"` + videoWebPOf("VP8 ", 9, 9) + `"}`,
		`{"end_image_url":"` + videoJPEGOf(8, 40) + `","image_url":"data:image/webp;base64,UklGRgAAAABXRUJQVlA4TA=="}`,
	} {
		f.Add([]byte(s))
	}
	eps := VideoEndpoints()
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, useNumber := range []bool{false, true} {
			d := json.NewDecoder(bytes.NewReader(data))
			if useNumber {
				d.UseNumber()
			}
			var body map[string]any
			if d.Decode(&body) != nil {
				return
			}
			for _, e := range eps {
				for _, mode := range append(videoModesOf(e), "bogus") {
					err := e.Validate(mode, body)
					if err != nil && len(Violations(err)) == 0 {
						t.Fatalf("%s: an error that is no violation: %v", e.Path, err)
					}
				}
			}
		}
	})
}
