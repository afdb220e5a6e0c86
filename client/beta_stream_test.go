package client

import (
	"bytes"
	"context"
	"errors"
	"io"
	"iter"
	"net/http"
	"reflect"
	"strings"
	"testing"
)

// betaCollect runs a stream to its end, folding every chunk, and returns
// the chunks, the fold and the error that ended the stream.
func betaCollect(t *testing.T, seq iter.Seq2[GenerateChunk, error]) ([]GenerateChunk, *GenerateAccumulator, error) {
	t.Helper()
	var chunks []GenerateChunk
	acc := &GenerateAccumulator{}
	for chunk, err := range seq {
		if err != nil {
			return chunks, acc, err
		}
		chunks = append(chunks, chunk)
		if err := acc.Add(chunk); err != nil {
			t.Fatalf("Add: %v", err)
		}
	}
	return chunks, acc, nil
}

// betaStreamFixture streams a recorded reply and folds it.
func betaStreamFixture(t *testing.T, name string) ([]GenerateChunk, *GenerateResponse, error) {
	t.Helper()
	c, _ := betaServe(t, betaSSE(string(fixture(t, "beta/"+name))))
	chunks, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "beta-pro-3", betaPrompt("q")))
	resp := acc.Response()
	var again GenerateResponse
	if err := again.UnmarshalJSON(resp.Raw); err != nil || !reflect.DeepEqual(&again, resp) {
		t.Errorf("Raw of the folded reply does not decode to the typed view (%v)", err)
	}
	return chunks, resp, err
}

// partView is what a test checks of one part.
type partView struct {
	Text      string
	Thought   bool
	Signature string
	Call      string
}

func partsOf(r *GenerateResponse) []partView {
	if len(r.Candidates) == 0 {
		return nil
	}
	var out []partView
	for _, p := range r.Candidates[0].Content.Parts {
		v := partView{Text: p.Text, Thought: p.Thought, Signature: p.ThoughtSignature}
		if p.FunctionCall != nil {
			v.Call = p.FunctionCall.Name + string(p.FunctionCall.Args)
		}
		out = append(out, v)
	}
	return out
}

func TestBetaStreamThoughts(t *testing.T) {
	t.Parallel()
	chunks, resp, err := betaStreamFixture(t, "stream_thoughts.sse")
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 5 {
		t.Fatalf("%d chunks, want 5 (CRLF framing)", len(chunks))
	}
	if chunks[2].Text() != "Tides are caused" || chunks[0].Thoughts() == "" {
		t.Errorf("chunk text %q, thoughts %q", chunks[2].Text(), chunks[0].Thoughts())
	}
	want := []partView{
		{Text: "**Weighing the question**\n\nThe user asks about tides.", Thought: true},
		{Text: "Tides are caused by the moon's gravity.", Signature: "c2lnLWZpbmFs"}, // the last signature wins
	}
	if got := partsOf(resp); !reflect.DeepEqual(got, want) {
		t.Errorf("parts\n%+v\nwant\n%+v", got, want)
	}
	if resp.Text() != want[1].Text || resp.Thoughts() != want[0].Text {
		t.Errorf("Text %q Thoughts %q", resp.Text(), resp.Thoughts())
	}
	cd := resp.Candidates[0]
	if cd.FinishReason != "STOP" || cd.Content.Role != "model" {
		t.Errorf("finish %q role %q", cd.FinishReason, cd.Content.Role)
	}
	u := resp.UsageMetadata
	if u.ThoughtsTokenCount != 40 || u.CandidatesTokenCount != 9 || u.TotalTokenCount != 61 || len(u.PromptTokensDetails) != 1 {
		t.Errorf("usage %+v (the last one must win)", u)
	}
	if resp.ModelVersion != "beta-pro-3" || resp.ResponseID != "resp-th-1" || resp.CreateTime == "" {
		t.Errorf("metadata %q %q %q", resp.ModelVersion, resp.ResponseID, resp.CreateTime)
	}
}

