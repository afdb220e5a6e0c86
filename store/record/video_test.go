package record

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client"
	"atelier/internal/limits"
)

// TestVideoSubmission: the task is stored as submitted, body and handle,
// and read back for a poller.
func TestVideoSubmission(t *testing.T) {
	db := openStore(t)
	two := 2
	req := client.VideoRequest{Path: "videoa/q1/text-to-video", Body: map[string]any{"prompt": "waves"}, Webhook: "https://hook.example/x"}
	h := &client.VideoTask{Status: client.VideoInQueue, RequestID: "req-1", StatusURL: "https://svc/s", ResponseURL: "https://svc/r",
		QueuePosition: &two, Family: "videoa", Endpoint: "videoa/q1/text-to-video", Raw: []byte(`{"request_id":"req-1"}`)}
	got, err := VideoSubmission(context.Background(), db, req, h)
	if err != nil {
		t.Fatal(err)
	}
	if got.RequestID != "req-1" || got.Endpoint != req.Path || got.Family != "videoa" || got.Prompt != "waves" ||
		got.Webhook != req.Webhook || got.Status != client.VideoInQueue || got.QueuePosition == nil || *got.QueuePosition != 2 ||
		got.StatusURL != h.StatusURL || got.ResponseURL != h.ResponseURL || got.Done || got.Events != nil {
		t.Errorf("task %+v", got)
	}
	if !strings.Contains(string(got.BodyJSON), `"waves"`) {
		t.Errorf("body %s", got.BodyJSON)
	}
	if _, err := VideoSubmission(context.Background(), db, req, h); err == nil {
		t.Error("the same request id recorded twice")
	}
}

// TestImageDataURI: PNG, JPEG and WebP pass; anything else, a missing file
// and a file over the video image budget are refused with the rule.
func TestImageDataURI(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, b []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, b, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	uri, err := ImageDataURI(write("a.png", pngOf(t, 1, 1)))
	if err != nil || !strings.HasPrefix(uri, "data:image/png;base64,iVBORw0KGgo") {
		t.Errorf("png: %.40s, %v", uri, err)
	}
	big := filepath.Join(dir, "big.png")
	f, _ := os.Create(big)
	f.Write(pngOf(t, 1, 1))
	f.Truncate(limits.VideoImage + 1) // sparse: nothing of it is read
	f.Close()
	for name, c := range map[string]struct{ path, want string }{
		"text":    {write("a.txt", []byte("not an image")), "a PNG, JPEG or WebP image is needed (the file looks like text/plain"},
		"missing": {filepath.Join(dir, "gone.png"), "cannot read the image: no such file or directory"},
		"too big": {big, "the image is too large to send inline: video image limit (15 MiB) reached"},
	} {
		if _, err := ImageDataURI(c.path); err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", name, err, c.want)
		}
	}
}
