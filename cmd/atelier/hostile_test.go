package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/clienttest"
)

// hostile is a service that attacks its client, one way per mode (issue
// 13's list): endless streams, quiet streams, endless and compressed
// bodies, huge images, and video tasks whose media lie or point where
// they should not. Endless bytes are made as they are sent, and stop when
// the client leaves, so that a "10 GB" body costs what the client reads.
type hostile struct {
	mode    string
	url     string
	hits    atomic.Int32 // requests
	media   atomic.Int32 // media downloads
	written atomic.Int64 // bytes of an endless body written before the client left
	id      string       // the video task's request id
	video   []byte       // the media file
	// serve, when set (setServe), answers the requests it knows
	// (reporting it did) before the modes above: the attacks of the other
	// hostile_* files. It is set once the server runs, so under a lock.
	serveMu sync.Mutex
	serve   func(w http.ResponseWriter, r *http.Request) bool
}

// setServe makes serve answer h's requests before its modes.
func (h *hostile) setServe(serve func(w http.ResponseWriter, r *http.Request) bool) {
	h.serveMu.Lock()
	defer h.serveMu.Unlock()
	h.serve = serve
}

// The modes.
const (
	endlessText   = "endless text"
	endlessPings  = "endless pings"
	silent        = "silent after start"
	onlyComments  = "only comments"
	hugeBody      = "10 GB body"
	gzipBomb      = "gzip bomb"
	hugeBase64    = "huge base64"
	badBase64     = "image not base64"
	sizeSmaller   = "file_size smaller"
	sizeLarger    = "file_size larger"
	shortMedia    = "short media"
	fileMedia     = "file:// media"
	longID        = "200-character id"
	metadataMedia = "plain-http metadata address"
	controls      = "control characters"
)

func newHostile(t *testing.T, mode string) *hostile {
	h := &hostile{mode: mode, id: "rq-hostile-1", video: bytes.Repeat([]byte("\x00\x00\x00\x18ftypmp42 video bytes "), 5000)}
	if mode == longID {
		h.id = strings.Repeat("r", 200)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.hits.Add(1)
		h.serveMu.Lock()
		serve := h.serve
		h.serveMu.Unlock()
		if serve != nil && serve(w, r) {
			return
		}
		switch {
		case r.URL.Path == "/bypass/alpha/v1/messages":
			h.messages(w, r)
		case r.URL.Path == "/bypass/gamma/v1/images/generations":
			h.images(w, r)
		case r.URL.Path == "/queue/qv/videoa/q1/text-to-video":
			writeJSONReply(w, map[string]any{"request_id": h.id, "status": "IN_QUEUE",
				"status_url":   h.url + "/queue/qv/videoa/requests/" + h.id + "/status",
				"response_url": h.url + "/queue/qv/videoa/requests/" + h.id})
		case strings.HasSuffix(r.URL.Path, "/status"):
			writeJSONReply(w, map[string]any{"request_id": h.id, "status": "COMPLETED"})
		case strings.HasPrefix(r.URL.Path, "/queue/qv/videoa/requests/"):
			writeJSONReply(w, map[string]any{"video": map[string]any{"url": h.mediaURL(), "content_type": "video/mp4",
				"file_size": h.fileSize()}})
		case r.URL.Path == "/media/video.mp4":
			h.serveMedia(w)
		default:
			http.NotFound(w, r)
		}
	}))
	// The address is known before the server runs, so that its handlers
	// read h.url with no race.
	h.url = "http://" + srv.Listener.Addr().String()
	srv.Start()
	t.Cleanup(srv.Close)
	return h
}

// env is the environment of a run against h, with a data folder of its own.
func (h *hostile) env(t *testing.T) []string {
	return []string{"ATELIER_BASE_URL=" + h.url, "ATELIER_ALPHA_KEY=ka", "ATELIER_BETA_KEY=kb", "ATELIER_GAMMA_KEY=kg",
		"ATELIER_QUEUE_KEY=kq", "ATELIER_HOME=" + t.TempDir(), "ATELIER_CONFIG=" + t.TempDir() + "/config.toml"}
}

func writeJSONReply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func sseEvent(w io.Writer, typ, data string) error {
	_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, data)
	w.(http.Flusher).Flush()
	return err
}

const (
	hostileStart = `{"type":"message_start","message":{"id":"m1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":1,"output_tokens":0}}}`
	hostileBlock = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
	// hostileText is what a controls reply says: a clipboard write, a
	// hyperlink, a bell, a C1 CSI.
	hostileText = "copy\x1b]52;c;ZXZpbA==\x07 this \x1b]8;;https://evil.test\x1b\\link\x1b]8;;\x1b\\ \u009b2J end"
)

func hostileDelta(s string) string {
	b, _ := json.Marshal(map[string]any{"type": "content_block_delta", "index": 0,
		"delta": map[string]any{"type": "text_delta", "text": s}})
	return string(b)
}