func TestBetaStreamGrounded(t *testing.T) {
	t.Parallel()
	chunks, resp, err := betaStreamFixture(t, "stream_grounded.sse")
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 3 || resp.Text() != "Spain won Euro 2024." {
		t.Fatalf("%d chunks, text %q", len(chunks), resp.Text())
	}
	if n := len(resp.Candidates[0].Content.Parts); n != 1 {
		t.Errorf("%d parts, want the text joined into 1", n)
	}
	g := resp.Candidates[0].GroundingMetadata
	if g == nil {
		t.Fatal("no grounding metadata")
	}
	if !reflect.DeepEqual(g.WebSearchQueries, []string{"euro 2024 winner"}) {
		t.Errorf("queries %q (from an earlier chunk, must be kept)", g.WebSearchQueries)
	}
	if len(g.GroundingChunks) != 2 || *g.GroundingChunks[1].Web != (BetaWebSource{URI: "https://grounding.example/redirect/def456",
		Title: "sports.example", Domain: "sports.example"}) {
		t.Errorf("chunks %+v", g.GroundingChunks)
	}
	s := g.GroundingSupports[0]
	if s.Segment != (BetaSegment{EndIndex: 20, Text: "Spain won Euro 2024."}) || !reflect.DeepEqual(s.GroundingChunkIndices, []int{0, 1}) ||
		!reflect.DeepEqual(s.ConfidenceScores, []float64{0.93, 0.81}) {
		t.Errorf("support %+v", s)
	}
	if g.SearchEntryPoint == nil || !strings.Contains(g.SearchEntryPoint.RenderedContent, "chip") {
		t.Errorf("entry point %+v", g.SearchEntryPoint)
	}
	if resp.UsageMetadata.ToolUsePromptTokenCount != 300 {
		t.Errorf("usage %+v", resp.UsageMetadata)
	}
}

func TestBetaStreamFunctionCall(t *testing.T) {
	t.Parallel()
	_, resp, err := betaStreamFixture(t, "stream_function_call.sse")
	if err != nil {
		t.Fatal(err)
	}
	want := []partView{
		{Text: "The user wants weather and time; call both tools.", Thought: true},
		{Call: `get_weather{"city":"Lisbon","unit":"celsius"}`, Signature: "ZmMtc2lnLTE="},
		{Call: `get_time{"city":"Lisbon"}`},
	}
	if got := partsOf(resp); !reflect.DeepEqual(got, want) {
		t.Errorf("parts\n%+v\nwant\n%+v", got, want)
	}
	calls := resp.Candidates[0].FunctionCalls()
	if len(calls) != 2 || calls[0].ID != "call-1" || calls[1].ID != "call-2" {
		t.Errorf("calls %+v", calls)
	}
}

func TestBetaStreamBlocked(t *testing.T) {
	t.Parallel()
	chunks, resp, err := betaStreamFixture(t, "stream_blocked.sse")
	if err != nil {
		t.Fatalf("a blocked prompt is data, not an error: %v", err)
	}
	for _, r := range []*GenerateResponse{&chunks[0].GenerateResponse, resp} {
		reason, ok := r.Blocked()
		if !ok || reason != "PROHIBITED_CONTENT" || len(r.Candidates) != 0 {
			t.Errorf("Blocked() = %q, %v with %d candidates", reason, ok, len(r.Candidates))
		}
	}
	pf := resp.PromptFeedback
	if pf.BlockReasonMessage == "" || len(pf.SafetyRatings) != 2 || !pf.SafetyRatings[0].Blocked || pf.SafetyRatings[0].SeverityScore != 0.91 {
		t.Errorf("feedback %+v", pf)
	}
}

