package sim

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// faultTargets are one streaming request per streaming endpoint, by group.
var faultTargets = []struct {
	group string
	path  string
	body  func(prompt string) map[string]any
}{
	{"alpha", alphaPath, func(p string) map[string]any { return alphaBody(p, map[string]any{"stream": true}) }},
	{"beta", betaStreamPath, func(p string) map[string]any { return betaBody(p, nil) }},
	{"gamma", responsesPath, func(p string) map[string]any { return responsesBody(p, map[string]any{"stream": true}) }},
	{"gamma", generationsPath, func(p string) map[string]any {
		return imageBody(map[string]any{"prompt": p, "size": "64x64", "stream": true, "partial_images": 3, "n": 2})
	}},
}

func TestFaultErrors(t *testing.T) {
	_, srv := testSim(t, Options{})
	tests := []struct {
		fault  string
		status map[string]int
		typ    map[string]string // family's error type / status / code / error_type
	}{
		{"429", map[string]int{"alpha": 429, "beta": 429, "gamma": 429, "queue": 429},
			map[string]string{"alpha": "rate_limit_error", "beta": "RESOURCE_EXHAUSTED", "gamma": "rate_limit_exceeded", "queue": "rate_limited"}},
		{"500", map[string]int{"alpha": 500, "beta": 500, "gamma": 500, "queue": 500},
			map[string]string{"alpha": "api_error", "beta": "INTERNAL", "gamma": "server_error", "queue": "internal_server_error"}},
		{"overloaded", map[string]int{"alpha": 529, "beta": 503, "gamma": 503, "queue": 503},
			map[string]string{"alpha": "overloaded_error", "beta": "UNAVAILABLE", "gamma": "server_error", "queue": "runner_scheduling_failure"}},
		{"unauthorized", map[string]int{"alpha": 401, "beta": 401, "gamma": 401, "queue": 401},
			map[string]string{"alpha": "authentication_error", "beta": "UNAUTHENTICATED", "gamma": "invalid_api_key", "queue": ""}},
	}
	for _, tt := range tests {
		for group, ep := range endpointsByGroup {
			for _, how := range []string{"header", "marker"} {
				var resp *http.Response
				var raw []byte
				if how == "header" {
					resp, raw = send(t, srv, http.MethodPost, ep.path, ep.body, faultHeader, tt.fault)
				} else {
					resp, raw = send(t, srv, http.MethodPost, ep.path, markBody(t, ep.body, "[[fault:"+tt.fault+"]]"))
				}
				m := decodeJSON(t, raw)
				if resp.StatusCode != tt.status[group] || errorKind(m) != tt.typ[group] {
					t.Errorf("%s %s by %s: %d %v", tt.fault, group, how, resp.StatusCode, m)
				}
				if tt.fault == "429" && resp.Header.Get("Retry-After") != "1" {
					t.Errorf("%s: Retry-After %q", group, resp.Header.Get("Retry-After"))
				}
			}
		}
	}
}

// markBody puts a marker into the prompt of an encoded body.
func markBody(t *testing.T, body any, marker string) string {
	b, err := json.Marshal(body)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Replace(string(b), `"hi"`, `"hi `+marker+`"`, 1)
}

// errorKind reads the error type in any family's shape.
func errorKind(m map[string]any) string {
	if e, ok := m["error"].(map[string]any); ok {
		for _, k := range []string{"status", "code", "type"} {
			if s, ok := e[k].(string); ok && s != "" {
				if k == "type" && m["type"] == nil && e["code"] == nil {
					return s
				}
				if k != "type" || m["type"] == "error" {
					return s
				}
			}
		}
	}
	s, _ := m["error_type"].(string)
	return s
}

