package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// videoMedia serves one file with Range support and records the
// Authorization header of each request.
type videoMedia struct {
	data []byte
	mu   sync.Mutex
	auth []string
	rng  []string
}

func (m *videoMedia) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	m.mu.Lock()
	m.auth = append(m.auth, r.Header.Get("Authorization"))
	m.rng = append(m.rng, r.Header.Get("Range"))
	m.mu.Unlock()
	w.Header().Set("Content-Type", "video/mp4")
	http.ServeContent(w, r, "out.mp4", time.Time{}, bytes.NewReader(m.data))
}

func (m *videoMedia) seen() (auth, rng []string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]string(nil), m.auth...), append([]string(nil), m.rng...)
}

var videoFile = []byte(strings.Repeat("0123456789", 100)) // 1000 bytes

func TestDownloadCredentialsByOrigin(t *testing.T) {
	t.Parallel()
	own := &videoMedia{data: videoFile}
	c, srv := newTestClient(t, own)
	c.Headers = map[Group]http.Header{Queue: {"X-Deployment": {"blue"}}}
	foreign := &videoMedia{data: videoFile}
	other := httptest.NewServer(foreign)
	defer other.Close()

	var buf bytes.Buffer
	n, ct, err := c.Download(t.Context(), srv.URL+basePath+"/files/out.mp4", &buf, 0)
	if err != nil || n != 1000 || ct != "video/mp4" || !bytes.Equal(buf.Bytes(), videoFile) {
		t.Fatalf("own origin: n %d ct %q err %v", n, ct, err)
	}
	if auth, _ := own.seen(); len(auth) != 1 || auth[0] != "Key "+testKeys.Queue {
		t.Errorf("own origin got Authorization %q", auth)
	}
	buf.Reset()
	n, _, err = c.Download(t.Context(), other.URL+"/files/out.mp4", &buf, 0)
	if err != nil || n != 1000 {
		t.Fatalf("foreign origin: n %d err %v", n, err)
	}
	if auth, _ := foreign.seen(); len(auth) != 1 || auth[0] != "" {
		t.Errorf("foreign origin got Authorization %q", auth)
	}
}

// TestDownloadRedirectDropsCredentials follows a redirect from the base
// origin to media storage elsewhere, which must get no credential, no
// group header and no Referer (the gateway's URL, with the task's path).
func TestDownloadRedirectDropsCredentials(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var got http.Header
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Clone()
		mu.Unlock()
		w.Write(videoFile)
	}))
	defer other.Close()
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Key "+testKeys.Queue {
			t.Errorf("base origin got Authorization %q", r.Header.Get("Authorization"))
		}
		http.Redirect(w, r, other.URL+"/stored/out.mp4", http.StatusFound)
	}))
	c.Headers = map[Group]http.Header{Queue: {"x-deployment": {"blue"}}}
	var buf bytes.Buffer
	n, _, err := c.Download(t.Context(), srv.URL+basePath+"/queue/qv/videoa/files/out.mp4", &buf, 0)
	if err != nil || n != 1000 {
		t.Fatalf("n %d err %v", n, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got.Get("Authorization") != "" || got.Get("X-Deployment") != "" {
		t.Errorf("storage got Authorization %q, X-Deployment %q", got.Get("Authorization"), got.Get("X-Deployment"))
	}
	if ref, sent := got["Referer"]; sent {
		t.Errorf("storage got a Referer naming the gateway: %q", ref)
	}
}

func TestDownloadRefusesSchemes(t *testing.T) {
	t.Parallel()
	c, _ := newTestClient(t, http.NotFoundHandler())
	for _, u := range []string{"file:///etc/passwd", "ftp://media.example/a.mp4", "data:video/mp4;base64,AAAA", "/relative/a.mp4", "://bad"} {
		if _, _, err := c.Download(t.Context(), u, io.Discard, 0); err == nil {
			t.Errorf("%s: fetched", u)
		}
	}
}

func TestDownloadSizeCap(t *testing.T) {
	t.Parallel()
	media := &videoMedia{data: videoFile}
	c, srv := newTestClient(t, media)
	// Another origin, streaming with no Content-Length: the cap must hold
	// while the bytes arrive, credentials or not.
	chunked := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		for range 10 {
			w.Write(videoFile[:100])
			w.(http.Flusher).Flush()
		}
	}))
	defer chunked.Close()
	cases := []struct {
		name   string
		url    string
		max    int64
		wrote  int64
		tooBig bool
	}{
		{"exactly at cap", srv.URL + basePath + "/f", 1000, 1000, false},
		{"announced over cap", srv.URL + basePath + "/f", 999, 0, true},
		{"streamed over cap", chunked.URL + "/f", 550, 550, true},
		{"streamed within cap", chunked.URL + "/f", 5000, 1000, false},
	}
	for _, tc := range cases {
		var buf bytes.Buffer
		n, _, err := c.Download(t.Context(), tc.url, &buf, tc.max)
		if errors.Is(err, ErrDownloadTooLarge) != tc.tooBig || n != tc.wrote || int64(buf.Len()) != n {
			t.Errorf("%s: n %d buf %d err %v", tc.name, n, buf.Len(), err)
		}
	}
}

