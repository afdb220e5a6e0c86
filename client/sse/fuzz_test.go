package sse

import (
	"bytes"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"
)

// reference is a deliberately plain decoder written from the event-stream
// rules, used to check the fast one.
func reference(in []byte) []got {
	in = bytes.TrimPrefix(in, []byte("\xef\xbb\xbf"))
	s := strings.ReplaceAll(string(in), "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	lines := strings.Split(s, "\n")
	lines = lines[:len(lines)-1] // the last piece has no line end: dropped
	var out []got
	var data []string
	typ, id, retry := "", "", time.Duration(0)
	for _, l := range lines {
		if l == "" {
			if data != nil {
				out = append(out, got{typ, strings.Join(data, "\n"), id, retry})
			}
			data, typ = nil, ""
			continue
		}
		if l[0] == ':' {
			continue
		}
		name, value, _ := strings.Cut(l, ":")
		value = strings.TrimPrefix(value, " ")
		switch name {
		case "data":
			data = append(data, value)
		case "event":
			typ = value
		case "id":
			if !strings.Contains(value, "\x00") {
				id = value
			}
		case "retry":
			if ms, err := strconv.ParseUint(value, 10, 63); err == nil {
				retry = time.Duration(ms) * time.Millisecond
			}
		}
	}
	return out
}

func FuzzDecoder(f *testing.F) {
	for _, s := range []string{
		"event: a\ndata: 1\n\n", "data: x\r\ndata: y\r\n\r\n", "\xef\xbb\xbfdata:z\r\r",
		": c\nid: 1\nretry: 10\ndata\n\n", "data: a\r", "event:\ndata:\n\n",
		"data: abcdefgh\r\ndata: ijklmnop\r\n\r\n", "data: abc\rdata: defghijk\r\r", "event: longname\ndata: x\n\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		want := reference(in)
		for _, r := range []func() []got{
			func() []got { g, _ := decodeAll(t, bytes.NewReader(in), 0); return g },
			func() []got { g, _ := decodeAll(t, iotest.OneByteReader(bytes.NewReader(in)), 0); return g },
			func() []got { g, _ := decodeTiny(bytes.NewReader(in), 4); return g },
		} {
			if g := r(); !equal(g, want) {
				t.Fatalf("input %q\n got %+v\nwant %+v", in, g, want)
			}
		}
	})
}
