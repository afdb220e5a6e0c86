package sim

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// deliver sends t's completion callback once, in the background, if t has
// a webhook (PROTOCOLS 5.8 payload). There is one attempt and no retry.
func (s *Server) deliver(t *task) {
	if t.hook == "" {
		return
	}
	t.notify.Do(func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.timers, t.id)
		if s.closed {
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.post(t.hook, s.webhookPayload(t))
		}()
	})
}

// webhookPayload is the callback body: status OK with the result, or ERROR
// with the failure detail.
func (s *Server) webhookPayload(t *task) map[string]any {
	p := map[string]any{"request_id": t.id, "gateway_request_id": t.id}
	if t.failure != nil {
		p["status"], p["error"] = "ERROR", "Invalid status code: 422"
		p["payload"] = map[string]any{"detail": t.failureDetail()}
		return p
	}
	p["status"], p["payload"] = "OK", map[string]any{"video": s.video(t)}
	return p
}

// post sends one callback; failures are dropped, as a lost callback is
// something clients must survive anyway (they poll).
func (s *Server) post(hook string, payload any) {
	b, err := json.Marshal(payload)
	if err != nil {
		return
	}
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, hook, bytes.NewReader(b))
	if err != nil {
		return
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.opts.HTTPClient.Do(req)
	if err != nil {
		return
	}
	_ = resp.Body.Close()
}

// loopbackURL is the default webhook policy: loopback hosts only.
func loopbackURL(u *url.URL) bool {
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