func TestDownloadResume(t *testing.T) {
	t.Parallel()
	media := &videoMedia{data: videoFile}
	c, srv := newTestClient(t, media)
	u := srv.URL + basePath + "/f"
	var buf bytes.Buffer
	buf.Write(videoFile[:400])
	n, _, err := c.DownloadFrom(t.Context(), u, &buf, 400, 1000)
	if err != nil || n != 600 || !bytes.Equal(buf.Bytes(), videoFile) {
		t.Fatalf("resume: n %d err %v", n, err)
	}
	if _, rng := media.seen(); rng[0] != "bytes=400-" {
		t.Errorf("Range %q", rng)
	}
	// At the very end the server answers 416: nothing more, no error.
	n, _, err = c.DownloadFrom(t.Context(), u, io.Discard, 1000, 0)
	if err != nil || n != 0 {
		t.Errorf("complete file: n %d err %v", n, err)
	}
	// Past the end is an error.
	if _, _, err = c.DownloadFrom(t.Context(), u, io.Discard, 2000, 0); err == nil {
		t.Error("offset past the end accepted")
	}
	// The cap counts the bytes already held.
	if _, _, err = c.DownloadFrom(t.Context(), u, io.Discard, 400, 900); !errors.Is(err, ErrDownloadTooLarge) {
		t.Errorf("cap with offset: %v", err)
	}
	if _, _, err = c.DownloadFrom(t.Context(), u, io.Discard, -1, 0); err == nil {
		t.Error("negative offset accepted")
	}
}

// TestDownloadResumeIgnored covers a server that ignores Range (200 with the
// whole file) and one that answers with the wrong range.
func TestDownloadResumeIgnored(t *testing.T) {
	t.Parallel()
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/wrong" {
			w.Header().Set("Content-Range", "bytes 0-999/1000")
			w.WriteHeader(http.StatusPartialContent)
		}
		w.Write(videoFile)
	}))
	var buf bytes.Buffer
	n, _, err := c.DownloadFrom(t.Context(), srv.URL+basePath+"/whole", &buf, 250, 0)
	if err != nil || n != 750 || !bytes.Equal(buf.Bytes(), videoFile[250:]) {
		t.Errorf("whole file served: n %d err %v", n, err)
	}
	if _, _, err := c.DownloadFrom(t.Context(), srv.URL+basePath+"/wrong", io.Discard, 250, 0); err == nil {
		t.Error("a range from the wrong offset was accepted")
	}
}

func TestDownloadErrors(t *testing.T) {
	t.Parallel()
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		w.WriteHeader(code)
		io.WriteString(w, `{"detail":"gone"}`)
	}))
	_, _, err := c.Download(t.Context(), srv.URL+basePath+"/404", io.Discard, 0)
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 404 || ae.Group != Queue || !strings.HasPrefix(err.Error(), "download: ") {
		t.Errorf("404: %v", err)
	}
	insecure, err := New("http://media.example", testKeys)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := insecure.Download(t.Context(), "http://media.example/a.mp4", io.Discard, 0); !errors.Is(err, ErrInsecure) {
		t.Errorf("plain http with credentials to a remote host: %v", err)
	}
}

// videoCancelWriter cancels the download's context on its first write.
type videoCancelWriter struct {
	cancel func()
	n      int
}

func (w *videoCancelWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	w.cancel()
	return len(p), nil
}

func TestDownloadCancel(t *testing.T) {
	t.Parallel()
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(videoFile[:100])
		w.(http.Flusher).Flush()
		<-r.Context().Done() // the rest never comes: only cancelling ends this
	}))
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	w := &videoCancelWriter{cancel: cancel}
	n, _, err := c.Download(ctx, srv.URL+basePath+"/slow", w, 0)
	if !errors.Is(err, context.Canceled) || n != int64(w.n) || n == 0 {
		t.Errorf("n %d (wrote %d) err %v", n, w.n, err)
	}
}

// TestMediaURLsFetchedOnlyOverSafeSchemes: a media URL is fetched only
// over http(s), and over plain http only from loopback (unless insecure
// http is allowed), whatever its host, redirects included.
func TestMediaURLsFetchedOnlyOverSafeSchemes(t *testing.T) {
	t.Parallel()
	hits := 0
	c, srv := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
	}))
	for _, tc := range []struct {
		url  string
		want error
	}{
		{"file:///etc/passwd", ErrMediaURL},
		{"ftp://media.example/v.mp4", ErrMediaURL},
		{"http://169.254.169.254/latest/meta-data/video.mp4", ErrInsecure},
		{srv.URL + basePath + "/redirect", ErrInsecure},
	} {
		_, _, err := c.Download(t.Context(), tc.url, io.Discard, 0)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s: %v, want %v", tc.url, err, tc.want)
		}
	}
	if hits != 1 {
		t.Errorf("%d requests; only the redirecting one should have gone out", hits)
	}
}