func TestBetaStreamStrayError(t *testing.T) {
	t.Parallel()
	chunks, resp, err := betaStreamFixture(t, "stream_stray_error.sse")
	var ae *APIError
	if !errors.As(err, &ae) {
		t.Fatalf("err = %v, want *APIError", err)
	}
	if ae.Status != 0 || ae.Group != Beta || ae.Type != "UNAVAILABLE" || !strings.Contains(ae.Message, "overloaded") {
		t.Errorf("error %+v", ae)
	}
	if len(chunks) != 2 || resp.Text() != "Once upon a time" {
		t.Errorf("%d chunks, partial text %q", len(chunks), resp.Text())
	}
}

func TestBetaStreamIncomplete(t *testing.T) {
	t.Parallel()
	full := string(fixture(t, "beta/stream_thoughts.sse"))
	frames := strings.Split(strings.TrimSuffix(full, "\r\n\r\n"), "\r\n\r\n")
	cut := strings.Join(frames[:len(frames)-1], "\r\n\r\n") + "\r\n\r\n" // no finishing chunk
	c, _ := betaServe(t, betaSSE(cut))
	chunks, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "m", betaPrompt("q")))
	if !errors.Is(err, ErrStreamIncomplete) {
		t.Fatalf("err = %v, want ErrStreamIncomplete", err)
	}
	if len(chunks) != 4 || acc.Response().Text() != "Tides are caused by the moon's gravity." {
		t.Errorf("%d chunks, partial %q", len(chunks), acc.Response().Text())
	}
}

func TestBetaStreamCut(t *testing.T) {
	t.Parallel()
	c, _ := betaServe(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"Once upon\"}]}}]}\n\n")
		io.WriteString(w, "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\" a time\"}]}}]}\n\n")
		io.WriteString(w, "data: {\"candidates\":[{\"con")
		w.(http.Flusher).Flush()
		panic(http.ErrAbortHandler) // drop the connection mid-event
	})
	chunks, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "m", betaPrompt("q")))
	if err == nil || errors.Is(err, ErrStreamIncomplete) || !strings.Contains(err.Error(), "stream cut") {
		t.Fatalf("err = %v, want a cut stream", err)
	}
	if len(chunks) != 2 || acc.Response().Text() != "Once upon a time" {
		t.Errorf("%d chunks, partial %q", len(chunks), acc.Response().Text())
	}
}

func TestBetaStreamCancel(t *testing.T) {
	t.Parallel()
	c, _ := betaServe(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"first\"}]}}]}\n\n")
		w.(http.Flusher).Flush()
		<-r.Context().Done() // hold the stream open until the client leaves
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var got []string
	var last error
	for chunk, err := range c.StreamGenerateContent(ctx, "m", betaPrompt("q")) {
		if err != nil {
			last = err
			break
		}
		got = append(got, chunk.Text())
		cancel()
	}
	if !errors.Is(last, context.Canceled) || !reflect.DeepEqual(got, []string{"first"}) {
		t.Fatalf("got %q, err %v; want one chunk then context.Canceled", got, last)
	}
}

// TestBetaStreamTolerated checks that what the protocol does not define is
// skipped or kept, never fatal.
func TestBetaStreamTolerated(t *testing.T) {
	t.Parallel()
	body := ": comment\n\n" +
		"event: ping\ndata: {}\n\n" +
		"data:\n\n" +
		"data: {\"candidates\":[{\"content\":{\"role\":\"model\",\"parts\":[{\"text\":\"Hi\"},{\"toolCall\":{\"x\":1}}]},\"urlContextMetadata\":{\"n\":1}}],\"sdkNew\":true}\n\n" +
		"{\"notice\":\"a stray line that is not an error\"}\n\n" +
		"data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\" there\"}]},\"finishReason\":\"BRAND_NEW_REASON\"}]}\n\n" +
		"data: [DONE]\n\n"
	c, _ := betaServe(t, betaSSE(body))
	chunks, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "m", betaPrompt("q")))
	if err != nil {
		t.Fatal(err)
	}
	if len(chunks) != 2 {
		t.Fatalf("%d chunks, want 2", len(chunks))
	}
	resp := acc.Response()
	want := `{"candidates":[{"content":{"role":"model","parts":[{"text":"Hi"},{"toolCall":{"x":1}},{"text":" there"}]},
		"urlContextMetadata":{"n":1},"finishReason":"BRAND_NEW_REASON"}],"sdkNew":true}`
	if !jsonEqual(t, resp.Raw, []byte(want)) {
		t.Errorf("folded\n%s\nwant\n%s", resp.Raw, want)
	}
}

