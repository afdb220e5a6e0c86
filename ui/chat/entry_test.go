package chat

import (
	"encoding/json"
	"strings"
	"testing"
	"unsafe"

	"atelier/client"
	"atelier/store"
)

// msg is a stored message written short: "u0:text" is a prompt of turn 0,
// "a0:text" a reply, "p0:text" a reply that paused.
func msg(id int64, s string) store.Message {
	m := store.Message{ID: id, Turn: int(s[1] - '0'), Text: s[3:], Status: store.StatusComplete, Family: "alpha"}
	switch s[0] {
	case 'u':
		m.Role = store.RoleUser
	case 'a':
		m.Role, m.StopReason = store.RoleAssistant, "end_turn"
	case 'p':
		m.Role, m.StopReason = store.RoleAssistant, "pause_turn"
	}
	return m
}

func TestEntriesOf(t *testing.T) {
	tests := []struct {
		name string
		msgs []string
		want string // the texts shown, in order
	}{
		{"plain", []string{"u0:q1", "a0:r1", "u1:q2", "a1:r2"}, "q1 r1 q2 r2"},
		{"regenerated", []string{"u0:q1", "a0:r1", "a0:r1b"}, "q1 r1b"},
		{"edited", []string{"u0:q1", "a0:r1", "u1:q2", "a1:r2", "u1:q2b", "a1:r2b"}, "q1 r1 q2b r2b"},
		{"edited, reply failed", []string{"u0:q1", "u0:q1b", "a0:r1b"}, "q1b r1b"},
		{"continued", []string{"u0:q1", "p0:part", "a0:rest"}, "q1 part rest"},
		{"continued twice", []string{"u0:q1", "p0:a", "p0:b", "a0:c"}, "q1 a b c"},
		{"continued, then regenerated", []string{"u0:q1", "p0:a", "a0:b", "a0:new"}, "q1 new"},
		{"a reply with no prompt", []string{"a0:lone"}, "lone"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var msgs []store.Message
			for i, s := range tt.msgs {
				msgs = append(msgs, msg(int64(i+1), s))
			}
			var got []string
			for _, e := range entriesOf(msgs, nil) {
				got = append(got, e.text)
			}
			if strings.Join(got, " ") != tt.want {
				t.Errorf("shown %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEntriesOfMarksEditsAndReadsNatives(t *testing.T) {
	native := json.RawMessage(`{"id":"m","type":"message","role":"assistant","model":"x","content":[` +
		`{"type":"server_tool_use","id":"s1","name":"web_search","input":{"query":"tea"}},` +
		`{"type":"text","text":"Tea.","citations":[{"type":"web_search_result_location","url":"https://example.org/tea","title":"Tea"}]}],` +
		`"stop_reason":"end_turn","usage":{"input_tokens":1,"output_tokens":2}}`)
	es := entriesOf([]store.Message{msg(1, "u0:q"), msg(2, "u0:q again"), msg(3, "a0:Tea.")}, map[int64]json.RawMessage{3: native})
	if len(es) != 2 || !es[0].edited {
		t.Fatalf("entries %+v", es)
	}
	r := es[1]
	if len(r.tools) != 1 || r.tools[0].Name != "web_search" || len(r.sources) != 1 || r.sources[0].URL != "https://example.org/tea" {
		t.Errorf("tools %+v sources %+v", r.tools, r.sources)
	}
}

func TestTurnsOf(t *testing.T) {
	native := json.RawMessage(`{"content":[]}`)
	es := []entry{
		{role: store.RoleUser, text: "q1"},
		{role: store.RoleAssistant, text: "r1", native: native, family: client.Alpha},
		{role: store.RoleUser, text: "q2"},
		{role: store.RoleAssistant, status: store.StatusError, native: native}, // failed, empty: left out with q2
		{role: store.RoleUser, text: "q3"},
		{role: store.RoleAssistant, status: store.StatusInterrupted}, // stopped before any text: left out with q3
		{role: store.RoleUser, text: "q4"},
		{role: store.RoleAssistant, status: store.StatusComplete}, // complete but empty: q4 joins q5
		{role: store.RoleUser, text: "q5"},
		{role: store.RoleAssistant, text: "part ", native: native},
		{role: store.RoleAssistant, text: "rest", native: native},
		{role: store.RoleUser, text: "q6"},
		{role: store.RoleAssistant, text: "half", status: store.StatusInterrupted, native: native, family: client.Alpha},
		{role: store.RoleUser, text: "q7"},
	}
	got := turnsOf(es)
	want := []client.ChatTurn{
		{Role: "user", Text: "q1"},
		{Role: "assistant", Text: "r1", Native: native, Family: client.Alpha},
		{Role: "user", Text: "q4\n\nq5"},
		{Role: "assistant", Text: "part rest"},
		{Role: "user", Text: "q6"},
		{Role: "assistant", Text: "half"}, // the text that arrived, not the partial native body
		{Role: "user", Text: "q7"},
	}
	if len(got) != len(want) {
		t.Fatalf("turns %+v", got)
	}
	for i := range want {
		if got[i].Role != want[i].Role || got[i].Text != want[i].Text || string(got[i].Native) != string(want[i].Native) {
			t.Errorf("turn %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}

// A reply's text is the client's SoFar while it carries one, shared, not
// copied; a delta whose SoFar does not follow on (or has none) moves the
// text into the entry's own builder, and nothing is lost either way.
func TestEntrySharesTheClientsText(t *testing.T) {
	var e entry
	client := ""
	for _, d := range []string{"one ", "two ", "three "} {
		client += d
		e.add(d, "", client)
		if e.text != client || unsafe.StringData(e.text) != unsafe.StringData(client) {
			t.Fatalf("text %q is not the client's %q", e.text, client)
		}
	}
	e.add("four", "", "")
	e.add(" five", "", "a SoFar that does not follow on")
	if e.text != "one two three four five" || unsafe.StringData(e.text) == unsafe.StringData(client) {
		t.Fatalf("text %q", e.text)
	}
	cont := entry{text: "paused. "} // a reply that had text: its own builder
	cont.add("more", "", "more")
	if cont.text != "paused. more" {
		t.Fatalf("continued %q", cont.text)
	}
}
