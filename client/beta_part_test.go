package client

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"
)

// compact returns raw without insignificant space.
func compact(t *testing.T, raw []byte) string {
	t.Helper()
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		t.Fatalf("compact %s: %v", raw, err)
	}
	return b.String()
}

// sentParts returns the parts of contents[i] of a request body, as sent.
func sentParts(t *testing.T, body []byte, i int) []json.RawMessage {
	t.Helper()
	var req struct {
		Contents []struct {
			Role  string            `json:"role"`
			Parts []json.RawMessage `json:"parts"`
		} `json:"contents"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatal(err)
	}
	if req.Contents[i].Role != "model" {
		t.Errorf("contents[%d].role = %q, want model", i, req.Contents[i].Role)
	}
	return req.Contents[i].Parts
}

// TestBetaMultiTurnSignature sends a received model turn back and checks
// that every part goes out exactly as it came, signature and unknown keys
// included.
func TestBetaMultiTurnSignature(t *testing.T) {
	t.Parallel()
	reply := fixture(t, "beta/reply_thinking.json")
	c, rec := betaServe(t, betaJSON(200, string(reply)), betaOK)
	req := betaPrompt("How many r's in strawberry?")
	resp, err := c.GenerateContent(context.Background(), "beta-pro-3", req)
	if err != nil {
		t.Fatal(err)
	}
	req.Contents = append(req.Contents, resp.Candidates[0].Content, BetaUserText("And in raspberry?"))
	if _, err := c.GenerateContent(context.Background(), "beta-pro-3", req); err != nil {
		t.Fatal(err)
	}
	var want struct {
		Candidates []struct {
			Content struct {
				Parts []json.RawMessage `json:"parts"`
			} `json:"content"`
		} `json:"candidates"`
	}
	if err := json.Unmarshal(reply, &want); err != nil {
		t.Fatal(err)
	}
	got := sentParts(t, rec.sent()[1].Body, 1)
	wantParts := want.Candidates[0].Content.Parts
	if len(got) != len(wantParts) {
		t.Fatalf("%d parts sent back, want %d", len(got), len(wantParts))
	}
	for i := range got {
		if compact(t, got[i]) != compact(t, wantParts[i]) {
			t.Errorf("part %d sent back as\n%s\nwant\n%s", i, got[i], wantParts[i])
		}
	}
}

// TestBetaMultiTurnFromStream sends back a model turn folded from a stream.
func TestBetaMultiTurnFromStream(t *testing.T) {
	t.Parallel()
	tests := []struct {
		fixture string
		want    []string
	}{
		{"stream_function_call.sse", []string{
			`{"text":"The user wants weather and time; call both tools.","thought":true}`,
			`{"functionCall":{"name":"get_weather","args":{"city":"Lisbon","unit":"celsius"},"id":"call-1"},"thoughtSignature":"ZmMtc2lnLTE="}`,
			`{"functionCall":{"name":"get_time","args":{"city":"Lisbon"},"id":"call-2"}}`,
		}},
		{"stream_thoughts.sse", []string{
			`{"text":"**Weighing the question**\n\nThe user asks about tides.","thought":true}`,
			`{"text":"Tides are caused by the moon's gravity.","thoughtSignature":"c2lnLWZpbmFs"}`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.fixture, func(t *testing.T) {
			c, rec := betaServe(t, betaSSE(string(fixture(t, "beta/"+tt.fixture))), betaOK)
			req := betaPrompt("q")
			_, acc, err := betaCollect(t, c.StreamGenerateContent(context.Background(), "beta-pro-3", req))
			if err != nil {
				t.Fatal(err)
			}
			turn := acc.Response().Candidates[0].Content
			reply1, _ := BetaFunctionResponsePart("get_weather", "call-1", map[string]any{"temp": 21})
			req.Contents = append(req.Contents, turn, BetaContent{Role: "user", Parts: []BetaPart{reply1}})
			if _, err := c.GenerateContent(context.Background(), "beta-pro-3", req); err != nil {
				t.Fatal(err)
			}
			got := sentParts(t, rec.sent()[1].Body, 1)
			if len(got) != len(tt.want) {
				t.Fatalf("%d parts sent back: %s", len(got), got)
			}
			for i := range got {
				if compact(t, got[i]) != tt.want[i] {
					t.Errorf("part %d sent back as\n%s\nwant\n%s", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestBetaPartEdited(t *testing.T) {
	t.Parallel()
	const in = `{"text":"old","thoughtSignature":"c2ln","partMetadata":{"k":"v"}}`
	var p BetaPart
	if err := json.Unmarshal([]byte(in), &p); err != nil {
		t.Fatal(err)
	}
	if string(p.Raw) != in {
		t.Fatalf("Raw %s", p.Raw)
	}
	tests := []struct {
		name string
		edit func(*BetaPart)
		want string
	}{
		{"unchanged", func(*BetaPart) {}, in},
		{"text edited", func(p *BetaPart) { p.Text = "new" }, `{"partMetadata":{"k":"v"},"text":"new","thoughtSignature":"c2ln"}`},
		{"signature dropped", func(p *BetaPart) { p.ThoughtSignature = "" }, `{"partMetadata":{"k":"v"},"text":"old"}`},
		{"raw cleared", func(p *BetaPart) { p.Raw = nil }, `{"text":"old","thoughtSignature":"c2ln"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := p
			tt.edit(&q)
			b, err := json.Marshal(q)
			if err != nil {
				t.Fatal(err)
			}
			if string(b) != tt.want {
				t.Errorf("got %s, want %s", b, tt.want)
			}
		})
	}
}