func TestFaultCountedRetry(t *testing.T) {
	_, srv := testSim(t, Options{})
	ep := endpointsByGroup["alpha"]
	body := markBody(t, ep.body, "[[fault:429x2]]")
	for i, want := range []int{429, 429, 200, 200} {
		if resp, raw := send(t, srv, http.MethodPost, ep.path, body); resp.StatusCode != want {
			t.Fatalf("request %d: %d %s", i+1, resp.StatusCode, raw)
		}
	}
	// the counter is per token: a labelled token starts afresh
	if resp, _ := send(t, srv, http.MethodPost, ep.path, ep.body, faultHeader, "429x2:other"); resp.StatusCode != 429 {
		t.Fatalf("fresh token: %d", resp.StatusCode)
	}
	resp := open(t, srv, http.MethodPost, ep.path, ep.body, faultHeader, "cutx1")
	if _, err := io.ReadAll(resp.Body); err == nil {
		t.Fatal("cutx1: the first reply was not cut")
	}
	resp.Body.Close()
	if resp, raw := send(t, srv, http.MethodPost, ep.path, ep.body, faultHeader, "cutx1"); resp.StatusCode != 200 || !json.Valid(raw) {
		t.Fatalf("cutx1 second: %d %s", resp.StatusCode, raw)
	}
}

func TestFaultUnknown(t *testing.T) {
	_, srv := testSim(t, Options{})
	ep := endpointsByGroup["gamma"]
	resp, raw := send(t, srv, http.MethodPost, ep.path, ep.body, faultHeader, "explode")
	if resp.StatusCode != 400 || !strings.Contains(string(raw), "unknown simulator fault") {
		t.Fatalf("%d %s", resp.StatusCode, raw)
	}
}

// complete is a target's stream without a fault.
func complete(t *testing.T, path string, body map[string]any) []event {
	_, srv := testSim(t, Options{})
	return stream(t, srv, path, body)
}

