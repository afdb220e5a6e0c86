package ui

import (
	"encoding/json"
	"testing"

	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestHistoryRetriesAFailedDownload: D on a failed download in History
// reaches the Video tab, which owns the poller: the task is unfinished
// again in the store (the poller follows it), and History stays shown.
func TestHistoryRetriesAFailedDownload(t *testing.T) {
	db := storetest.Open(t, "")
	ctx := t.Context()
	if _, err := db.AddVideoTask(ctx, store.VideoSubmission{RequestID: "rq-dl", Endpoint: "videoa/q1/text-to-video",
		BodyJSON: json.RawMessage(`{"prompt":"a harbour at dusk"}`)}); err != nil {
		t.Fatal(err)
	}
	db.CompleteVideoTask(ctx, "rq-dl", json.RawMessage(`{"video":{"url":"https://media.example.test/h.mp4"}}`), true)
	db.FailVideoDownload(ctx, "rq-dl", "the media server refused the video")

	m := historyListing(t, db, "a harbour at dusk")
	// Two steps by hand: the Video tab, once the task runs again, ticks
	// its clock every second, which send would follow for ever.
	next, cmd := m.Update(tabtest.Press("D"))
	m = next.(Model)
	for _, msg := range run(cmd) {
		if _, ok := msg.(tab.RetryDownloadMsg); !ok {
			continue
		}
		next, cmd := m.Update(msg)
		m = next.(Model)
		run(cmd) // the retry, in the store
	}
	if m.active != tab.History {
		t.Fatalf("active tab %d after D, want History", m.active)
	}
	v, err := db.VideoTask(ctx, "rq-dl")
	if err != nil || v.Done || v.DownloadFailed() {
		t.Fatalf("after D the task is %+v, %v: want it unfinished again", v, err)
	}
}
