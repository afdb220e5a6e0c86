package store

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestElideBase64(t *testing.T) {
	t.Parallel()
	img := strings.Repeat("iVBORw0K", elideMediaField/8+1)         // a media field's worth
	small := strings.Repeat("c2lnbmF0", 100)                       // a signature: kept
	huge := strings.Repeat("QUJD", elideAny/4+1)                   // any key, too big to be anything else
	uri := "data:image/png;base64," + strings.Repeat("QUJD", 2000) // a data URI over 4 KiB
	for _, tc := range []struct {
		name, in, want string
		files          []string
	}{
		{"nothing to do", `{"a":"b","n":1}`, `{"a":"b","n":1}`, nil},
		{"image data to files", `{"data":[{"b64_json":"` + img + `"},{"b64_json":"` + img + `"}]}`,
			`{"data":[{"b64_json":"atelier:file:media/a.png"},{"b64_json":"atelier:file:media/b.png"}]}`,
			[]string{"media/a.png", "media/b.png"}},
		{"more images than files", `{"b64_json":"` + img + `","x":{"result":"` + img + `"}}`,
			`{"b64_json":"atelier:file:media/a.png","x":{"result":"` + ElidedPrefix + "32776" + `"}}`,
			[]string{"media/a.png"}},
		{"signature kept", `{"type":"thinking","signature":"` + small + `"}`, `{"type":"thinking","signature":"` + small + `"}`, nil},
		{"small media field kept", `{"data":"` + small + `"}`, `{"data":"` + small + `"}`, nil},
		{"huge string under any key", `{"blob": "` + huge + `"}`, `{"blob": "` + ElidedPrefix + "262148" + `"}`, nil},
		{"data uri keeps its type", `{"image_url":"` + uri + `"}`, `{"image_url":"data:image/png;base64,` + ElidedPrefix + "8000" + `"}`, []string{"media/x.png"}},
		{"key that looks like base64 kept", `{"` + img + `":1}`, `{"` + img + `":1}`, nil},
		{"long prose kept", `{"text":"` + strings.Repeat("hello world ", 30000) + `"}`, `{"text":"` + strings.Repeat("hello world ", 30000) + `"}`, nil},
		{"escaped slashes", `{"b64_json":"` + strings.Repeat(`ab\/`, elideMediaField/4+1) + `"}`, `{"b64_json":"` + ElidedPrefix + "32772" + `"}`, nil},
		{"not json", `event: x` + "\n" + `data: {"partial_image_b64":"` + img + `"}`, `event: x` + "\n" + `data: {"partial_image_b64":"` + ElidedPrefix + "32776" + `"}`, nil},
	} {
		got := string(elideBase64([]byte(tc.in), tc.files))
		if got != tc.want {
			t.Errorf("%s:\n got %.300s\nwant %.300s", tc.name, got, tc.want)
		}
		if json.Valid([]byte(tc.in)) && !json.Valid([]byte(got)) {
			t.Errorf("%s: output is not JSON", tc.name)
		}
	}
}

// FuzzElideBase64 checks, with thresholds lowered so that short inputs
// reach every path, that eliding never breaks valid JSON, never grows a
// document, and leaves nothing at or over the media threshold under a
// media key.
func FuzzElideBase64(f *testing.F) {
	lim := elideLimits{media: 8, dataURI: 12, any: 24}
	f.Add([]byte(`{"data":[{"b64_json":"QUJDQUJDQUJD"},{"b64_json":"QUJD"}]}`), 1)
	f.Add([]byte(`{"a":["x","y",{"b":"\"c\\"}],"d":null}`), 0)
	f.Add([]byte(`{"image":"data:image/png;base64,QUJDQUJDQUJD","k":"QUJDQUJDQUJDQUJDQUJDQUJDQUJD"}`), 2)
	f.Add([]byte(`data: {"partial_image_b64":"QUJDQUJDQUJD"}`), 0)
	f.Fuzz(func(t *testing.T, in []byte, nfiles int) {
		files := make([]string, uint(nfiles)%4)
		for i := range files {
			files[i] = "media/f.png"
		}
		out := lim.apply(in, files)
		if json.Valid(in) && !json.Valid(out) {
			t.Fatalf("valid JSON became invalid:\n%q\n%q", in, out)
		}
		if len(out) > len(in) {
			t.Fatalf("grew from %d to %d bytes", len(in), len(out))
		}
		if !bytes.Equal(lim.apply(out, files), out) && json.Valid(in) {
			t.Fatalf("eliding twice changed the result:\n%q\n%q", out, lim.apply(out, files))
		}
	})
}
