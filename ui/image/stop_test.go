package imagetab

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// holdAfterPartial answers with one partial image, then keeps the stream
// open until the client goes away.
func holdAfterPartial(png []byte) func(http.Handler) http.Handler {
	return func(http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "event: image_generation.partial_image\ndata: {\"type\":\"image_generation.partial_image\",\"b64_json\":%q,\"partial_image_index\":0,\"output_format\":\"png\"}\n\n",
				base64.StdEncoding.EncodeToString(png))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		})
	}
}

func TestEscStopsTheStreamAndKeepsThePartialImage(t *testing.T) {
	t.Parallel()
	png, err := os.ReadFile(writePNG(t, "p.png"))
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, holdAfterPartial(png))
	h.set("prompt", "slow").set(rowPartials, "1")
	opened := h.Results(h.update(tabtest.Press("enter"))) // the job recorded, the stream opened
	partial := h.Results(h.update(opened[0]))             // the first event
	held := h.update(partial[0])                          // the next pull would wait for ever
	if !strings.Contains(h.view(), "image 1 · partial 1") || !h.m.page.running() {
		t.Fatalf("no partial image on screen:\n%s", h.view())
	}
	if got := h.m.KeyMap().ShortHelp(); len(got) == 0 || got[0].Help().Key != "esc" {
		t.Errorf("help does not offer esc first: %v", got)
	}
	h.Send(tabtest.Press("esc"))
	h.Send(h.Results(held)...) // the pull ends with the cancellation

	if h.m.page.running() {
		t.Fatal("still running after esc")
	}
	if v := h.view(); !strings.Contains(v, "image 1 · partial 1") || !strings.Contains(v, "partial image kept: ") {
		t.Errorf("the partial image is gone:\n%s", v)
	}
	jobs := h.jobs()
	if len(jobs) != 1 || jobs[0].Status != store.StatusInterrupted {
		t.Fatalf("jobs %+v", jobs)
	}
	if f := jobs[0].Files; len(f) != 1 || !f[0].Partial {
		t.Errorf("files %+v, want the partial image kept", f)
	}
	if len(h.Errors()) != 0 {
		t.Errorf("stopping is not an error: %v", h.Errors())
	}
	if n := h.Notices(); len(n) != 1 || n[0] != "stopped: what arrived is kept" {
		t.Errorf("notices %q", n)
	}
}
