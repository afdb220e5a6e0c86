package sim

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"
)

// Transport is an http.RoundTripper that answers every request with
// Handler in this process: no port is opened and no name is resolved, so
// a client can reach a simulator at any origin it likes (the demo uses a
// fixed .invalid host, the same in every run). Replies stream as a server's
// do: the handler's writes reach the reply body as they are made, and the
// handler's request context ends when the caller's does or when the body
// is closed.
type Transport struct {
	Handler http.Handler
}

// errBodyClosed ends a handler's writes after the caller closed the body.
var errBodyClosed = errors.New("sim transport: the reply body was closed")

// RoundTrip serves req with the handler and returns the reply once the
// handler has sent its status line.
func (t Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithCancel(req.Context())
	in := req.Clone(ctx)
	in.RequestURI = req.URL.RequestURI()
	in.RemoteAddr = "127.0.0.1:0"
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	if req.URL.Scheme == "https" {
		in.TLS = &tls.ConnectionState{HandshakeComplete: true, ServerName: req.URL.Hostname()}
	}
	if in.Body == nil {
		in.Body = http.NoBody
	}
	pr, pw := io.Pipe()
	w := &pipeWriter{header: http.Header{}, body: pw, ready: make(chan struct{})}
	go func() {
		defer cancel()
		defer in.Body.Close()
		defer func() {
			if p := recover(); p != nil {
				pw.CloseWithError(fmt.Errorf("sim transport: the handler panicked: %v", p))
				w.WriteHeader(http.StatusInternalServerError)
			}
		}()
		t.Handler.ServeHTTP(w, in)
		w.WriteHeader(http.StatusOK) // a handler that wrote nothing answered 200
		pw.Close()
	}()
	select {
	case <-w.ready:
	case <-ctx.Done():
		pr.CloseWithError(ctx.Err())
		cancel()
		return nil, ctx.Err()
	}
	// As over a connection, the caller's context ending ends the reading.
	stop := context.AfterFunc(req.Context(), func() { pr.CloseWithError(req.Context().Err()) })
	resp := &http.Response{
		Status: fmt.Sprintf("%d %s", w.code, http.StatusText(w.code)), StatusCode: w.code,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: w.sent, Body: &pipeBody{r: pr, cancel: cancel, stop: stop}, ContentLength: -1, Request: req,
	}
	if n, err := strconv.ParseInt(w.sent.Get("Content-Length"), 10, 64); err == nil {
		resp.ContentLength = n
	}
	if req.Method == http.MethodHead {
		resp.Body.Close()
		resp.Body = http.NoBody
	}
	return resp, nil
}

// pipeWriter is the handler's side of a reply: the status line and the
// headers as they stand at the first write, then the body through a pipe.
type pipeWriter struct {
	header http.Header
	body   *io.PipeWriter
	once   sync.Once
	ready  chan struct{} // closed once the status line is sent
	code   int
	sent   http.Header // the headers sent, fixed at the status line
}

func (w *pipeWriter) Header() http.Header { return w.header }

func (w *pipeWriter) WriteHeader(code int) {
	w.once.Do(func() {
		w.code, w.sent = code, w.header.Clone()
		close(w.ready)
	})
}

func (w *pipeWriter) Write(p []byte) (int, error) {
	w.WriteHeader(http.StatusOK)
	return w.body.Write(p)
}

// Flush sends the status line; the pipe holds no bytes back.
func (w *pipeWriter) Flush() { w.WriteHeader(http.StatusOK) }

// pipeBody is the caller's side of the reply body; closing it ends the
// handler's request.
type pipeBody struct {
	r      *io.PipeReader
	cancel context.CancelFunc
	stop   func() bool // stops watching the caller's context
}

func (b *pipeBody) Read(p []byte) (int, error) { return b.r.Read(p) }

func (b *pipeBody) Close() error {
	b.stop()
	b.r.CloseWithError(errBodyClosed)
	b.cancel()
	return nil
}
