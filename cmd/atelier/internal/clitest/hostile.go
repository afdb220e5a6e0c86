package clitest

import (
	"bytes"
	"compress/gzip"
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
)

// Hostile is a service that attacks its client, one way per mode (issue
// 13's list): endless streams, quiet streams, endless and compressed
// bodies, huge images, and video tasks whose media lie or point where
// they should not. Endless bytes are made as they are sent, and stop when
// the client leaves, so that a "10 GB" body costs what the client reads.
type Hostile struct {
	Mode    string
	URL     string
	Hits    atomic.Int32 // requests
	Media   atomic.Int32 // media downloads
	Written atomic.Int64 // bytes of an endless body written before the client left
	ID      string       // the video task's request id
	Video   []byte       // the media file
	// serve, when set (SetServe), answers the requests it knows
	// (reporting it did) before the modes above: the attacks of the other
	// hostile suite (cmd/atelier/hostile). It is set once the server runs, so under a lock.
	serveMu sync.Mutex
	serve   func(w http.ResponseWriter, r *http.Request) bool
}

// SetServe makes serve answer h's requests before its modes.
func (h *Hostile) SetServe(serve func(w http.ResponseWriter, r *http.Request) bool) {
	h.serveMu.Lock()
	defer h.serveMu.Unlock()
	h.serve = serve
}

// The modes.
const (
	EndlessText   = "endless text"
	EndlessPings  = "endless pings"
	Silent        = "silent after start"
	OnlyComments  = "only comments"
	HugeBody      = "10 GB body"
	GzipBomb      = "gzip bomb"
	HugeBase64    = "huge base64"
	BadBase64     = "image not base64"
	SizeSmaller   = "file_size smaller"
	SizeLarger    = "file_size larger"
	ShortMedia    = "short media"
	FileMedia     = "file:// media"
	LongID        = "200-character id"
	MetadataMedia = "plain-http metadata address"
	Controls      = "control characters"
)

func NewHostile(t *testing.T, mode string) *Hostile {
	h := &Hostile{Mode: mode, ID: "rq-hostile-1", Video: bytes.Repeat([]byte("\x00\x00\x00\x18ftypmp42 video bytes "), 5000)}
	if mode == LongID {
		h.ID = strings.Repeat("r", 200)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.Hits.Add(1)
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
			WriteJSONReply(w, map[string]any{"request_id": h.ID, "status": "IN_QUEUE",
				"status_url":   h.URL + "/queue/qv/videoa/requests/" + h.ID + "/status",
				"response_url": h.URL + "/queue/qv/videoa/requests/" + h.ID})
		case strings.HasSuffix(r.URL.Path, "/status"):
			WriteJSONReply(w, map[string]any{"request_id": h.ID, "status": "COMPLETED"})
		case strings.HasPrefix(r.URL.Path, "/queue/qv/videoa/requests/"):
			WriteJSONReply(w, map[string]any{"video": map[string]any{"url": h.mediaURL(), "content_type": "video/mp4",
				"file_size": h.fileSize()}})
		case r.URL.Path == "/media/video.mp4":
			h.ServeMedia(w)
		default:
			http.NotFound(w, r)
		}
	}))
	// The address is known before the server runs, so that its handlers
	// read h.URL with no race.
	h.URL = "http://" + srv.Listener.Addr().String()
	srv.Start()
	t.Cleanup(srv.Close)
	return h
}

// env is the environment of a run against h, with a data folder of its own.
func (h *Hostile) Env(t *testing.T) []string {
	return []string{"ATELIER_BASE_URL=" + h.URL, "ATELIER_ALPHA_KEY=ka", "ATELIER_BETA_KEY=kb", "ATELIER_GAMMA_KEY=kg",
		"ATELIER_QUEUE_KEY=kq", "ATELIER_HOME=" + t.TempDir(), "ATELIER_CONFIG=" + t.TempDir() + "/config.toml"}
}

func WriteJSONReply(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(v)
}

func SSEEvent(w io.Writer, typ, data string) error {
	_, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, data)
	w.(http.Flusher).Flush()
	return err
}

const (
	HostileStart = `{"type":"message_start","message":{"id":"m1","type":"message","role":"assistant","model":"m","content":[],"usage":{"input_tokens":1,"output_tokens":0}}}`
	HostileBlock = `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`
	// HostileText is what a Controls reply says: a clipboard write, a
	// hyperlink, a bell, a C1 CSI.
	HostileText = "copy\x1b]52;c;ZXZpbA==\x07 this \x1b]8;;https://evil.test\x1b\\link\x1b]8;;\x1b\\ \u009b2J end"
)

func HostileDelta(s string) string {
	b, _ := json.Marshal(map[string]any{"type": "content_block_delta", "index": 0,
		"delta": map[string]any{"type": "text_delta", "text": s}})
	return string(b)
}

