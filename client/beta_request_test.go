package client

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"
)

// betaCall is one request a beta test server received.
type betaCall struct {
	Method, Path, EscapedPath, Query string
	Header                           http.Header
	Body                             []byte
}

// betaRecorder answers each request with the next handler of replies (the
// last one repeats) and records what was sent.
type betaRecorder struct {
	mu      sync.Mutex
	calls   []betaCall
	replies []http.HandlerFunc
}

func (b *betaRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	b.mu.Lock()
	n := len(b.calls)
	b.calls = append(b.calls, betaCall{r.Method, r.URL.Path, r.URL.EscapedPath(), r.URL.RawQuery, r.Header.Clone(), body})
	b.mu.Unlock()
	b.replies[min(n, len(b.replies)-1)](w, r)
}

func (b *betaRecorder) sent() []betaCall {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]betaCall(nil), b.calls...)
}

// betaServe returns a client whose server answers with replies in turn.
func betaServe(t *testing.T, replies ...http.HandlerFunc) (*Client, *betaRecorder) {
	t.Helper()
	rec := &betaRecorder{replies: replies}
	c, _ := newTestClient(t, rec)
	return c, rec
}

// betaJSON replies with status and body as JSON.
func betaJSON(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

// betaSSE replies 200 with body as an event stream.
func betaSSE(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, body)
	}
}

func betaPrompt(text string) *GenerateRequest {
	return &GenerateRequest{Contents: []BetaContent{BetaUserText(text)}}
}

