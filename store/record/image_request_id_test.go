package record

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store/recipe"
)

// TestSavedImagesCarryTheRequestID: against the simulator, the recipe of
// every image saved names the request id the service gave the request (a
// reply header), for a whole reply and for a stream.
func TestSavedImagesCarryTheRequestID(t *testing.T) {
	var mu sync.Mutex
	var ids []string
	url := simtest.Serve(t, sim.Options{Keys: map[string]string{"gamma": "kg"}}, func(s http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			s.ServeHTTP(w, r)
			mu.Lock()
			ids = append(ids, w.Header().Get("X-Request-Id"))
			mu.Unlock()
		})
	})
	c := simtest.Client(t, url)
	db := openStore(t)
	ctx := context.Background()
	for i, stream := range []bool{false, true} {
		req := client.ImageRequest{Model: client.ImageModel25Flare, Prompt: "a fox in the snow", Stream: stream}
		j := must[*ImageJob](t)(BeginImage(ctx, db, req, nil, nil))
		var resp *client.ImageResponse
		if stream {
			var acc client.ImageAccumulator
			for ev, err := range c.StreamImages(ctx, req) {
				if err != nil {
					t.Fatal(err)
				}
				if err := acc.Add(ev); err != nil {
					t.Fatal(err)
				}
			}
			resp = acc.Response()
		} else {
			resp = must[*client.ImageResponse](t)(c.GenerateImages(ctx, req))
		}
		saved, _, err := j.Finish(ctx, resp, false, nil, time.Second)
		if err != nil || len(saved) == 0 {
			t.Fatalf("stream %v: %d saved, %v", stream, len(saved), err)
		}
		mu.Lock()
		want := ids[i]
		mu.Unlock()
		if want == "" {
			t.Fatal("the simulator sent no request id")
		}
		rc, err := recipe.ReadFile(saved[0].Media)
		if err != nil {
			t.Fatal(err)
		}
		if rc.RequestID != want {
			t.Errorf("stream %v: recipe request id %q, want %q", stream, rc.RequestID, want)
		}
	}
}
