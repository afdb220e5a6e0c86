package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"atelier/client/sse"
)

// FuzzImageEvent feeds arbitrary image streams through the SSE decoder, the
// image event decoder, the accumulator and the image decoders: none may
// panic, and what they report must hang together.
func FuzzImageEvent(f *testing.F) {
	for _, name := range []string{"generation-stream.sse", "edit-stream.sse", "error-stream.sse"} {
		f.Add(firstEvents(fixture(f, "gamma-images/"+name), maxStreamSeed))
	}
	png := imageTinyPNG(f, imageRed)
	f.Add([]byte(imagePartialFrame(0, png) + imageCompletedFrame(png, 3)))
	f.Add([]byte("data: [DONE]\n\nevent: ping\ndata:\n\n{\"error\":{\"message\":\"x\"}}\n"))
	f.Add([]byte(`data: {"type":"image_generation.completed","b64_json":"data:image/png;base64,AAAA","usage":"free"}` + "\n\n"))
	f.Add([]byte(`data: {"type":"image_edit.partial_image","partial_image_index":-9,"b64_json":"=="}` + "\n\n"))
	f.Add([]byte("event: error\ndata: {\"type\":\"error\",\"code\":7,\"param\":{\"a\":1}}\n\n"))
	f.Fuzz(func(t *testing.T, stream []byte) {
		d := sse.NewDecoder(bytes.NewReader(stream))
		d.KeepStrayJSON()
		d.SetMaxEventSize(1 << 20)
		var acc ImageAccumulator
		for d.Next() {
			raw := d.Event()
			ev, err := imageParseEvent(raw.Type, raw.Data)
			if errors.Is(err, errImageSkip) {
				continue
			}
			var ae *APIError
			if errors.As(err, &ae) {
				if ev.Type != ImageEventError || ae.Group != Gamma || ae.Status != 0 {
					t.Fatalf("error event %+v gave %+v", ev, ae)
				}
				if aerr := acc.Add(ev); aerr == nil {
					t.Fatal("accumulator accepted an error event")
				}
				continue
			}
			if err == nil && len(raw.Data) <= imageRawMax && !bytes.Equal(ev.Raw, bytes.TrimSpace(raw.Data)) {
				t.Fatalf("Raw %q is not the event data %q", ev.Raw, raw.Data)
			}
			if err := acc.Add(ev); err != nil {
				t.Fatalf("Add(%+v) = %v", ev, err)
			}
			if b, err := ev.Decode(); err == nil && len(b) == 0 {
				t.Fatal("Decode returned no bytes and no error")
			}
			_ = ImageFormatOf([]byte(ev.B64JSON))
		}
		resp := acc.Response()
		if !json.Valid(resp.Raw) {
			t.Fatalf("accumulated Raw is not JSON: %s", resp.Raw)
		}
		var back ImageResponse
		if err := json.Unmarshal(resp.Raw, &back); err != nil {
			t.Fatalf("accumulated Raw does not decode: %v", err)
		}
		imgs, _ := resp.Images()
		for _, img := range imgs {
			if img.Ext == "" && img.Bytes != nil {
				t.Fatal("decoded image without an extension")
			}
		}
		_, partial := acc.LatestPartial()
		switch {
		case acc.Done() && len(resp.Data) != len(acc.Final()):
			t.Fatalf("%d completed images, %d in the response", len(acc.Final()), len(resp.Data))
		case !acc.Done() && partial && len(resp.Data) != 1:
			t.Fatal("latest partial lost from the response of a cut stream")
		}
	})
}
