package sim

import (
	"net/http"
	"strings"
	"testing"
)

// endpointsByGroup has one cheap valid request per group.
var endpointsByGroup = map[string]struct {
	path string
	body any
}{
	"alpha": {"/bypass/alpha/v1/messages", map[string]any{"model": "m", "max_tokens": 100, "messages": []any{map[string]any{"role": "user", "content": "hi"}}}},
	"beta":  {"/bypass/beta/v1/models/beta-pro:generateContent", map[string]any{"contents": []any{map[string]any{"parts": []any{map[string]any{"text": "hi"}}}}}},
	"gamma": {"/bypass/gamma/v1/responses", map[string]any{"model": "m", "input": "hi"}},
	"queue": {"/queue/qv/videoa/q1/text-to-video", map[string]any{"prompt": "hi"}},
}

func TestAuth(t *testing.T) {
	_, srv := testSim(t, Options{})
	tests := []struct {
		group   string
		headers []string
		want    int
	}{
		{"alpha", nil, 200},
		{"alpha", []string{"X-Api-Key", "", "Authorization", "Bearer alpha-key"}, 200},
		{"alpha", []string{"X-Api-Key", ""}, 401},
		{"alpha", []string{"X-Api-Key", "wrong"}, 401},
		{"alpha", []string{"X-Api-Key", "beta-key"}, 401},
		{"beta", nil, 200},
		{"beta", []string{"X-Beta-Api-Key", "", "Authorization", "Bearer beta-key"}, 200},
		{"beta", []string{"X-Beta-Api-Key", ""}, 401},
		{"beta", []string{"X-Beta-Api-Key", "", "X-Api-Key", "beta-key"}, 401},
		{"gamma", nil, 200},
		{"gamma", []string{"Authorization", ""}, 401},
		{"gamma", []string{"Authorization", "Key gamma-key"}, 401},
		{"gamma", []string{"Authorization", "Bearer wrong"}, 401},
		{"queue", nil, 200},
		{"queue", []string{"Authorization", "Bearer queue-key"}, 401},
		{"queue", []string{"Authorization", "Key wrong"}, 401},
		{"queue", []string{"Authorization", ""}, 401},
	}
	for _, tt := range tests {
		t.Run(tt.group+strings.Join(tt.headers, "_"), func(t *testing.T) {
			ep := endpointsByGroup[tt.group]
			resp, body := send(t, srv, http.MethodPost, ep.path, ep.body, tt.headers...)
			if resp.StatusCode != tt.want {
				t.Fatalf("status %d, want %d: %s", resp.StatusCode, tt.want, body)
			}
			if tt.want == 401 {
				check401(t, tt.group, resp, decodeJSON(t, body))
				for _, k := range testKeys {
					if strings.Contains(string(body), k) {
						t.Errorf("401 body echoes a key: %s", body)
					}
				}
			}
		})
	}
}

// check401 asserts the family's authentication error shape.
func check401(t *testing.T, group string, resp *http.Response, m map[string]any) {
	t.Helper()
	switch group {
	case "alpha":
		if str(t, m, "type") != "error" || str(t, m, "error", "type") != "authentication_error" || str(t, m, "error", "message") == "" {
			t.Errorf("alpha 401 shape: %v", m)
		}
		if id := str(t, m, "request_id"); id == "" || resp.Header.Get("Request-Id") != id {
			t.Errorf("request_id %q, header %q", id, resp.Header.Get("Request-Id"))
		}
	case "beta":
		if num(t, m, "error", "code") != 401 || str(t, m, "error", "status") != "UNAUTHENTICATED" || str(t, m, "error", "message") == "" {
			t.Errorf("beta 401 shape: %v", m)
		}
	case "gamma":
		e := dig(t, m, "error").(map[string]any)
		if e["type"] != "invalid_request_error" || e["code"] != "invalid_api_key" || e["message"] == "" {
			t.Errorf("gamma 401 shape: %v", m)
		}
		if v, ok := e["param"]; !ok || v != nil {
			t.Errorf("gamma 401 param = %v, want null", v)
		}
		if resp.Header.Get("X-Request-Id") == "" {
			t.Error("gamma 401 without x-request-id")
		}
	case "queue":
		if str(t, m, "detail") == "" {
			t.Errorf("queue 401 shape: %v", m)
		}
	}
}

func TestAuthAnyKeyWhenUnconfigured(t *testing.T) {
	_, srv := testSim(t, Options{Keys: map[string]string{"alpha": "alpha-key"}})
	ep := endpointsByGroup["gamma"]
	if resp, body := send(t, srv, http.MethodPost, ep.path, ep.body, "Authorization", "Bearer anything"); resp.StatusCode != 200 {
		t.Fatalf("unconfigured group with a key: %d %s", resp.StatusCode, body)
	}
	if resp, _ := send(t, srv, http.MethodPost, ep.path, ep.body, "Authorization", ""); resp.StatusCode != 401 {
		t.Fatalf("unconfigured group without a key: %d, want 401", resp.StatusCode)
	}
}

func TestUnknownPaths(t *testing.T) {
	_, srv := testSim(t, Options{})
	for _, tt := range []struct {
		method, path string
		want         int
	}{
		{"POST", "/bypass/alpha/v1/nothing", 404},
		{"GET", "/bypass/alpha/v1/messages", 405},
		{"POST", "/bypass/beta/v1/models/m:countLetters", 404},
		{"POST", "/bypass/gamma/v1/nothing", 404},
		{"POST", "/queue/qv/videoa/q9/text-to-video", 404},
		{"GET", "/queue/qv/videoa/q1/text-to-video", 405},
		{"GET", "/queue/qv/videoa/requests/nope/status", 404},
		{"POST", "/queue/qv/videoa/requests/nope/status", 405},
		{"GET", "/elsewhere", 404},
	} {
		resp, body := send(t, srv, tt.method, tt.path, "{}")
		if resp.StatusCode != tt.want {
			t.Errorf("%s %s: %d, want %d (%s)", tt.method, tt.path, resp.StatusCode, tt.want, body)
		}
		decodeJSON(t, body)
	}
}
