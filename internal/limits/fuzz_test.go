package limits

import (
	"bytes"
	"errors"
	"strconv"
	"testing"
	"testing/iotest"
)

// FuzzReadAll: whatever a source holds and however it reads, ReadAll gives
// back exactly what it holds when that fits the limit, and a limit error
// (having read at most one byte past it) when it does not.
func FuzzReadAll(f *testing.F) {
	f.Add([]byte("hello"), int64(5), int64(-1), false)
	f.Add([]byte("hello"), int64(4), int64(5), true)
	// Over the limit in pieces that grow from the hint (4, 8, 16 ...
	// bytes): what 70 000 bytes read one byte at a time showed, in 70,
	// which the fuzzer runs a thousand times as often.
	f.Add(bytes.Repeat([]byte("x"), 70), int64(64), int64(3), false)
	f.Fuzz(func(t *testing.T, in []byte, max, hint int64, oneByte bool) {
		if max < 0 || max > 1<<20 || hint < -1 || len(in) > 1<<13 {
			return
		}
		src := &countReader{r: bytes.NewReader(in)}
		r := iotestReader(src, oneByte)
		got, err := ReadAll(r, max, "fuzz", hint)
		switch {
		case int64(len(in)) <= max && hint <= max:
			if err != nil || !bytes.Equal(got, in) {
				t.Fatalf("%d bytes under a limit of %d: err %v, %d back", len(in), max, err, len(got))
			}
		case !errors.Is(err, ErrLimit):
			t.Fatalf("%d bytes (hint %d) over a limit of %d: err %v", len(in), hint, max, err)
		}
		if src.n > max+1 {
			t.Fatalf("read %d bytes for a limit of %d", src.n, max)
		}
	})
}

func iotestReader(r *countReader, oneByte bool) interface{ Read([]byte) (int, error) } {
	if oneByte {
		return iotest.OneByteReader(r)
	}
	return r
}

type countReader struct {
	r *bytes.Reader
	n int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// FuzzParseSize: config.toml's sizes parse without panicking, never to a
// negative size, and a plain number of bytes reads as itself.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"8MiB", "8 MiB", "512KiB", "1GB", "100", "", "MiB", "-1", "99999999999999GiB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err == nil && n < 0 {
			t.Fatalf("%q parsed as %d", s, n)
		}
		if v, err := strconv.ParseInt(s, 10, 64); err == nil && v >= 0 && v <= 1<<62 {
			if n, err := ParseSize(s); err != nil || n != v {
				t.Fatalf("%q: %d, %v", s, n, err)
			}
		}
	})
}
