package store

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExportJSON(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := newChat(t, s, "write a haiku")
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "model-x",
		Endpoint: "/bypass/alpha/v1/messages", RequestJSON: json.RawMessage(`{"model":"model-x","max_tokens":64}`)}))
	r.Append("Steam curls", "thinking about tea")
	r.Finish(ReplyEnd{ResponseJSON: json.RawMessage(`{"id":"msg_1","stop_reason":"end_turn"}`), StopReason: "end_turn",
		HTTPStatus: 200, Usage: Usage{3, 4}})
	// A cut stream's bytes are not JSON; the export must still work.
	s.AddCall(bg, Call{MessageID: r.ID(), Endpoint: "/bypass/alpha/v1/messages", ResponseJSON: json.RawMessage(`event: message_start`)})
	img, _ := addImage(t, s, "a lighthouse", 1)
	addTask(t, s, "rq-x", "videoa/q1/text-to-video", `{"prompt":"waves"}`)
	vid := must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{}))[0].ID

	for _, tc := range []struct {
		ref  ItemRef
		want []string
	}{
		{ItemRef{KindChat, conv}, []string{`"format": "atelier-export/1"`, `"kind": "chat"`, `"text": "Steam curls"`,
			`"thinking": "thinking about tea"`, `"max_tokens": 64`, `"stop_reason": "end_turn"`, `"event: message_start"`}},
		{ItemRef{KindImage, img}, []string{`"kind": "image"`, `"prompt": "a lighthouse"`, `"atelier:file:media/`, `"files": [`}},
		{ItemRef{KindVideo, vid}, []string{`"request_id": "rq-x"`, `"events": [`, `"status": "IN_QUEUE"`, `"prompt": "waves"`}},
	} {
		var b bytes.Buffer
		if err := s.ExportJSON(bg, tc.ref, &b); err != nil {
			t.Fatalf("%+v: %v", tc.ref, err)
		}
		if !json.Valid(b.Bytes()) {
			t.Fatalf("%+v: invalid JSON", tc.ref)
		}
		for _, w := range tc.want {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%+v: no %s in\n%s", tc.ref, w, b.String())
			}
		}
	}
	if err := s.ExportJSON(bg, ItemRef{KindChat, 999}, &bytes.Buffer{}); err == nil {
		t.Fatal("exported a missing conversation")
	}
}

func TestExportMarkdown(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	cmp, _ := newConversation(t, s, KindCompare, "", "Explain CRDTs!")
	for lane, model := range []string{"model-x", "model-y"} {
		r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: cmp, Lane: lane, Family: "alpha", Model: model,
			RequestJSON: json.RawMessage("{\"note\":\"has ``` fence\"}")}))
		r.Append("answer of "+model, "")
		r.Finish(ReplyEnd{StopReason: "end_turn"})
	}
	s.SetLane(bg, Lane{ConversationID: cmp, Lane: 1, Rating: 4, Winner: true})
	img, _ := addImage(t, s, "a lighthouse in fog", 2)
	addTask(t, s, "rq-m", "videoa/q1/text-to-video", `{"prompt":"waves"}`)
	path := must[string](t)(s.SaveMedia("vid", "mp4", strings.NewReader("mp4")))
	s.CompleteVideoTask(bg, "rq-m", json.RawMessage(`{"video":{}}`), true)
	s.SetVideoFile(bg, "rq-m", path, 3, true)
	vid := must[[]VideoTask](t)(s.VideoTasks(bg, VideoQuery{}))[0].ID

	out := t.TempDir()
	for _, tc := range []struct {
		ref       ItemRef
		file      string
		want      []string
		mediaFile int
	}{
		{ItemRef{KindCompare, cmp}, "compare-1-explain-crdts.md",
			[]string{"# Explain CRDTs!", "## Lane 2 · alpha · model-y", "★★★★☆ · winner", "answer of model-x", "````json"}, 0},
		{ItemRef{KindImage, img}, "image-1-a-lighthouse-in-fog.md", []string{"![image 2](image-1-a-lighthouse-in-fog-media/img-"}, 2},
		{ItemRef{KindVideo, vid}, "video-1-waves.md", []string{"| IN_QUEUE |", "| COMPLETED |", "](video-1-waves-media/vid-"}, 2}, // the video and its recipe
	} {
		p := must[string](t)(s.ExportMarkdown(bg, tc.ref, out))
		if filepath.Base(p) != tc.file {
			t.Errorf("file %s, want %s", filepath.Base(p), tc.file)
		}
		b, _ := os.ReadFile(p)
		for _, w := range tc.want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: no %q in\n%s", tc.file, w, b)
			}
		}
		media, _ := os.ReadDir(strings.TrimSuffix(p, ".md") + "-media")
		if len(media) != tc.mediaFile {
			t.Errorf("%s: %d media copies, want %d", tc.file, len(media), tc.mediaFile)
		}
	}
}