// messages is the alpha endpoint, streamed or not as the request asks.
func (h *Hostile) messages(w http.ResponseWriter, r *http.Request) {
	var req struct{ Stream bool }
	json.NewDecoder(r.Body).Decode(&req)
	if !req.Stream {
		switch h.Mode {
		case HugeBody:
			h.endless(w, r, `{"id":"m1","type":"message","content":[{"type":"text","text":"`, nil)
		case GzipBomb:
			h.bomb(w, r)
		default:
			WriteJSONReply(w, map[string]any{"id": "m1", "type": "message", "role": "assistant", "model": "m",
				"stop_reason": "end_turn", "content": []any{map[string]any{"type": "text", "text": HostileText}},
				"usage": map[string]any{"input_tokens": 1, "output_tokens": 9}})
		}
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	SSEEvent(w, "message_start", HostileStart)
	SSEEvent(w, "content_block_start", HostileBlock)
	if h.Mode == EndlessText {
		chunk := HostileDelta(strings.Repeat("x", 1<<20))
		for SSEEvent(w, "content_block_delta", chunk) == nil && r.Context().Err() == nil {
			h.Written.Add(int64(len(chunk)))
		}
		return
	}
	if h.Mode == Controls {
		SSEEvent(w, "content_block_delta", HostileDelta(HostileText))
		SSEEvent(w, "content_block_stop", `{"type":"content_block_stop","index":0}`)
		SSEEvent(w, "message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}`)
		SSEEvent(w, "message_stop", `{"type":"message_stop"}`)
		return
	}
	SSEEvent(w, "content_block_delta", HostileDelta("partial"))
	for r.Context().Err() == nil {
		switch h.Mode {
		case EndlessPings:
			SSEEvent(w, "ping", `{"type": "ping"}`)
		case OnlyComments:
			io.WriteString(w, ": keepalive\n\n")
			w.(http.Flusher).Flush()
		default: // Silent
			<-r.Context().Done()
		}
	}
}

// images is the image endpoint: one image of endless base64, or one that
// is not base64 at all.
func (h *Hostile) images(w http.ResponseWriter, r *http.Request) {
	if h.Mode == BadBase64 {
		WriteJSONReply(w, map[string]any{"created": 1, "data": []any{map[string]any{"b64_json": "!!not base64!!"}}})
		return
	}
	h.endless(w, r, `{"created":1,"data":[{"b64_json":"iVBORw0KGgo`, []byte(strings.Repeat("QUFB", 16<<10)))
}

// endless writes head, then piece (or 'A's) until the client leaves.
func (h *Hostile) endless(w http.ResponseWriter, r *http.Request, head string, piece []byte) {
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, head)
	if piece == nil {
		piece = bytes.Repeat([]byte("A"), 64<<10)
	}
	for r.Context().Err() == nil {
		n, err := w.Write(piece)
		h.Written.Add(int64(n))
		if err != nil {
			return
		}
	}
}

// bomb writes a gzip stream of zeros until the client leaves: a few
// kilobytes on the wire per megabyte it decodes to. The stream is
// compressed once for the run (bombStream) and its megabyte of zeros sent
// again and again: compressing under -race cost the suite seconds a run.
func (h *Hostile) bomb(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Encoding", "gzip")
	head, zeros := bombStream()
	if _, err := w.Write(head); err != nil {
		return
	}
	h.Written.Add(1 << 20)
	for r.Context().Err() == nil {
		if _, err := w.Write(zeros); err != nil {
			break
		}
		h.Written.Add(1 << 20) // decoded bytes
	}
}

// bombStream is a gzip stream's start, the reply's opening and a megabyte
// of zeros, and one more megabyte of zeros, compressed: each part ends
// with a flush, at a byte of its own, and the second refers back only to
// the zeros before it, so that it decodes to the same megabyte after the
// first and after any number of itself.
var bombStream = sync.OnceValues(func() (head, zeros []byte) {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	mb := make([]byte, 1<<20)
	zw.Write([]byte(`{"id":"m1","content":"`))
	zw.Write(mb)
	zw.Flush()
	head = bytes.Clone(b.Bytes())
	b.Reset()
	zw.Write(mb)
	zw.Flush()
	return head, bytes.Clone(b.Bytes())
})

func (h *Hostile) mediaURL() string {
	switch h.Mode {
	case FileMedia:
		return "file:///etc/passwd"
	case MetadataMedia:
		return "http://169.254.169.254/latest/meta-data/video.mp4"
	}
	return h.URL + "/media/video.mp4"
}

// fileSize is what the result announces: wrong in the size modes.
func (h *Hostile) fileSize() int {
	switch h.Mode {
	case SizeSmaller:
		return len(h.Video) / 3
	case SizeLarger:
		return len(h.Video) * 3
	}
	return len(h.Video)
}

// ServeMedia sends the video; short media announces it whole, sends half
// (ignoring any Range), and drops the connection.
func (h *Hostile) ServeMedia(w http.ResponseWriter) {
	h.Media.Add(1)
	w.Header().Set("Content-Type", "video/mp4")
	w.Header().Set("Content-Length", strconv.Itoa(len(h.Video)))
	if h.Mode == ShortMedia {
		w.Write(h.Video[:len(h.Video)/2])
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler)
	}
	w.Write(h.Video)
}
