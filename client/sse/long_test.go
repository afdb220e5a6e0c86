package sse

import (
	"bytes"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

// decodeTiny decodes with a read buffer of size bytes, so that almost every
// line is a long one: it moves out of the buffer in pieces and is joined.
func decodeTiny(r io.Reader, size int) ([]got, error) {
	d := NewDecoder(r)
	d.size = size
	return drain(d)
}

func TestDecoderLongLines(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", 3<<20/16) // 3 MiB: pieces of every size
	in := "event: image\r\ndata: " + big + "\r\ndata: " + big[:100000] + "\r\n\r\n" +
		"data: short\n\n" + "data: " + big[:70000] + "\r\r" + "data: tail-without-end"
	want := []got{{Type: "image", Data: big + "\n" + big[:100000]}, {Data: "short"}, {Data: big[:70000]}}
	for name, read := range map[string]func() ([]got, error){
		"32 KiB buffer": func() ([]got, error) { return decodeAll(t, strings.NewReader(in), 0) },
		"7-byte buffer": func() ([]got, error) { return decodeTiny(strings.NewReader(in), 7) },
		"half reads":    func() ([]got, error) { return decodeAll(t, iotest.HalfReader(strings.NewReader(in)), 0) },
	} {
		g, err := read()
		if err != nil || !equal(g, want) {
			t.Fatalf("%s: err %v, %d events", name, err, len(g))
		}
	}
}

func TestDecoderLongLineTooLarge(t *testing.T) {
	src := &zeros{}
	_, err := decodeAll(t, io.MultiReader(strings.NewReader("data: "), src), 1<<20)
	if err == nil || !strings.Contains(err.Error(), "larger than the size limit") {
		t.Fatalf("err = %v", err)
	}
	if src.n > 1<<20+64<<10 { // stopped at the cap, give or take one read
		t.Fatalf("read %d bytes of an endless line", src.n)
	}
}

type zeros struct{ n int }

func (z *zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'A'
	}
	z.n += len(p)
	return len(p), nil
}

// TestDecoderLargeEventAllocation holds the decoder to issue 15's target:
// one large event costs at most twice its size in allocations, in a
// decoder that has never run (the pools empty).
func TestDecoderLargeEventAllocation(t *testing.T) {
	var b bytes.Buffer // the benchmark's 16 MiB partial image event
	b.WriteString("event: image_generation.partial_image\ndata: {\"type\":\"image_generation.partial_image\",\"b64_json\":\"")
	b.WriteString(strings.Repeat("iVBORw0KGgoAAAANSUhEUgAA", (16<<20)/24))
	b.WriteString("\"}\n\n")
	in := b.Bytes()
	for i := range piecePools { // start with no pooled pieces
		for piecePools[i].Get() != nil {
		}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d := NewDecoder(bytes.NewReader(in))
	if !d.Next() {
		t.Fatal(d.Err())
	}
	runtime.ReadMemStats(&after)
	size := len(d.Event().Data)
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("one event of %d bytes: %d bytes allocated (%.2f×)", size, alloc, float64(alloc)/float64(size))
	if alloc > uint64(2*size)+320<<10 { // the read buffer, and a last piece not full
		t.Fatalf("%d bytes allocated for an event of %d", alloc, size)
	}
}

// A joined line larger than keptLine is not kept for the next long line:
// a 40 MiB image event is not held beside what was decoded from it (issue
// 32). A smaller line's buffer is kept, to join the next one into.
func TestDecoderDropsHugeLines(t *testing.T) {
	huge := strings.Repeat("x", keptLine+1)
	d := NewDecoder(strings.NewReader("data: " + huge + "\n\ndata: " + huge[:keptLine/2] + "\n\n"))
	if !d.Next() || len(d.Event().Data) != len(huge) {
		t.Fatalf("first event: %v", d.Err())
	}
	if d.line != nil || len(d.long.pieces) != 0 {
		t.Errorf("after a line of %d bytes the decoder holds %d (and %d pieces)", len(huge), cap(d.line), len(d.long.pieces))
	}
	if !d.Next() || len(d.Event().Data) != keptLine/2 {
		t.Fatalf("second event: %v", d.Err())
	}
	if cap(d.line) < keptLine/2 {
		t.Errorf("a line of %d bytes was not kept to join the next into", keptLine/2)
	}
}
