package limits

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// endless yields zeros for ever, counting what was read.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	clear(p)
	e.n += int64(len(p))
	return len(p), nil
}

func TestReadAllStopsAtTheLimit(t *testing.T) {
	src := &endless{}
	_, err := ReadAll(src, 3*MiB, "JSON reply", -1)
	var be *Error
	if !errors.As(err, &be) || !errors.Is(err, ErrLimit) {
		t.Fatalf("err = %v, want a limit error", err)
	}
	if got := err.Error(); got != "JSON reply limit (3 MiB) reached: stopped reading there" {
		t.Fatalf("message %q", got)
	}
	if src.n != 3*MiB+1 {
		t.Fatalf("read %d bytes, want the limit and one byte more", src.n)
	}
}

func TestReadAllKeepsEverythingUnderTheLimit(t *testing.T) {
	for _, n := range []int{0, 1, firstPiece - 1, firstPiece, firstPiece + 1, 5*MiB + 7} {
		in := bytes.Repeat([]byte("abcdefg"), n/7+1)[:n]
		for _, hint := range []int64{-1, int64(n)} {
			got, err := ReadAll(bytes.NewReader(in), 6*MiB, "x", hint)
			if err != nil || !bytes.Equal(got, in) {
				t.Fatalf("n=%d hint=%d: err %v, %d bytes back", n, hint, err, len(got))
			}
		}
		// A wrong hint (too small) still reads everything.
		got, err := ReadAll(bytes.NewReader(in), 6*MiB, "x", int64(n/2))
		if err != nil || !bytes.Equal(got, in) {
			t.Fatalf("n=%d short hint: err %v, %d bytes back", n, err, len(got))
		}
	}
	if _, err := ReadAll(strings.NewReader("abc"), 2, "x", -1); !errors.Is(err, ErrLimit) {
		t.Fatalf("3 bytes under a cap of 2: %v", err)
	}
	if got, err := ReadAll(strings.NewReader("ab"), 2, "x", -1); err != nil || string(got) != "ab" {
		t.Fatalf("exactly the cap: %q %v", got, err)
	}
}

func TestReadAllRefusesAnAnnouncedSize(t *testing.T) {
	src := &endless{}
	_, err := ReadAll(src, MiB, "JSON reply", 10*GiB)
	if !errors.Is(err, ErrLimit) || src.n != 0 || !strings.Contains(err.Error(), "10 GiB announced") {
		t.Fatalf("err %v after reading %d bytes", err, src.n)
	}
}

func TestReadAllPassesReadErrors(t *testing.T) {
	boom := errors.New("boom")
	_, err := ReadAll(io.MultiReader(strings.NewReader("abc"), errReader{boom}), MiB, "x", -1)
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	os.WriteFile(p, []byte("hello"), 0o600)
	if b, err := ReadFile(p, 5, "prompt"); err != nil || string(b) != "hello" {
		t.Fatalf("%q %v", b, err)
	}
	if _, err := ReadFile(p, 4, "prompt"); !errors.Is(err, ErrLimit) {
		t.Fatalf("over the cap: %v", err)
	}
	if _, err := ReadFile("/dev/zero", MiB, "prompt"); !errors.Is(err, ErrLimit) {
		t.Fatalf("/dev/zero: %v", err)
	}
}

func TestSizes(t *testing.T) {
	for in, want := range map[string]int64{"8MiB": 8 * MiB, "8 MiB": 8 * MiB, "512KiB": 512 * KiB, "1GB": GiB, "100": 100, "2m": 2 * MiB} {
		if got, err := ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "MiB", "8 TB", "-1", "1.5MiB", "99999999999999GiB"} {
		if _, err := ParseSize(bad); err == nil {
			t.Errorf("ParseSize(%q) accepted", bad)
		}
	}
	for n, want := range map[int64]string{8 * MiB: "8 MiB", 3 * GiB / 2: "1.5 GiB", 100: "100 B", 64 * KiB: "64 KiB"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestIdleError(t *testing.T) {
	err := Idle(90*time.Second, "the stream sent no content")
	if !errors.Is(err, ErrIdle) || errors.Is(err, ErrLimit) {
		t.Fatal("an idle error is ErrIdle only")
	}
	want := "idle timeout (1m30s) reached: the stream sent no content (limits.idle_timeout in config.toml)"
	if err.Error() != want {
		t.Fatalf("%q", err.Error())
	}
}