func TestFaultCut(t *testing.T) {
	_, srv := testSim(t, Options{})
	for _, ft := range faultTargets {
		full := complete(t, ft.path, ft.body("tea"))
		resp := open(t, srv, http.MethodPost, ft.path, ft.body("tea"), faultHeader, "cut")
		evs, err := readEvents(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || err == nil {
			t.Errorf("%s: status %d, read error %v; want 200 and a broken stream", ft.path, resp.StatusCode, err)
		}
		if len(evs) != len(full)/2 {
			t.Errorf("%s: %d events before the cut, want %d", ft.path, len(evs), len(full)/2)
		}
	}
	resp := open(t, srv, http.MethodPost, alphaPath, alphaBody("tea", nil), faultHeader, "cut")
	_, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err == nil {
		t.Error("a cut JSON reply read without error")
	}
}

func TestFaultMalformed(t *testing.T) {
	_, srv := testSim(t, Options{})
	for _, ft := range faultTargets {
		evs := stream(t, srv, ft.path, ft.body("tea"), faultHeader, "malformed")
		bad := 0
		for _, ev := range evs {
			if !json.Valid([]byte(ev.data)) {
				bad++
			}
		}
		if bad != 1 || len(evs) != len(complete(t, ft.path, ft.body("tea"))) {
			t.Errorf("%s: %d malformed events of %d", ft.path, bad, len(evs))
		}
	}
	_, raw := send(t, srv, http.MethodPost, alphaPath, alphaBody("tea", nil), faultHeader, "malformed")
	if json.Valid(raw) {
		t.Error("malformed JSON reply is valid JSON")
	}
}

func TestFaultSlow(t *testing.T) {
	_, srv := testSim(t, Options{})
	start := time.Now()
	evs := stream(t, srv, betaStreamPath, betaBody("tea", nil), faultHeader, "slow:2ms")
	if min := time.Duration(len(evs)-1) * 2 * time.Millisecond; time.Since(start) < min {
		t.Errorf("%d events in %v, want at least %v", len(evs), time.Since(start), min)
	}
	start = time.Now()
	resp, raw := send(t, srv, http.MethodPost, responsesPath, responsesBody("tea", nil), faultHeader, "slow:5ms")
	if resp.StatusCode != 200 || !json.Valid(raw) || time.Since(start) < 15*time.Millisecond {
		t.Errorf("slow JSON: %d in %v", resp.StatusCode, time.Since(start))
	}
}

func TestFaultOversize(t *testing.T) {
	_, srv := testSim(t, Options{})
	for _, ft := range faultTargets {
		evs := stream(t, srv, ft.path, ft.body("tea [[fault:oversize:1MiB]]"))
		big := 0
		for _, ev := range evs {
			if len(ev.data) >= 1<<20 {
				big++
				var m map[string]any
				if err := json.Unmarshal([]byte(ev.data), &m); err != nil || m["type"] == "" && ft.group != "beta" {
					t.Errorf("%s: oversize event is not the JSON it pads: %v", ft.path, err)
				}
			}
		}
		if big != 1 {
			t.Errorf("%s: %d oversize events", ft.path, big)
		}
	}
	// The default size is past the client's 64 MiB cap; measure the longest
	// line without holding it.
	resp := open(t, srv, http.MethodPost, alphaPath, alphaBody("tea", map[string]any{"stream": true}), faultHeader, "oversize")
	defer resp.Body.Close()
	r := bufio.NewReaderSize(resp.Body, 64<<10)
	longest, cur := 0, 0
	for {
		line, isPrefix, err := r.ReadLine()
		if err != nil {
			break
		}
		cur += len(line)
		if !isPrefix {
			longest, cur = max(longest, cur), 0
		}
	}
	if longest < 70<<20 {
		t.Errorf("longest line %d bytes, want at least 70 MiB", longest)
	}
}

func TestFaultOnStatus(t *testing.T) {
	_, srv := testSim(t, Options{})
	h := submitVideo(t, srv, "videoa/q1/text-to-video", map[string]any{"prompt": "a cat"})
	resp, raw := send(t, srv, http.MethodGet, str(t, h, "status_url"), nil, faultHeader, "503x1")
	if resp.StatusCode != 400 {
		t.Fatalf("unknown fault on status: %d %s", resp.StatusCode, raw)
	}
	resp, _ = send(t, srv, http.MethodGet, str(t, h, "status_url"), nil, faultHeader, "500x1")
	if resp.StatusCode != 500 {
		t.Fatalf("500 on status: %d", resp.StatusCode)
	}
	if resp, _ = send(t, srv, http.MethodGet, str(t, h, "status_url"), nil, faultHeader, "500x1"); resp.StatusCode != 200 {
		t.Fatalf("status after the fault: %d", resp.StatusCode)
	}
}

func TestFaultStreamError(t *testing.T) {
	_, srv := testSim(t, Options{})
	for _, ft := range faultTargets {
		full := complete(t, ft.path, ft.body("tea"))
		resp := open(t, srv, http.MethodPost, ft.path, ft.body("tea"), faultHeader, "error")
		raw, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || err != nil {
			t.Fatalf("%s: %d %v", ft.path, resp.StatusCode, err)
		}
		evs, _ := readEvents(strings.NewReader(string(raw)))
		last := evs[len(evs)-1]
		if ft.group == "beta" {
			// the error is a bare JSON line, which the test reader skips
			lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
			if len(evs) != len(full)/2 || !strings.HasPrefix(lines[len(lines)-1], `{"error":{`) {
				t.Errorf("beta: %d events, last line %q", len(evs), lines[len(lines)-1])
			}
			continue
		}
		m := last.json(t)
		if len(evs) != len(full)/2+1 || last.name != "error" || m["type"] != "error" {
			t.Errorf("%s: %d events (of %d), last %s %v", ft.path, len(evs), len(full), last.name, m)
		}
		if ft.path == responsesPath && num(t, m, "sequence_number") != len(evs)-1 {
			t.Errorf("responses error event has sequence_number %v", m["sequence_number"])
		}
	}
	if resp, _ := send(t, srv, http.MethodPost, alphaPath, alphaBody("tea", nil), faultHeader, "error"); resp.StatusCode != 500 {
		t.Errorf("error fault on a JSON reply: %d, want 500", resp.StatusCode)
	}
}