// messages is the alpha endpoint, streamed or not as the request asks.
func (h *hostile) messages(w http.ResponseWriter, r *http.Request) {
	var req struct{ Stream bool }
	json.NewDecoder(r.Body).Decode(&req)
	if !req.Stream {
		switch h.mode {
		case hugeBody:
			h.endless(w, r, `{"id":"m1","type":"message","content":[{"type":"text","text":"`, nil)
		case gzipBomb:
			h.bomb(w, r)
		default:
			writeJSONReply(w, map[string]any{"id": "m1", "type": "message", "role": "assistant", "model": "m",
				"stop_reason": "end_turn", "content": []any{map[string]any{"type": "text", "text": hostileText}},
				"usage": map[string]any{"input_tokens": 1, "output_tokens": 9}})
		}
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	sseEvent(w, "message_start", hostileStart)
	sseEvent(w, "content_block_start", hostileBlock)
	if h.mode == endlessText {
		chunk := hostileDelta(strings.Repeat("x", 1<<20))
		for sseEvent(w, "content_block_delta", chunk) == nil && r.Context().Err() == nil {
			h.written.Add(int64(len(chunk)))
		}
		return
	}
	if h.mode == controls {
		sseEvent(w, "content_block_delta", hostileDelta(hostileText))
		sseEvent(w, "content_block_stop", `{"type":"content_block_stop","index":0}`)
		sseEvent(w, "message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}`)
		sseEvent(w, "message_stop", `{"type":"message_stop"}`)
		return
	}
	sseEvent(w, "content_block_delta", hostileDelta("partial"))
	for r.Context().Err() == nil {
		switch h.mode {
		case endlessPings:
			sseEvent(w, "ping", `{"type": "ping"}`)
		case onlyComments:
			io.WriteString(w, ": keepalive\n\n")
			w.(http.Flusher).Flush()
		default: // silent
			<-r.Context().Done()
		}
	}
}

// images is the image endpoint: one image of endless base64, or one that
// is not base64 at all.
func (h *hostile) images(w http.ResponseWriter, r *http.Request) {
	if h.mode == badBase64 {
		writeJSONReply(w, map[string]any{"created": 1, "data": []any{map[string]any{"b64_json": "!!not base64!!"}}})
		return
	}
	h.endless(w, r, `{"created":1,"data":[{"b64_json":"iVBORw0KGgo`, []byte(strings.Repeat("QUFB", 16<<10)))
}

// endless writes head, then piece (or 'A's) until the client leaves.
func (h *hostile) endless(w http.ResponseWriter, r *http.Request, head string, piece []byte) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, head)
	if piece == nil {
		piece = bytes.Repeat([]byte("A"), 64<<10)
	}
	for r.Context().Err() == nil {
		n, err := w.Write(piece)
		h.written.Add(int64(n))
		if err != nil {
			return
		}
	}
}

// bomb writes a gzip stream of zeros until the client leaves: a few
// kilobytes on the wire per megabyte it decodes to.
func (h *hostile) bomb(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Encoding", "gzip")
	cw := &countWriter{w: w}
	zw, _ := gzip.NewWriterLevel(cw, gzip.BestCompression)
	zw.Write([]byte(`{"id":"m1","content":"`))
	zeros := make([]byte, 1<<20)
	for r.Context().Err() == nil {
		if _, err := zw.Write(zeros); err != nil {
			break
		}
		h.written.Add(1 << 20) // decoded bytes
	}
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

func (h *hostile) mediaURL() string {
	switch h.mode {
	case fileMedia:
		return "file:///etc/passwd"
	case metadataMedia:
		return "http://169.254.169.254/latest/meta-data/video.mp4"
	}
	return h.url + "/media/video.mp4"
}

// fileSize is what the result announces: wrong in the size modes.
func (h *hostile) fileSize() int {
	switch h.mode {
	case sizeSmaller:
		return len(h.video) / 3
	case sizeLarger:
		return len(h.video) * 3
	}
	return len(h.video)
}

// serveMedia sends the video; short media announces it whole, sends half
// (ignoring any Range), and drops the connection.
func (h *hostile) serveMedia(w http.ResponseWriter) {
	h.media.Add(1)
	w.Header().Set("Content-Type", "video/mp4")
	w.Header().Set("Content-Length", strconv.Itoa(len(h.video)))
	if h.mode == shortMedia {
		w.Write(h.video[:len(h.video)/2])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	}
	w.Write(h.video)
}

// ran is one run of the command line, in this process.
type ran struct {
	stdout, stderr string
	outBytes       int64 // all of stdout; stdout keeps its first MiB
	code           int
}

// headWriter keeps the first MiB written to it and counts the rest, so
// that a reply of megabytes costs the test no memory of its own.
type headWriter struct {
	head bytes.Buffer
	n    int64
}

func (w *headWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	if room := 1<<20 - w.head.Len(); room > 0 {
		w.head.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

// runIn runs args as atelier would with env and stdin, on the given
// clocks.
func runIn(t *testing.T, env []string, stdin io.Reader, clk clocks, args ...string) ran {
	t.Helper()
	if stdin == nil {
		stdin = strings.NewReader("")
	}
	var out headWriter
	var errb bytes.Buffer
	// A command that a broken limit leaves waiting on a silent server
	// fails the test, rather than hanging it to the binary's timeout.
	wait := time.Minute
	if d, ok := t.Deadline(); ok {
		wait = min(wait, time.Until(d)/2)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	seedHistory(t, env, args)
	code := runWith(ctx, args, stdio{in: stdin, out: &out, err: &errb}, lookup(env), clk)
	if ctx.Err() != nil {
		t.Fatalf("atelier %s did not end within %s (exit %d, stderr %q)", strings.Join(args, " "), wait, code, errb.String())
	}
	return ran{stdout: out.head.String(), stderr: errb.String(), outBytes: out.n, code: code}
}

// lookup reads a variable of env (NAME=value entries).
func lookup(env []string) func(string) string {
	return func(k string) string {
		for _, kv := range env {
			if name, v, _ := strings.Cut(kv, "="); name == k {
				return v
			}
		}
		return ""
	}
}

// armAt is a client clock that ends the wait after the n-th arm of its
// timers (see clienttest.ArmClock).
func armAt(n int) clocks {
	clock := &clienttest.ArmClock{N: n}
	return clocks{afterFunc: func(d time.Duration, f func()) client.Timer { return clock.AfterFunc(d, f) }}
}

// instant is a poller clock on which every wait ends at once.
func instant() clocks {
	return clocks{poller: clienttest.NewInstantClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))}
}