// jsonEqual reports whether a and b hold the same JSON value.
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("bad JSON %s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("bad JSON %s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

func checkBetaAuth(t *testing.T, call betaCall) {
	t.Helper()
	if got := call.Header.Get("X-Beta-Api-Key"); got != testKeys.Beta {
		t.Errorf("X-Beta-Api-Key = %q, want the beta key", got)
	}
	if got := call.Header.Get("Authorization"); got != "" {
		t.Errorf("Authorization = %q, want none", got)
	}
	if got := call.Header.Get("X-Api-Key"); got != "" {
		t.Errorf("X-Api-Key = %q, want none", got)
	}
	if got := call.Header.Get("Content-Type"); got != "application/json" {
		t.Errorf("Content-Type = %q", got)
	}
}

func TestBetaGenerateContentRequest(t *testing.T) {
	t.Parallel()
	reply := fixture(t, "beta/reply_thinking.json")
	c, rec := betaServe(t, betaJSON(200, string(reply)))
	temp, topK, budget := 0.0, 0, 1024
	req := &GenerateRequest{
		Contents:          []BetaContent{{Parts: []BetaPart{BetaTextPart("How many r's in strawberry?")}}},
		SystemInstruction: BetaContent{Parts: []BetaPart{BetaTextPart("Be brief.")}},
		GenerationConfig: BetaGenerationConfig{
			Temperature: &temp, TopK: &topK, MaxOutputTokens: 256, CandidateCount: 1,
			StopSequences: []string{"END"}, ResponseMimeType: "text/plain",
			ThinkingConfig: BetaThinkingConfig{IncludeThoughts: true, ThinkingBudget: &budget},
		},
		SafetySettings: []BetaSafetySetting{{Category: "HARM_CATEGORY_HARASSMENT", Threshold: "BLOCK_ONLY_HIGH"}},
		Tools:          []BetaTool{BetaWebSearchTool()},
	}
	resp, err := c.GenerateContent(context.Background(), "beta-pro-3", req)
	if err != nil {
		t.Fatal(err)
	}
	calls := rec.sent()
	if len(calls) != 1 {
		t.Fatalf("%d requests, want 1", len(calls))
	}
	call := calls[0]
	if call.Method != http.MethodPost || call.EscapedPath != "/bypass/beta/v1/models/beta-pro-3:generateContent" || call.Query != "" {
		t.Errorf("sent %s %s?%s", call.Method, call.EscapedPath, call.Query)
	}
	checkBetaAuth(t, call)
	want := `{"contents":[{"parts":[{"text":"How many r's in strawberry?"}]}],
		"systemInstruction":{"parts":[{"text":"Be brief."}]},
		"generationConfig":{"temperature":0,"topK":0,"maxOutputTokens":256,"candidateCount":1,"stopSequences":["END"],
			"responseMimeType":"text/plain","thinkingConfig":{"includeThoughts":true,"thinkingBudget":1024}},
		"safetySettings":[{"category":"HARM_CATEGORY_HARASSMENT","threshold":"BLOCK_ONLY_HIGH"}],
		"tools":[{"webSearch":{}}]}`
	if !jsonEqual(t, call.Body, []byte(want)) {
		t.Errorf("body\n%s\nwant\n%s", call.Body, want)
	}

	if !jsonEqual(t, resp.Raw, reply) {
		t.Error("Raw is not the reply as sent")
	}
	if resp.Text() != "There are three r's in strawberry." || resp.Thoughts() != "Counting letters one by one." {
		t.Errorf("text %q, thoughts %q", resp.Text(), resp.Thoughts())
	}
	u := resp.UsageMetadata
	if u == nil || u.ThoughtsTokenCount != 57 || u.CandidatesTokenCount != 8 || u.CachedContentTokenCount != 4 ||
		u.TotalTokenCount != 76 || u.TrafficType != "ON_DEMAND" || len(u.CacheTokensDetails) != 1 {
		t.Errorf("usage %+v", u)
	}
	cd := resp.Candidates[0]
	sr := cd.SafetyRatings[1]
	if sr.Category != "HARM_CATEGORY_DANGEROUS_CONTENT" || sr.ProbabilityScore != 0.21 || sr.Severity != "HARM_SEVERITY_LOW" || sr.SeverityScore != 0.18 {
		t.Errorf("safety rating %+v", sr)
	}
	if cd.FinishReason != "STOP" || cd.AvgLogprobs != -0.42 || cd.CitationMetadata == nil ||
		cd.CitationMetadata.Citations[0].URI != "https://dictionary.example/strawberry" {
		t.Errorf("candidate %+v", cd)
	}
	if resp.ModelVersion != "beta-pro-3" || resp.ResponseID != "resp-nt-1" || resp.CreateTime != "2026-08-21T10:05:00.123456Z" {
		t.Errorf("reply metadata %q %q %q", resp.ModelVersion, resp.ResponseID, resp.CreateTime)
	}
	if _, blocked := resp.Blocked(); blocked {
		t.Error("reply reported as blocked")
	}
}

func TestBetaStreamRequest(t *testing.T) {
	t.Parallel()
	c, rec := betaServe(t, betaSSE(string(fixture(t, "beta/stream_thoughts.sse"))))
	for _, err := range c.StreamGenerateContent(context.Background(), "beta-pro-3", betaPrompt("Why tides?")) {
		if err != nil {
			t.Fatal(err)
		}
	}
	call := rec.sent()[0]
	if call.Method != http.MethodPost || call.EscapedPath != "/bypass/beta/v1/models/beta-pro-3:streamGenerateContent" || call.Query != "alt=sse" {
		t.Errorf("sent %s %s?%s", call.Method, call.EscapedPath, call.Query)
	}
	checkBetaAuth(t, call)
	if got := call.Header.Get("Accept"); got != "text/event-stream" {
		t.Errorf("Accept = %q", got)
	}
	if !jsonEqual(t, call.Body, []byte(`{"contents":[{"role":"user","parts":[{"text":"Why tides?"}]}]}`)) {
		t.Errorf("body %s", call.Body)
	}
}

// TestBetaModelPath checks what path the server sees for model names with
// characters that have a meaning in URLs.
func TestBetaModelPath(t *testing.T) {
	t.Parallel()
	tests := []struct{ model, escaped, decoded string }{
		{"beta-flash-2.5", "beta-flash-2.5", "beta-flash-2.5"},
		{"tuned/my.model-1", "tuned%2Fmy.model-1", "tuned/my.model-1"},
		{"a?b#c", "a%3Fb%23c", "a?b#c"},
		{"100%", "100%25", "100%"},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			c, rec := betaServe(t, betaJSON(200, `{"candidates":[]}`))
			if _, err := c.GenerateContent(context.Background(), tt.model, betaPrompt("hi")); err != nil {
				t.Fatal(err)
			}
			call := rec.sent()[0]
			if want := "/bypass/beta/v1/models/" + tt.escaped + ":generateContent"; call.EscapedPath != want {
				t.Errorf("escaped path %q, want %q", call.EscapedPath, want)
			}
			if want := "/bypass/beta/v1/models/" + tt.decoded + ":generateContent"; call.Path != want {
				t.Errorf("path %q, want %q", call.Path, want)
			}
			if call.Query != "" {
				t.Errorf("query %q", call.Query)
			}
		})
	}
}