func TestBetaStreamMalformed(t *testing.T) {
	t.Parallel()
	good := "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"kept\"}]}}]}\n\n"
	for name, bad := range map[string]string{
		"truncated JSON": "data: {\"candidates\":[\n\n",
		"array":          "data: [1,2]\n\n",
		"string":         "data: \"text\"\n\n",
		"wrong type":     "data: {\"candidates\":\"nope\"}\n\n",
		"bad part":       "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":5}]}}]}\n\n",
	} {
		t.Run(name, func(t *testing.T) {
			c, _ := betaServe(t, betaSSE(good+bad+good))
			chunks, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "m", betaPrompt("q")))
			if err == nil || !strings.Contains(err.Error(), "malformed chunk") {
				t.Fatalf("err = %v, want a malformed chunk error", err)
			}
			if len(chunks) != 1 || acc.Response().Text() != "kept" {
				t.Errorf("%d chunks before the error, text %q", len(chunks), acc.Response().Text())
			}
		})
	}
}

func TestBetaStreamErrorChunk(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, frame, wantType, wantMsg string
	}{
		{"data frame", `data: {"error":{"code":500,"message":"Internal error encountered.","status":"INTERNAL"}}`,
			"INTERNAL", "Internal error encountered."},
		{"named event", "event: error\ndata: {\"error\":{\"code\":429,\"message\":\"Quota.\",\"status\":\"RESOURCE_EXHAUSTED\"}}",
			"RESOURCE_EXHAUSTED", "Quota."},
		{"string error", `data: {"error":"upstream went away"}`, "", "upstream went away"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"par\"}]}}]}\n\n" + tt.frame + "\n\n"
			c, _ := betaServe(t, betaSSE(body))
			chunks, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "m", betaPrompt("q")))
			var ae *APIError
			if !errors.As(err, &ae) || ae.Status != 0 || ae.Group != Beta || ae.Type != tt.wantType || ae.Message != tt.wantMsg {
				t.Fatalf("err = %#v", err)
			}
			if len(chunks) != 1 || acc.Response().Text() != "par" || !strings.Contains(err.Error(), "error in stream") {
				t.Errorf("%d chunks, err %q", len(chunks), err)
			}
		})
	}
}

func TestBetaGenerateBlocked(t *testing.T) {
	t.Parallel()
	body := strings.TrimPrefix(strings.TrimSpace(string(fixture(t, "beta/stream_blocked.sse"))), "data: ")
	c, _ := betaServe(t, betaJSON(200, body))
	resp, err := c.GenerateContent(context.Background(), "beta-flash-2.5", betaPrompt("q"))
	if err != nil {
		t.Fatalf("a blocked prompt is data, not an error: %v", err)
	}
	if reason, ok := resp.Blocked(); !ok || reason != "PROHIBITED_CONTENT" || resp.Text() != "" {
		t.Errorf("Blocked() = %q, %v", reason, ok)
	}
}

// TestBetaFoldWholeReply checks that folding a complete reply as a single
// chunk gives back the same reply.
func TestBetaFoldWholeReply(t *testing.T) {
	t.Parallel()
	reply := fixture(t, "beta/reply_thinking.json")
	chunk, isErr, err := betaDecodeChunk(bytes.TrimSpace(reply))
	if err != nil || isErr {
		t.Fatal(isErr, err)
	}
	var acc GenerateAccumulator
	if err := acc.Add(chunk); err != nil {
		t.Fatal(err)
	}
	if got := acc.Response().Raw; !jsonEqual(t, got, reply) {
		t.Errorf("folded\n%s\nwant\n%s", got, reply)
	}
}
