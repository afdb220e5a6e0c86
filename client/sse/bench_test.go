package sse_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	anthropic "github.com/anthropics/anthropic-sdk-go/packages/ssestream"
	gosse "github.com/tmaxmax/go-sse"

	"atelier/client/sse"
)

// textStream is about 1 MB of message-protocol text deltas, the shape of a
// long chat reply.
func textStream() ([]byte, int) {
	var b bytes.Buffer
	n := 0
	for b.Len() < 1<<20 {
		fmt.Fprintf(&b, "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"word %d of a long streamed reply, with some markdown **bold** text\"}}\n\n", n)
		n++
	}
	return b.Bytes(), n
}

// imageStream is one 16 MB partial-image event, the shape of a streamed image.
func imageStream() ([]byte, int) {
	var b bytes.Buffer
	b.WriteString("event: image_generation.partial_image\ndata: {\"type\":\"image_generation.partial_image\",\"partial_image_index\":0,\"b64_json\":\"")
	b.WriteString(strings.Repeat("iVBORw0KGgoAAAANSUhEUgAA", (16<<20)/24))
	b.WriteString("\"}\n\n")
	return b.Bytes(), 1
}

// sink keeps the compiler from discarding the decoded data.
var sink int

type decoder struct {
	name   string
	decode func(in []byte) (events int, err error)
}

var decoders = []decoder{
	{"atelier", func(in []byte) (int, error) {
		d := sse.NewDecoder(bytes.NewReader(in))
		n := 0
		for d.Next() {
			sink += len(d.Event().Data) // touch the event, as a consumer would
			n++
		}
		return n, d.Err()
	}},
	{"anthropic-ssestream", func(in []byte) (int, error) {
		res := &http.Response{Header: http.Header{"Content-Type": {"text/event-stream"}}, Body: io.NopCloser(bytes.NewReader(in))}
		d := anthropic.NewDecoder(res)
		n := 0
		for d.Next() {
			sink += len(d.Event().Data)
			n++
		}
		return n, d.Err()
	}},
	{"tmaxmax-go-sse", func(in []byte) (int, error) {
		n := 0
		for ev, err := range gosse.Read(bytes.NewReader(in), &gosse.ReadConfig{MaxEventSize: 64 << 20}) {
			if err != nil {
				return n, err
			}
			sink += len(ev.Data)
			n++
		}
		return n, nil
	}},
}

func benchDecoders(b *testing.B, in []byte, want int) {
	for _, d := range decoders {
		b.Run(d.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				n, err := d.decode(in)
				if err != nil || n != want {
					b.Fatalf("%d events, err %v; want %d", n, err, want)
				}
			}
			b.ReportMetric(float64(want), "events/op")
		})
	}
}

func BenchmarkDecodeText1MB(b *testing.B) {
	in, n := textStream()
	benchDecoders(b, in, n)
}

func BenchmarkDecodeImage16MB(b *testing.B) {
	in, n := imageStream()
	benchDecoders(b, in, n)
}

// TestPeersAgree guards the benchmark: all three decoders must see the same
// events in both inputs, or the comparison means nothing.
func TestPeersAgree(t *testing.T) {
	for _, mk := range []func() ([]byte, int){textStream, imageStream} {
		in, want := mk()
		for _, d := range decoders {
			if n, err := d.decode(in); err != nil || n != want {
				t.Errorf("%s: %d events, err %v; want %d", d.name, n, err, want)
			}
		}
	}
}
