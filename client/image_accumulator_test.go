package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestImageAccumulator(t *testing.T) {
	t.Parallel()
	red, blue := imageTinyPNG(t, imageRed), imageTinyPNG(t, imageBlue)
	var a ImageAccumulator // the zero value is ready
	if _, ok := a.LatestPartial(); ok || a.Done() || a.Usage() != nil {
		t.Fatal("zero accumulator is not empty")
	}
	if r := a.Response(); len(r.Data) != 0 || string(r.Raw) != `{"created":0,"data":null}` {
		t.Errorf("empty response = %s", r.Raw)
	}
	events := []ImageEvent{
		{Type: ImageEditPartial, PartialImageIndex: 0, B64JSON: imageB64(red), CreatedAt: 5, Size: "1024x1024"},
		{Type: ImageEditPartial, PartialImageIndex: 1, B64JSON: imageB64(blue)},
		{Type: "image_edit.something_new", Raw: json.RawMessage(`{"type":"image_edit.something_new"}`)},
	}
	for _, ev := range events {
		if err := a.Add(ev); err != nil {
			t.Fatal(err)
		}
	}
	if p, _ := a.LatestPartial(); p.PartialImageIndex != 1 {
		t.Errorf("latest partial = %d", p.PartialImageIndex)
	}
	if p, ok := a.Partial(0); !ok || p.B64JSON != imageB64(red) {
		t.Error("partial 0 lost")
	}
	if _, ok := a.Partial(7); ok {
		t.Error("partial 7 invented")
	}
	// Cut here: the response keeps the latest partial image.
	cut := a.Response()
	if a.Done() || len(cut.Data) != 1 || cut.Data[0].B64JSON != imageB64(blue) || cut.Created != 5 || cut.Size != "1024x1024" {
		t.Errorf("cut response = %+v", cut)
	}

	usage1 := &ImageUsage{TotalTokens: 10, Raw: json.RawMessage(`{"total_tokens":10,"x":1}`)}
	usage2 := &ImageUsage{TotalTokens: 20}
	a.Add(ImageEvent{Type: ImageEditCompleted, B64JSON: imageB64(red), CreatedAt: 9, Quality: "high", Usage: usage1})
	a.Add(ImageEvent{Type: ImageEditCompleted, B64JSON: imageB64(blue), Quality: "low", OutputFormat: "png"})
	a.Add(ImageEvent{Type: ImageEditCompleted, B64JSON: imageB64(red), Usage: usage2})
	if !a.Done() || len(a.Final()) != 3 || a.Usage() != usage2 {
		t.Fatalf("final = %d, usage = %+v", len(a.Final()), a.Usage())
	}
	a.Final()[0].Type = "mutated"
	if a.Final()[0].Type != ImageEditCompleted {
		t.Error("Final shares its slice with the caller")
	}
	r := a.Response()
	if r.Created != 9 || r.Quality != "low" || r.OutputFormat != "png" || len(r.Data) != 3 {
		t.Errorf("response = %+v", r)
	}
	var back ImageResponse
	if err := json.Unmarshal(r.Raw, &back); err != nil || back.Usage.TotalTokens != 20 || len(back.Data) != 3 {
		t.Errorf("Raw = %s (%v)", r.Raw, err)
	}
	imgs, err := r.Images()
	if err != nil || !bytes.Equal(imgs[1].Bytes, blue) {
		t.Errorf("images: %v", err)
	}
}

func TestImageAccumulatorErrorEvent(t *testing.T) {
	t.Parallel()
	var a ImageAccumulator
	err := a.Add(ImageEvent{Type: ImageEventError,
		Raw: json.RawMessage(`{"type":"error","error":{"type":"image_generation_user_error","code":"moderation_blocked","message":"rejected"}}`)})
	var ae *APIError
	if !errors.As(err, &ae) || ae.Code != "moderation_blocked" || ae.Message != "rejected" || ae.Status != 0 {
		t.Fatalf("err = %#v", err)
	}
}