func TestBetaExtraPassthrough(t *testing.T) {
	t.Parallel()
	c, rec := betaServe(t, betaJSON(200, `{"candidates":[]}`))
	req := betaPrompt("hi")
	req.Extra = Extra{"toolConfig": map[string]any{"functionCallingConfig": map[string]any{"mode": "ANY"}},
		"cachedContent": "cachedContents/abc"}
	req.GenerationConfig = BetaGenerationConfig{MaxOutputTokens: 5, ResponseModalities: []string{"TEXT", "IMAGE"},
		Extra: Extra{"seed": 7, "maxOutputTokens": 9}}
	req.Tools = []BetaTool{
		{FunctionDeclarations: []BetaFunctionDeclaration{{Name: "get_weather", Description: "Weather now",
			Parameters: json.RawMessage(`{"type":"OBJECT","properties":{"city":{"type":"STRING"}}}`),
			Extra:      Extra{"behavior": "BLOCKING"}}}},
		{Extra: Extra{"codeExecution": map[string]any{}}},
		{WebSearch: &BetaWebSearch{ExcludeDomains: []string{"spam.example"}}},
	}
	if _, err := c.GenerateContent(context.Background(), "beta-pro-3", req); err != nil {
		t.Fatal(err)
	}
	want := `{"contents":[{"role":"user","parts":[{"text":"hi"}]}],
		"generationConfig":{"maxOutputTokens":9,"responseModalities":["TEXT","IMAGE"],"seed":7},
		"tools":[{"functionDeclarations":[{"name":"get_weather","description":"Weather now",
			"parameters":{"type":"OBJECT","properties":{"city":{"type":"STRING"}}},"behavior":"BLOCKING"}]},
			{"codeExecution":{}},{"webSearch":{"excludeDomains":["spam.example"]}}],
		"toolConfig":{"functionCallingConfig":{"mode":"ANY"}},"cachedContent":"cachedContents/abc"}`
	if body := rec.sent()[0].Body; !jsonEqual(t, body, []byte(want)) {
		t.Errorf("body\n%s\nwant\n%s", body, want)
	}
}

