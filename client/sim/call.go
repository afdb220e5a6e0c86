package sim

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// Body limits: the queue's documented 20 MB POST cap, and room for up to 16
// edit images elsewhere.
const (
	maxQueueBody = 20 << 20
	maxBody      = 64 << 20
)

// call is one request being answered.
type call struct {
	s     *Server
	g     group
	w     http.ResponseWriter
	r     *http.Request
	body  []byte
	id    string // hex digest of path and body: same request, same ids
	fault fault
}

// readBody reads the whole request body within the group's limit.
func (c *call) readBody() error {
	limit := int64(maxBody)
	if c.g == groupQueue {
		limit = maxQueueBody
	}
	b, err := io.ReadAll(http.MaxBytesReader(c.w, c.r.Body, limit))
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return fmt.Errorf("request body larger than %d bytes", limit)
	}
	if err != nil {
		return fmt.Errorf("reading the request body: %v", err)
	}
	c.body = b
	return nil
}

// post reports whether the request is a POST, answering 405 when not.
func (c *call) post() bool {
	if c.r.Method == http.MethodPost {
		return true
	}
	c.w.Header().Set("Allow", http.MethodPost)
	c.fail(http.StatusMethodNotAllowed, "method "+c.r.Method+" not allowed; use POST")
	return false
}

// decode unmarshals the JSON body into v, answering 400 (422 for the queue)
// when it is not valid JSON of the right shape.
func (c *call) decode(v any) bool {
	if err := json.Unmarshal(c.body, v); err != nil {
		c.invalid([]violation{{field: "body", msg: "invalid JSON: " + err.Error(), typ: "json_invalid"}})
		return false
	}
	return true
}

// validRequest decodes the call's body into an R and checks it by its
// rules (the protocol's validate), answering a body that is no JSON or
// breaks a rule itself: ok is false when it has answered.
func validRequest[R any, P interface {
	*R
	validate() []violation
}](c *call) (req *R, ok bool) {
	req = new(R)
	if !c.decode(req) {
		return nil, false
	}
	if vs := P(req).validate(); len(vs) > 0 {
		c.invalid(vs)
		return nil, false
	}
	return req, true
}

// requestID derives a request id from what was asked, so that the same
// request always gets the same reply bytes.
func requestID(path string, body []byte) string {
	h := sha256.New()
	h.Write([]byte(path))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil)[:12])
}

// reqID is the request id that alpha and gamma return in headers and errors.
func (c *call) reqID() string { return "req_sim" + c.id }

// setHeaders sets the family's request id header and the content type.
func (c *call) setHeaders(contentType string) {
	h := c.w.Header()
	h.Set("Content-Type", contentType)
	switch c.g {
	case groupAlpha:
		h.Set("Request-Id", c.reqID())
	case groupGamma:
		h.Set("X-Request-Id", c.reqID())
	}
}

// writeJSON writes v as the whole reply, untouched by faults.
func (c *call) writeJSON(status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, []byte(`{"error":"simulator could not encode its reply"}`)
	}
	c.setHeaders("application/json")
	c.w.WriteHeader(status)
	_, _ = c.w.Write(append(b, '\n'))
}

// reply writes v as a successful JSON reply, with any body fault applied.
// The error fault, meant for streams, makes a JSON reply a plain 500.
func (c *call) reply(status int, v any) {
	if c.fault.name == "error" {
		c.fail(http.StatusInternalServerError, "simulated error")
		return
	}
	b, err := json.Marshal(v)
	if err != nil {
		c.fail(http.StatusInternalServerError, "simulator could not encode its reply: "+err.Error())
		return
	}
	c.setHeaders("application/json")
	c.w.WriteHeader(status)
	c.writeFaulted(b)
}

// baseURL is the public base URL for links in replies: Options.BaseURL, or
// the request's own origin plus any prefix a wrapping handler stripped.
func (c *call) baseURL() string {
	if c.s.opts.BaseURL != "" {
		return strings.TrimRight(c.s.opts.BaseURL, "/")
	}
	scheme := "http"
	if c.r.TLS != nil {
		scheme = "https"
	}
	if p := c.r.Header.Get("X-Forwarded-Proto"); p == "http" || p == "https" {
		scheme = p
	}
	prefix := ""
	orig, _, _ := strings.Cut(c.r.RequestURI, "?")
	if p := c.r.URL.EscapedPath(); strings.HasSuffix(orig, p) && !strings.Contains(orig, "://") {
		prefix = strings.TrimRight(orig[:len(orig)-len(p)], "/")
	}
	return scheme + "://" + c.r.Host + prefix
}
