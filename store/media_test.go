package store

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSaveMedia(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	rel := must[string](t)(s.SaveMedia("img", ".PNG", strings.NewReader("picture")))
	if !strings.HasPrefix(rel, "media/2026-11-21/img-") || !strings.HasSuffix(rel, ".png") {
		t.Fatalf("path %s", rel)
	}
	abs := must[string](t)(s.MediaPath(rel))
	if b, _ := os.ReadFile(abs); string(b) != "picture" {
		t.Fatalf("content %q", b)
	}
	// No temporary file is left beside it.
	entries, _ := os.ReadDir(filepath.Dir(abs))
	if len(entries) != 1 {
		t.Fatalf("%d files in the day folder", len(entries))
	}
	for _, bad := range [][2]string{{"IMG", "png"}, {"img", "p/ng"}, {"", "png"}, {"img", "../x"}} {
		if _, err := s.SaveMedia(bad[0], bad[1], strings.NewReader("")); err == nil {
			t.Errorf("kind %q ext %q accepted", bad[0], bad[1])
		}
	}
}

type failingReader struct{ n int }

func (r *failingReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, errors.New("connection reset")
	}
	r.n--
	return copy(p, "data"), nil
}

func TestSaveMediaFailureLeavesNothing(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	if _, err := s.SaveMedia("img", "png", &failingReader{n: 2}); err == nil {
		t.Fatal("no error")
	}
	var files []string
	filepath.WalkDir(s.MediaDir(), func(p string, d os.DirEntry, err error) error {
		if !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) != 0 {
		t.Fatalf("left behind: %v", files)
	}
}

func TestResumeMedia(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	m, off := must2(t)(s.ResumeMedia("vid", "mp4", "rq/1"))
	if off != 0 {
		t.Fatalf("offset %d", off)
	}
	m.Write([]byte("first half "))
	m.Abort() // the download was cut: the bytes stay for the next try
	m, off = must2(t)(s.ResumeMedia("vid", "mp4", "rq/1"))
	if off != 11 {
		t.Fatalf("resumed at %d", off)
	}
	m.Write([]byte("second half"))
	rel := must[string](t)(m.Commit())
	b, _ := os.ReadFile(must[string](t)(s.MediaPath(rel)))
	if string(b) != "first half second half" {
		t.Fatalf("content %q", b)
	}
	if _, off = must2(t)(s.ResumeMedia("vid", "mp4", "rq/1")); off != 0 {
		t.Fatal("the partial file outlived its commit")
	}
}

func must2(t *testing.T) func(*MediaFile, int64, error) (*MediaFile, int64) {
	return func(m *MediaFile, off int64, err error) (*MediaFile, int64) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return m, off
	}
}

func TestMediaPathStaysInsideTheMediaFolder(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	for _, rel := range []string{"", "/etc/passwd", "../x", "media/../atelier.db", "atelier.db", "media/../../x", `media\..\..\x`} {
		if p, err := s.MediaPath(rel); err == nil {
			t.Errorf("MediaPath(%q) = %s", rel, p)
		}
	}
	if _, err := s.MediaPath("media/2026-01-01/img-1.png"); err != nil {
		t.Fatal(err)
	}
}

var _ io.Writer = (*MediaFile)(nil)
