package clitest

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"testing"
)

// TestBombStreamDecodes: the gzip bomb's parts, its start then its
// megabyte of zeros three times, decode to the reply's opening and four
// megabytes of zeros, and the stream then ends short as a cut one does.
func TestBombStreamDecodes(t *testing.T) {
	head, zeros := bombStream()
	stream := append(bytes.Clone(head), bytes.Repeat(zeros, 3)...)
	zr, err := gzip.NewReader(bytes.NewReader(stream))
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(zr)
	if !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Fatalf("the cut stream ended with %v", err)
	}
	want := append([]byte(`{"id":"m1","content":"`), make([]byte, 4<<20)...)
	if !bytes.Equal(got, want) {
		t.Fatalf("decoded %d bytes, want the opening and 4 MiB of zeros", len(got))
	}
	if len(zeros) > 16<<10 {
		t.Fatalf("a megabyte of zeros is %d bytes on the wire: no bomb", len(zeros))
	}
}
