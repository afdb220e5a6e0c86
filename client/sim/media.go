package sim

import (
	"bytes"
	"net/http"
	"strings"
	"time"
)

// mediaPrefix is where the simulator serves the files its results link to.
const mediaPrefix = "/sim/media/"

// mediaTime is the fixed modification time of served media, so replies are
// the same in every run.
var mediaTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// serveMedia serves a finished task's video: the embedded demo MP4, with
// Range and conditional requests handled by http.ServeContent. Media links
// need no credential, like the real service's storage URLs.
func (s *Server) serveMedia(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, mediaPrefix)
	id, ok := strings.CutSuffix(name, ".mp4")
	var t *task
	if _, family, _, known := parseTaskID(id); known {
		t = s.lookup(family, id, "")
	}
	if !ok || t == nil || t.failure != nil || s.state(t, s.now()).status != "COMPLETED" {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("Content-Type", "video/mp4")
	http.ServeContent(w, r, name, mediaTime, bytes.NewReader(s.mp4))
}
