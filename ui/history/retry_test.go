package history

import (
	"encoding/json"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// retrySent is the retry History asked the Video tab for, if any.
func retrySent(hs *harness) (tab.RetryDownloadMsg, bool) {
	for _, m := range hs.Out {
		if msg, ok := m.(tab.RetryDownloadMsg); ok {
			return msg, true
		}
	}
	return tab.RetryDownloadMsg{}, false
}

// TestFailedDownloadInHistory: a task the service completed whose video
// was not saved is listed "download failed", shows why when open, and D
// (listed or open) asks the Video tab, which owns the poller, to fetch it
// again; on a saved video D does nothing but say so.
func TestFailedDownloadInHistory(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	tabtest.Must[int64](t)(f.db.AddVideoTask(bg, store.VideoSubmission{RequestID: "rq-dl1", Endpoint: "videoa/q1/text-to-video",
		BodyJSON: json.RawMessage(`{"prompt":"a harbour at dusk"}`)}))
	check(t, f.db.CompleteVideoTask(bg, "rq-dl1", json.RawMessage(`{"video":{"url":"https://media.example.test/h.mp4"}}`), true))
	check(t, f.db.FailVideoDownload(bg, "rq-dl1", "the media server refused the video: 403 Forbidden"))
	hs := newHarness(t, f.db, 110, 40)

	if line := tabtest.Line(hs.to("harbour").view(), "harbour"); !strings.Contains(line, "✗") {
		t.Errorf("listed as %q", line)
	}
	hs.Out = nil
	hs.Keys("D")
	if msg, ok := retrySent(hs); !ok || msg.RequestID != "rq-dl1" {
		t.Fatalf("D sent %v", hs.Out)
	}
	view := hs.opened("harbour")
	wantAll(t, view, "download failed", "Download failed", "the media server refused the video: 403 Forbidden · D retries",
		"none: download failed")
	hs.Out = nil
	hs.Keys("D")
	if _, ok := retrySent(hs); !ok {
		t.Fatalf("D on the open task sent %v", hs.Out)
	}

	hs.Keys("esc")
	hs.Out = nil
	hs.to("beam sweeps").Keys("D")
	if _, ok := retrySent(hs); ok {
		t.Fatal("a saved video was sent to be retried")
	}
	if w := hs.Warnings(); len(w) == 0 || !strings.Contains(w[len(w)-1], "did not fail") {
		t.Errorf("warnings %q", w)
	}
}
