//go:build conformance

package sim_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"atelier/client/sim"
)

// The simulator checked by clients nobody here wrote: the official
// TypeScript SDKs of the three chat protocols and the image protocol,
// pinned in testdata/conformance/package-lock.json, run by
// testdata/conformance/sdk-check.mjs against the simulator. Every reply
// must parse without error in the SDK, and the text and usage the SDK reads
// must be exactly what the simulator meant. Run by
// testdata/conformance/run.sh (go test -tags conformance); it needs node
// and `npm ci` in testdata/conformance.

// confKeys are the keys the simulator accepts, one per group.
var confKeys = map[string]string{"alpha": "conf-ka", "beta": "conf-kb", "gamma": "conf-kg", "queue": "conf-kq"}

// confDir is the Node project of the conformance checks.
const confDir = "../../testdata/conformance"

// confImageSize is the size sdk-check.mjs asks for.
const confImageSize = "256x256"

// confCheck is one check of sdk-check.mjs and how to ask the simulator
// for the reference reply over plain HTTP. The prompts are those of the
// script; a check whose prompt differs fails, so the two cannot drift.
type confCheck struct {
	prompt string
	ref    func(t *testing.T, base, prompt string) confRef
}

// confRef is what the simulator meant: the reply text, the usage, and for
// images the decoded size and a hash of the image bytes.
type confRef struct {
	text          string
	input, output int
	width, height int
	sha           string
}

var confChecks = map[string]confCheck{
	"alpha/messages":            {"conformance alpha whole reply", confAlphaRef},
	"alpha/messages-stream":     {"conformance alpha streamed reply", confAlphaRef},
	"alpha/messages-raw-stream": {"conformance alpha raw event stream", confAlphaRef},
	"beta/generate":             {"conformance beta whole reply", confBetaRef},
	"beta/generate-stream":      {"conformance beta streamed reply", confBetaRef},
	"gamma/responses":           {"conformance gamma whole reply", confGammaRef},
	"gamma/responses-stream":    {"conformance gamma streamed reply", confGammaRef},
	"gamma/images":              {"conformance lighthouse in fog", confImageRef},
	"gamma/images-stream":       {"conformance harbour at dawn", confImageRef},
}

// confLine is one JSON line printed by sdk-check.mjs.
type confLine struct {
	Check  string `json:"check"`
	Prompt string `json:"prompt"`
	Text   string `json:"text"`
	Usage  struct {
		Input  *int `json:"input"`
		Output *int `json:"output"`
	} `json:"usage"`
	Images   []confImage `json:"images"`
	Partials []confImage `json:"partials"`
	Status   int         `json:"status"`
	OK       bool        `json:"ok"`
	Error    string      `json:"error"`
}

// confImage is one PNG as sdk-check.mjs read it.
type confImage struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	SHA256 string `json:"sha256"`
}

func TestConformanceOfficialSDKs(t *testing.T) {
	s := sim.New(sim.Options{Keys: confKeys, ValidateVideo: sim.TableRules})
	rec := &confRecorder{next: s}
	srv := httptest.NewServer(rec) // 127.0.0.1:0
	t.Cleanup(func() { srv.Close(); s.Close() })

	lines := confRunNode(t, srv.URL)
	seen := map[string]bool{}
	agree := map[string]int{}
	for _, l := range lines {
		if seen[l.Check] {
			t.Errorf("%s: reported twice", l.Check)
		}
		seen[l.Check] = true
		if l.Check == "beta/own-header" {
			// The SDK's own credential header (x-goog-api-key) is not in the
			// interface's table for /bypass/beta, so the simulator refuses it;
			// sdk-check.mjs sends X-Beta-Api-Key besides. A simulator that
			// took the vendor header would hide a client sending the wrong one.
			if l.Status != http.StatusUnauthorized {
				t.Errorf("beta with only the SDK's x-goog-api-key: status %d, want 401 (%s)", l.Status, l.Error)
			}
			continue
		}
		if family, ok := strings.CutPrefix(l.Check, "agree/"); ok {
			// sdk-agree.mjs: with features on, the SDK folds the stream to
			// the whole reply; the script has compared the two.
			family, _, _ = strings.Cut(family, "/")
			agree[family]++
			t.Run(l.Check, func(t *testing.T) {
				if !l.OK {
					t.Error(l.Error)
				}
			})
			continue
		}
		t.Run(l.Check, func(t *testing.T) { confAssert(t, srv.URL, l) })
	}
	for _, family := range []string{"alpha", "beta", "gamma"} {
		if agree[family] < 3 {
			t.Errorf("%d agree/%s checks reported, want at least 3", agree[family], family)
		}
	}
	for name := range confChecks {
		if !seen[name] {
			t.Errorf("%s: not reported by sdk-check.mjs", name)
		}
	}
	rec.check(t)
}

