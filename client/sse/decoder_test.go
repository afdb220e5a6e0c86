package sse

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

type got struct {
	Type, Data, ID string
	Retry          time.Duration
}

func decodeAll(t testing.TB, r io.Reader, max int) ([]got, error) {
	t.Helper()
	d := NewDecoder(r)
	if max > 0 {
		d.SetMaxEventSize(max)
	}
	return drain(d)
}

// drain reads every event of d.
func drain(d *Decoder) ([]got, error) {
	var out []got
	for d.Next() {
		e := d.Event()
		out = append(out, got{e.Type, string(e.Data), e.ID, e.Retry})
	}
	return out, d.Err()
}

func TestDecoder(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []got
	}{
		{"event and data", "event: ping\ndata: {}\n\n", []got{{Type: "ping", Data: "{}"}}},
		{"data only", "data: a\n\ndata: b\n\n", []got{{Data: "a"}, {Data: "b"}}},
		{"multi-line data", "data: a\ndata: b\ndata\n\n", []got{{Data: "a\nb\n"}}},
		{"no space after colon", "data:x\n\n", []got{{Data: "x"}}},
		{"only one space removed", "data:  x\n\n", []got{{Data: " x"}}},
		{"CRLF", "event: e\r\ndata: 1\r\n\r\n", []got{{Type: "e", Data: "1"}}},
		{"CR only", "event: e\rdata: 1\r\rdata: 2\r\r", []got{{Type: "e", Data: "1"}, {Data: "2"}}},
		{"mixed line ends", "data: 1\r\n\ndata: 2\r\r\n", []got{{Data: "1"}, {Data: "2"}}},
		{"BOM", "\xef\xbb\xbfdata: x\n\n", []got{{Data: "x"}}},
		{"BOM only at start", "data: \xef\xbb\xbfx\n\n", []got{{Data: "\xef\xbb\xbfx"}}},
		{"comments ignored", ": hi\ndata: x\n: there\n\n", []got{{Data: "x"}}},
		{"id carries over", "id: 7\ndata: a\n\ndata: b\n\n", []got{{Data: "a", ID: "7"}, {Data: "b", ID: "7"}}},
		{"id with NUL ignored", "id: a\x00b\ndata: a\n\n", []got{{Data: "a"}}},
		{"retry", "retry: 1500\ndata: a\n\n", []got{{Data: "a", Retry: 1500 * time.Millisecond}}},
		{"bad retry ignored", "retry: 1.5\ndata: a\n\n", []got{{Data: "a"}}},
		{"no data: not dispatched, type reset", "event: x\n\ndata: a\n\n", []got{{Data: "a"}}},
		{"unknown field ignored", "foo: bar\ndata: a\n\n", []got{{Data: "a"}}},
		{"incomplete last event dropped", "data: a\n\ndata: b\n", []got{{Data: "a"}}},
		{"empty data line dispatches", "data:\n\n", []got{{Data: ""}}},
		{"unknown type passed on", "event: brand_new\ndata: {}\n\n", []got{{Type: "brand_new", Data: "{}"}}},
		{"empty stream", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, mode := range []string{"whole", "one byte"} {
				var r io.Reader = strings.NewReader(tt.in)
				if mode == "one byte" {
					r = iotest.OneByteReader(r)
				}
				events, err := decodeAll(t, r, 0)
				if err != nil {
					t.Fatalf("%s: err %v", mode, err)
				}
				if !equal(events, tt.want) {
					t.Errorf("%s: got %+v, want %+v", mode, events, tt.want)
				}
			}
		})
	}
}

func equal(a, b []got) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestDecoderLargeEvent(t *testing.T) {
	payload := bytes.Repeat([]byte("A"), 32<<20)
	in := append(append([]byte("event: image\ndata: "), payload...), "\n\ndata: next\n\n"...)
	events, err := decodeAll(t, bytes.NewReader(in), 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(events) != 2 || len(events[0].Data) != len(payload) || events[1].Data != "next" {
		t.Fatalf("got %d events, first %d bytes", len(events), len(events[0].Data))
	}
}

func TestDecoderEventTooLarge(t *testing.T) {
	for name, in := range map[string]string{
		"one line":   "data: " + strings.Repeat("x", 2000) + "\n\n",
		"many lines": strings.Repeat("data: "+strings.Repeat("x", 100)+"\n", 30) + "\n",
		"no newline": "data: " + strings.Repeat("x", 5000),
	} {
		t.Run(name, func(t *testing.T) {
			_, err := decodeAll(t, strings.NewReader("data: ok\n\n"+in), 1024)
			if !errors.Is(err, ErrEventTooLarge) {
				t.Fatalf("err = %v, want ErrEventTooLarge", err)
			}
		})
	}
}

func TestDecoderReadError(t *testing.T) {
	boom := errors.New("connection reset")
	r := io.MultiReader(strings.NewReader("data: a\n\ndata: par"), iotest.ErrReader(boom))
	events, err := decodeAll(t, r, 0)
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want %v", err, boom)
	}
	if len(events) != 1 || events[0].Data != "a" {
		t.Fatalf("events before the cut: %+v", events)
	}
}

// TestDecoderDataSurvivesBufferMove checks that a data line still held in the
// read buffer is copied out before the buffer is compacted or grown.
func TestDecoderDataSurvivesBufferMove(t *testing.T) {
	line := strings.Repeat("y", initialBuffer-20)
	in := "data: " + line + "\n" + strings.Repeat(": pad\n", 5000) + "\n"
	events, err := decodeAll(t, iotest.HalfReader(strings.NewReader(in)), 0)
	if err != nil || len(events) != 1 || events[0].Data != line {
		t.Fatalf("err %v, %d events", err, len(events))
	}
}

func TestDecoderStrayJSON(t *testing.T) {
	in := "data: {\"a\":1}\n\n{\"error\":{\"code\":500}}\n"
	d := NewDecoder(strings.NewReader(in))
	d.KeepStrayJSON()
	var types []string
	for d.Next() {
		types = append(types, d.Event().Type+"="+string(d.Event().Data))
	}
	want := []string{`={"a":1}`, StrayJSON + `={"error":{"code":500}}`}
	if strings.Join(types, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", types, want)
	}
	if events, _ := decodeAll(t, strings.NewReader(in), 0); len(events) != 1 {
		t.Fatalf("without KeepStrayJSON the line must be ignored, got %+v", events)
	}
}