func TestBetaPartConstructors(t *testing.T) {
	t.Parallel()
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	p := BetaImagePart(png, "")
	if p.InlineData == nil || p.InlineData.MimeType != "image/png" {
		t.Fatalf("inline part %+v", p.InlineData)
	}
	if b, err := p.InlineData.Bytes(); err != nil || !bytes.Equal(b, png) {
		t.Errorf("Bytes() = %q, %v", b, err)
	}
	if got, _ := json.Marshal(BetaImagePart([]byte{0xfb, 0xff}, "image/jpeg")); string(got) != `{"inlineData":{"mimeType":"image/jpeg","data":"+/8="}}` {
		t.Errorf("marshal %s", got)
	}
	for _, enc := range []string{"+/8=", "+/8", "-_8=", "-_8"} {
		if b, err := (BetaBlob{Data: enc}).Bytes(); err != nil || !bytes.Equal(b, []byte{0xfb, 0xff}) {
			t.Errorf("Bytes(%q) = %v, %v", enc, b, err)
		}
	}
	if got, _ := json.Marshal(BetaTextPart("hi")); string(got) != `{"text":"hi"}` {
		t.Errorf("text part %s", got)
	}
	fr, err := BetaFunctionResponsePart("get_time", "call-2", map[string]string{"time": "10:00"})
	if got, _ := json.Marshal(fr); err != nil || string(got) != `{"functionResponse":{"id":"call-2","name":"get_time","response":{"time":"10:00"}}}` {
		t.Errorf("function response %s, %v", got, err)
	}
	if _, err := BetaFunctionResponsePart("f", "", func() {}); err == nil {
		t.Error("an unencodable response must fail")
	}
}

// TestBetaAccumulatorFold checks the fold on hand-made chunks: several
// candidates, alternating thought and answer text, citations, grounding
// split over chunks, and fields it does not know.
func TestBetaAccumulatorFold(t *testing.T) {
	t.Parallel()
	chunks := []string{
		`{"candidates":[{"content":{"role":"model","parts":[{"text":"think ","thought":true}]},"citationMetadata":{"citations":[{"uri":"https://a.example"}]}},
			{"index":1,"content":{"role":"model","parts":[{"text":"other"}]}}],"promptFeedback":{"safetyRatings":[]},"usageMetadata":{"promptTokenCount":3,"totalTokenCount":3}}`,
		`{"candidates":[{"index":1,"content":{"parts":[{"text":" answer","thoughtSignature":"b25l"}]},"finishReason":"MAX_TOKENS"},
			{"content":{"parts":[{"text":"more","thought":true},{"text":"say"},{"inlineData":{"mimeType":"image/png","data":"AAAA"}},{"text":" it"}]},
			"citationMetadata":{"citations":[{"uri":"https://b.example"}]},"groundingMetadata":{"webSearchQueries":["q1"]},"newField":1}]}`,
		`{"candidates":[{"content":{"parts":[{"text":"!","thoughtSignature":"dHdv"}]},"finishReason":"STOP","groundingMetadata":{"groundingChunks":[{"web":{"uri":"u"}}]},"newField":2}],
			"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":5,"totalTokenCount":8},"brandNew":"x"}`,
	}
	var acc GenerateAccumulator
	for _, c := range chunks {
		chunk, isErr, err := betaDecodeChunk([]byte(c))
		if err != nil || isErr {
			t.Fatalf("decode: %v %v", isErr, err)
		}
		if err := acc.Add(chunk); err != nil {
			t.Fatal(err)
		}
	}
	want := `{"candidates":[
		{"content":{"role":"model","parts":[{"text":"think more","thought":true},{"text":"say"},{"inlineData":{"mimeType":"image/png","data":"AAAA"}},{"text":" it!","thoughtSignature":"dHdv"}]},
		 "citationMetadata":{"citations":[{"uri":"https://a.example"},{"uri":"https://b.example"}]},
		 "groundingMetadata":{"webSearchQueries":["q1"],"groundingChunks":[{"web":{"uri":"u"}}]},"finishReason":"STOP","newField":2},
		{"index":1,"content":{"role":"model","parts":[{"text":"other answer","thoughtSignature":"b25l"}]},"finishReason":"MAX_TOKENS"}],
		"promptFeedback":{"safetyRatings":[]},"usageMetadata":{"promptTokenCount":3,"candidatesTokenCount":5,"totalTokenCount":8},"brandNew":"x"}`
	resp := acc.Response()
	if !jsonEqual(t, resp.Raw, []byte(want)) {
		t.Errorf("folded\n%s\nwant\n%s", resp.Raw, want)
	}
	if resp.Text() != "say it!" || resp.Thoughts() != "think more" || resp.Candidates[1].Text() != "other answer" {
		t.Errorf("Text %q Thoughts %q second %q", resp.Text(), resp.Thoughts(), resp.Candidates[1].Text())
	}

	if err := acc.Add(GenerateChunk{GenerateResponse{Raw: []byte(`[1]`)}}); err == nil {
		t.Error("a chunk that is not an object must be refused")
	}
	var typed GenerateAccumulator // a chunk built in code, without Raw
	if err := typed.Add(GenerateChunk{GenerateResponse{ModelVersion: "m", Candidates: []BetaCandidate{
		{Content: BetaContent{Parts: []BetaPart{BetaTextPart("a")}}}}}}); err != nil {
		t.Fatal(err)
	}
	if r := typed.Response(); r.Text() != "a" || r.ModelVersion != "m" {
		t.Errorf("typed chunk folded to %s", r.Raw)
	}
	if r := new(GenerateAccumulator).Response(); r == nil || string(r.Raw) != "{}" {
		t.Errorf("empty fold %+v", r)
	}
}