// confRecorder notes the path and credential headers of every request the
// SDKs send, to show that they land where the interface says, with the
// header its Authentication table prefers.
type confRecorder struct {
	next http.Handler
	mu   sync.Mutex
	seen []string // "<path>?<query> <credential header names>"
}

func (r *confRecorder) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.Header.Get(confReferenceHeader) != "" {
		r.next.ServeHTTP(w, req)
		return
	}
	var creds []string
	for _, h := range []string{"Authorization", "X-Api-Key", "X-Beta-Api-Key", "X-Goog-Api-Key"} {
		if v := req.Header.Get(h); v != "" {
			if scheme, _, ok := strings.Cut(v, " "); ok && h == "Authorization" {
				h += ":" + scheme
			}
			creds = append(creds, h)
		}
	}
	r.mu.Lock()
	r.seen = append(r.seen, req.URL.Path+"?"+req.URL.RawQuery+" "+strings.Join(creds, ","))
	r.mu.Unlock()
	r.next.ServeHTTP(w, req)
}

// check compares the requests seen with the interface's paths and
// headers: each kind at least as often as the main checks send it (the
// agree checks add more of the same kinds), and no other kind. The alpha SDK sends its key as Authorization: Bearer, which the
// interface also accepts; sdk-check.mjs swaps it for X-Api-Key in two of the
// three alpha checks. The beta SDK sends its own x-goog-api-key as well as
// the X-Beta-Api-Key sdk-check.mjs adds.
func (r *confRecorder) check(t *testing.T) {
	r.mu.Lock()
	defer r.mu.Unlock()
	want := map[string]int{
		"/bypass/alpha/v1/messages? X-Api-Key":                                                        2,
		"/bypass/alpha/v1/messages? Authorization:Bearer":                                             1, // the SDK's own way
		"/bypass/beta/v1/models/sim-beta:generateContent? X-Beta-Api-Key,X-Goog-Api-Key":              1,
		"/bypass/beta/v1/models/sim-beta:streamGenerateContent?alt=sse X-Beta-Api-Key,X-Goog-Api-Key": 1,
		"/bypass/gamma/v1/responses? Authorization:Bearer":                                            2,
		"/bypass/gamma/v1/images/generations? Authorization:Bearer":                                   2,
		// beta/own-header: the SDK's header alone, refused.
		"/bypass/beta/v1/models/sim-beta:generateContent? X-Goog-Api-Key": 1,
	}
	got := map[string]int{}
	for _, s := range r.seen {
		got[s]++
	}
	for k, n := range want {
		if got[k] < n {
			t.Errorf("want at least %d requests %q, saw %d", n, k, got[k])
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected request %q", k)
		}
	}
}

// confAssert compares one SDK check with the simulator's own reply to the
// same request.
func confAssert(t *testing.T, base string, l confLine) {
	c, known := confChecks[l.Check]
	switch {
	case !known:
		t.Fatalf("unknown check (prompt %q): add it to confChecks", l.Prompt)
	case !l.OK:
		t.Fatalf("the SDK failed: %s", l.Error)
	case l.Prompt != c.prompt:
		t.Fatalf("prompt %q, the test expects %q", l.Prompt, c.prompt)
	case l.Usage.Input == nil || l.Usage.Output == nil:
		t.Fatalf("the SDK read no usage: %+v", l.Usage)
	}
	ref := c.ref(t, base, c.prompt)
	if got, want := [2]int{*l.Usage.Input, *l.Usage.Output}, [2]int{ref.input, ref.output}; got != want {
		t.Errorf("usage (input, output) read by the SDK %v, the simulator's reply says %v", got, want)
	}
	if ref.sha == "" { // chat
		if want := sim.ReplyText(c.prompt); ref.text != want {
			t.Fatalf("reference reply is not sim.ReplyText: %q", ref.text)
		}
		if l.Text != ref.text {
			t.Errorf("text read by the SDK differs from the simulator's reply:\n got %q\nwant %q", l.Text, ref.text)
		}
		return
	}
	if len(l.Images) != 1 {
		t.Fatalf("%d final images, want 1", len(l.Images))
	}
	img := l.Images[0]
	if img.Width != ref.width || img.Height != ref.height || img.SHA256 != ref.sha {
		t.Errorf("image read by the SDK %dx%d %s, the simulator's %dx%d %s", img.Width, img.Height, img.SHA256, ref.width, ref.height, ref.sha)
	}
	for i, p := range l.Partials {
		if p.Width != ref.width || p.Height != ref.height {
			t.Errorf("partial image %d is %dx%d", i, p.Width, p.Height)
		}
	}
}