func TestBetaValidate(t *testing.T) {
	t.Parallel()
	f := func(v float64) *float64 { return &v }
	i := func(v int) *int { return &v }
	tests := []struct {
		name   string
		model  string
		req    *GenerateRequest
		fields []string // the violations expected, in order
	}{
		{"nil request", "m", nil, []string{"contents"}},
		{"no contents", "m", &GenerateRequest{}, []string{"contents"}},
		{"no model", "", betaPrompt("hi"), []string{"model"}},
		{"model with space", "beta pro", betaPrompt("hi"), []string{"model"}},
		{"model with newline", "beta\n", betaPrompt("hi"), []string{"model"}},
		{"content without parts", "m", &GenerateRequest{Contents: []BetaContent{{Role: "user"}}}, []string{"contents[0].parts"}},
		{"bad role", "m", &GenerateRequest{Contents: []BetaContent{{Role: "assistant", Parts: []BetaPart{BetaTextPart("x")}}}},
			[]string{"contents[0].role"}},
		{"empty system instruction", "m", &GenerateRequest{Contents: betaPrompt("x").Contents,
			SystemInstruction: BetaContent{Parts: []BetaPart{}}}, []string{"systemInstruction.parts"}},
		// temperature is "typically 0.0 to 2.0; minimum 0": 2.5 is the service's to judge.
		{"sampling out of range", "m", &GenerateRequest{Contents: betaPrompt("x").Contents, GenerationConfig: BetaGenerationConfig{
			Temperature: f(2.5), TopP: f(1.1), TopK: i(-1), MaxOutputTokens: -1, CandidateCount: -2}},
			[]string{"generationConfig.topP", "generationConfig.topK",
				"generationConfig.maxOutputTokens", "generationConfig.candidateCount"}},
		{"zero counts through extra", "m", &GenerateRequest{Contents: betaPrompt("x").Contents, Extra: Extra{
			"generationConfig": map[string]any{"candidateCount": 0, "maxOutputTokens": 0}}},
			[]string{"generationConfig.maxOutputTokens", "generationConfig.candidateCount"}},
		{"mistyped through extra", "m", &GenerateRequest{Contents: betaPrompt("x").Contents, Extra: Extra{
			"generationConfig": map[string]any{"topK": "5", "stopSequences": "END"}, "tools": map[string]any{}}},
			[]string{"generationConfig.topK", "generationConfig.stopSequences", "tools"}},
		{"negative temperature", "m", &GenerateRequest{Contents: betaPrompt("x").Contents,
			GenerationConfig: BetaGenerationConfig{Temperature: f(-0.1)}}, []string{"generationConfig.temperature"}},
		{"safety setting incomplete", "m", &GenerateRequest{Contents: betaPrompt("x").Contents,
			SafetySettings: []BetaSafetySetting{{Category: "HARM_CATEGORY_HARASSMENT"}, {Threshold: "OFF"}}},
			[]string{"safetySettings[0].threshold", "safetySettings[1].category"}},
		{"everything at once", "", &GenerateRequest{SafetySettings: []BetaSafetySetting{{}}}, []string{"model", "contents",
			"safetySettings[0].category", "safetySettings[0].threshold"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, rec := betaServe(t, betaJSON(200, `{}`))
			_, err := c.GenerateContent(context.Background(), tt.model, tt.req)
			checkViolations(t, err, tt.fields)
			if !strings.HasPrefix(err.Error(), "generate content: ") {
				t.Errorf("error %q does not name the operation", err)
			}
			for _, err := range c.StreamGenerateContent(context.Background(), tt.model, tt.req) {
				checkViolations(t, err, tt.fields)
			}
			if n := len(rec.sent()); n != 0 {
				t.Errorf("%d requests sent for an invalid request", n)
			}
		})
	}
}

func checkViolations(t *testing.T, err error, fields []string) {
	t.Helper()
	vs := Violations(err)
	var got []string
	for _, v := range vs {
		got = append(got, v.Field)
	}
	if !reflect.DeepEqual(got, fields) {
		t.Fatalf("violations %q, want %q (err %v)", got, fields, err)
	}
	var ve *ValidationError
	if !errors.As(err, &ve) || ve.Rule == "" {
		t.Errorf("error %v is not a *ValidationError with a rule", err)
	}
}

// TestBetaValidateAccepts checks that valid edge values and unknown vendor
// values pass.
func TestBetaValidateAccepts(t *testing.T) {
	t.Parallel()
	f, i := 0.0, 0
	two, one := 2.0, 1.0
	reqs := []*GenerateRequest{
		betaPrompt("hi"),
		{Contents: []BetaContent{{Parts: []BetaPart{BetaTextPart("a")}}, {Role: "model", Parts: []BetaPart{BetaTextPart("b")}}},
			GenerationConfig: BetaGenerationConfig{Temperature: &f, TopP: &f, TopK: &i}},
		{Contents: betaPrompt("x").Contents, GenerationConfig: BetaGenerationConfig{Temperature: &two, TopP: &one, MaxOutputTokens: 1, CandidateCount: 1}},
		{Contents: betaPrompt("x").Contents, SafetySettings: []BetaSafetySetting{{Category: "HARM_CATEGORY_FUTURE", Threshold: "BLOCK_SOMETIMES"}}},
		{Contents: betaPrompt("x").Contents, Tools: []BetaTool{{FunctionDeclarations: []BetaFunctionDeclaration{{Name: "f"}}}, {Extra: Extra{"urlContext": map[string]any{}}}}},
		// Only "minimum 0" is a rule for temperature; and a tool of a kind the
		// interface does not name is let through.
		{Contents: betaPrompt("x").Contents, GenerationConfig: BetaGenerationConfig{Temperature: new(2.5)}, Tools: []BetaTool{{}}},
	}
	for i, r := range reqs {
		if err := r.Validate(); err != nil {
			t.Errorf("request %d: %v", i, err)
		}
	}
}
