package sim

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"testing"
	"time"
)

// hookServer is a loopback receiver of webhook callbacks.
func hookServer(t *testing.T) (*httptest.Server, chan map[string]any) {
	got := make(chan map[string]any, 10)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var m map[string]any
		b, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || json.Unmarshal(b, &m) != nil {
			t.Errorf("callback %s %s", r.Method, b)
		}
		got <- m
	}))
	t.Cleanup(srv.Close)
	return srv, got
}

func waitHook(t *testing.T, got chan map[string]any) map[string]any {
	t.Helper()
	select {
	case m := <-got:
		return m
	case <-time.After(5 * time.Second):
		t.Fatal("no webhook callback within 5 s")
		return nil
	}
}

func TestQueueWebhook(t *testing.T) {
	hook, got := hookServer(t)
	clock := newFakeClock()
	_, srv := testSim(t, Options{Pace: time.Second, Clock: clock.Now})
	h := submitVideo(t, srv, "videoa/q1/text-to-video?queue_webhook="+hook.URL+"/cb", map[string]any{"prompt": "a cat"})
	select {
	case m := <-got:
		t.Fatalf("callback before completion: %v", m)
	default:
	}
	clock.Advance(10 * time.Second)
	poll(t, srv, str(t, h, "status_url"))
	m := waitHook(t, got)
	if m["status"] != "OK" || m["request_id"] != h["request_id"] || m["gateway_request_id"] != h["request_id"] || dig(t, m, "payload", "video", "url") == nil {
		t.Fatalf("payload %v", m)
	}
	poll(t, srv, str(t, h, "status_url"))
	poll(t, srv, str(t, h, "response_url"))

	h = submitVideo(t, srv, "videob/o3/pro/text-to-video?queue_webhook="+hook.URL, map[string]any{"prompt": "a cat [[fail]]"})
	clock.Advance(10 * time.Second)
	poll(t, srv, str(t, h, "response_url"))
	if m := waitHook(t, got); m["status"] != "ERROR" || str(t, m, "error") == "" || len(list(t, m, "payload", "detail")) != 1 {
		t.Fatalf("failure payload %v", m)
	}
	select {
	case m := <-got:
		t.Fatalf("a second callback: %v", m)
	default:
	}
}

func TestQueueWebhookTimer(t *testing.T) {
	hook, got := hookServer(t)
	s := New(Options{Keys: testKeys, Pace: time.Millisecond})
	srv := httptest.NewServer(s)
	t.Cleanup(func() { srv.Close(); s.Close() })
	resp, raw := send(t, srv, http.MethodPost, srv.URL+"/queue/qv/videoa/q1/text-to-video?queue_webhook="+hook.URL, map[string]any{"prompt": "a cat"}, "Authorization", "Key queue-key")
	if resp.StatusCode != 200 {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
	if m := waitHook(t, got); m["status"] != "OK" {
		t.Fatalf("payload %v", m)
	}
}

// recorder is a transport that records requests instead of sending them.
type recorder struct{ urls chan string }

func (r recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	r.urls <- req.URL.String()
	return nil, errors.New("recorded")
}

func TestQueueWebhookOnlyLoopback(t *testing.T) {
	rec := recorder{urls: make(chan string, 10)}
	s, srv := testSim(t, Options{HTTPClient: &http.Client{Transport: rec}})
	submitVideo(t, srv, "videoa/q1/text-to-video?queue_webhook=https://example.org/hook", map[string]any{"prompt": "a cat"})
	submitVideo(t, srv, "videoa/q1/image-to-video?queue_webhook=http://127.0.0.1:9/hook", videoBodies["videoa/q1/image-to-video"])
	submitVideo(t, srv, "videoa/q1/text-to-video?queue_webhook=http://127.0.0.1:9/hook", map[string]any{"prompt": "a cat"})
	s.Close()
	close(rec.urls)
	var urls []string
	for u := range rec.urls {
		urls = append(urls, u)
	}
	if !reflect.DeepEqual(urls, []string{"http://127.0.0.1:9/hook"}) {
		t.Fatalf("callbacks sent to %v; want only the loopback one of an endpoint that lists queue_webhook", urls)
	}
}