func TestImageParseEvent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, event, data string
		wantType          string
		wantErr           string // "" none, "skip", "api", or text in the error
	}{
		{"data type wins over event name", "message", `{"type":"image_generation.completed","b64_json":"AA=="}`, ImageGenerationCompleted, ""},
		{"event name when data has no type", ImageEditPartial, `{"b64_json":"AA==","partial_image_index":2}`, ImageEditPartial, ""},
		{"done sentinel", "", "[DONE]", "", "skip"},
		{"ping", "ping", `{"type":"ping"}`, "", "skip"},
		{"empty ping", "ping", "", "", "skip"},
		{"unknown JSON kept", "", `{"type":"image_generation.queued","eta":3}`, "image_generation.queued", ""},
		{"unknown non-JSON kept", "status", `working`, "status", ""},
		{"non-JSON without a name", "", `working`, "", "malformed"},
		{"error event", "error", `{"type":"error","error":{"message":"m"}}`, ImageEventError, "api"},
		{"error by shape", "", `{"code":"server_error","message":"m"}`, ImageEventError, "api"},
		{"null error field is not an error", "", `{"error":null,"b64_json":"AA=="}`, "", ""},
		{"null data for a known type", ImageGenerationPartial, `null`, ImageGenerationPartial, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := imageParseEvent(tt.event, []byte(tt.data))
			var ae *APIError
			switch {
			case tt.wantErr == "" && err != nil, tt.wantErr == "skip" && !errors.Is(err, errImageSkip),
				tt.wantErr == "api" && !errors.As(err, &ae):
				t.Fatalf("err = %v, want %s", err, tt.wantErr)
			case tt.wantErr != "" && tt.wantErr != "skip" && tt.wantErr != "api" &&
				(err == nil || !bytes.Contains([]byte(err.Error()), []byte(tt.wantErr))):
				t.Fatalf("err = %v, want %q", err, tt.wantErr)
			}
			if tt.wantErr != "skip" && (ev.Type != tt.wantType || string(ev.Raw) != tt.data) {
				t.Errorf("event = %+v", ev)
			}
		})
	}
	ev, _ := imageParseEvent("", []byte(`{"type":"image_edit.partial_image","b64_json":"AA==","partial_image_index":2,"created_at":7,"size":"s","quality":"q","background":"b","output_format":"o"}`))
	want := ImageEvent{Type: ImageEditPartial, B64JSON: "AA==", PartialImageIndex: 2, CreatedAt: 7, Size: "s", Quality: "q", Background: "b", OutputFormat: "o"}
	ev.Raw = nil
	if !reflect.DeepEqual(ev, want) {
		t.Errorf("event = %+v", ev)
	}
	if _, err := (ImageEvent{Type: ImageEditPartial}).Decode(); err == nil {
		t.Error("Decode of an event without data succeeded")
	}
}

// An image event larger than imageRawMax keeps its image and not its raw
// data: a 30 MiB image is not held twice; a smaller one, and any other
// large event, keeps both.
func TestImageParseEventLargeNotKeptRaw(t *testing.T) {
	t.Parallel()
	b64 := strings.Repeat("A", imageRawMax)
	for _, tc := range []struct {
		data string
		raw  bool
	}{
		{`{"type":"image_generation.completed","b64_json":"` + b64 + `"}`, false},
		{`{"type":"image_edit.partial_image","b64_json":"` + b64 + `"}`, false},
		{`{"type":"image_generation.completed","b64_json":"` + b64[:imageRawMax-60] + `"}`, true},
		{`{"type":"image_generation.queued","note":"` + b64 + `"}`, true},
	} {
		ev, err := imageParseEvent("", []byte(tc.data))
		if err != nil {
			t.Fatal(err)
		}
		if (ev.Raw != nil) != tc.raw || ev.Raw != nil && string(ev.Raw) != tc.data {
			t.Errorf("%.50s…: Raw of %d bytes, want kept %v", tc.data, len(ev.Raw), tc.raw)
		}
		if (ev.Partial() || ev.Completed()) && !strings.HasPrefix(ev.B64JSON, b64[:imageRawMax-60]) {
			t.Errorf("%.50s…: b64_json of %d bytes", tc.data, len(ev.B64JSON))
		}
	}
}

// Response's Raw is what json.Marshal writes, whether its images' base64
// is written in place (large and plain) or left to json.Marshal.
func TestImageResponseJSONIsMarshal(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("iVBORw0KGgo+/=", imageSpliceMin/14+1)
	for _, data := range [][]ImageData{
		{{B64JSON: big}},
		{{B64JSON: big, RevisedPrompt: `a "b64_json":"-" <cat> & more`}, {URL: "https://x.test/a.png"}, {B64JSON: big[:100]}, {B64JSON: big + "A"}},
		{{B64JSON: big + "\n" + big}}, // a line break: json.Marshal escapes it
		{{B64JSON: "-", RevisedPrompt: `"b64_json":"-"`}, {B64JSON: big}},
		nil,
	} {
		r := &ImageResponse{Created: 7, Data: data, Usage: &ImageUsage{TotalTokens: 3, Raw: json.RawMessage(`{"total_tokens":3}`)}, Size: "1024x1024"}
		want, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if got := imageResponseJSON(r); !bytes.Equal(got, want) {
			t.Errorf("%d images: %d bytes, json.Marshal %d:\n%.200s\n%.200s", len(data), len(got), len(want), got, want)
		}
		if len(data) > 0 && r.Data[0].B64JSON != data[0].B64JSON {
			t.Error("the response's data was changed")
		}
	}
}

// BenchmarkImageResponse is the reply a stream's 30 MiB image makes,
// by json.Marshal and by Response (issue 32: bytes allocated per op).
func BenchmarkImageResponse(b *testing.B) {
	var a ImageAccumulator
	a.Add(ImageEvent{Type: ImageGenerationCompleted, B64JSON: strings.Repeat("AAAA", 10<<20)})
	b.Run("json.Marshal", func(b *testing.B) {
		b.ReportAllocs()
		r := a.Response()
		for b.Loop() {
			json.Marshal(r)
		}
	})
	b.Run("Response", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			a.Response()
		}
	})
}
