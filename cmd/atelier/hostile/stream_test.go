package hostile

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"atelier/cmd/atelier/internal/clitest"
	"atelier/internal/limits"
	"atelier/store"
)

// The hostile-server suite, chat streams in all three families: an endless
// reply, and one event of 20 MiB, each read by `chat` and `chat --json`.
// Each ends at its limit with what arrived kept, prints no more than the
// reply it keeps (--json: the native reply, cut alike), and costs the
// command line less than clitest.MaxResident.

// streamFamily writes a chat stream of family fam, in its own events, of
// the texts next gives (each already a JSON string), until it gives none
// or the client leaves.
func streamFamily(w http.ResponseWriter, r *http.Request, fam string, next func() (string, bool)) {
	w.Header().Set("Content-Type", "text/event-stream")
	send := func(typ string, v any) error {
		b, _ := json.Marshal(v)
		var err error
		if typ == "" {
			_, err = fmt.Fprintf(w, "data: %s\n\n", b)
		} else {
			_, err = fmt.Fprintf(w, "event: %s\ndata: %s\n\n", typ, b)
		}
		w.(http.Flusher).Flush()
		return err
	}
	switch fam {
	case "alpha":
		io.WriteString(w, "event: message_start\ndata: "+clitest.HostileStart+"\n\nevent: content_block_start\ndata: "+clitest.HostileBlock+"\n\n")
	case "gamma":
		send("response.created", map[string]any{"type": "response.created", "sequence_number": 0,
			"response": map[string]any{"id": "r1", "object": "response", "status": "in_progress", "output": []any{}}})
		send("response.output_item.added", map[string]any{"type": "response.output_item.added", "sequence_number": 1, "output_index": 0,
			"item": map[string]any{"id": "msg1", "type": "message", "role": "assistant", "status": "in_progress", "content": []any{}}})
		send("response.content_part.added", map[string]any{"type": "response.content_part.added", "sequence_number": 2,
			"item_id": "msg1", "output_index": 0, "content_index": 0, "part": map[string]any{"type": "output_text", "text": ""}})
	}
	// An event is written as its head, the quoted text and its tail, so
	// that a megabyte of text is never copied into an event of its own:
	// under -race every copy of it costs.
	for seq := 3; r.Context().Err() == nil; seq++ {
		quoted, ok := next()
		if !ok {
			return
		}
		var head, tail string
		switch fam {
		case "alpha":
			head, tail = "event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":", "}}\n\n"
		case "beta":
			head, tail = "data: {\"candidates\":[{\"index\":0,\"content\":{\"role\":\"model\",\"parts\":[{\"text\":", "}]}}]}\n\n"
		case "gamma":
			head = fmt.Sprintf("event: response.output_text.delta\ndata: {\"type\":\"response.output_text.delta\",\"sequence_number\":%d,\"item_id\":\"msg1\",\"output_index\":0,\"content_index\":0,\"delta\":", seq)
			tail = "}\n\n"
		}
		_, err := io.WriteString(w, head)
		if err == nil {
			_, err = io.WriteString(w, quoted)
		}
		if err == nil {
			_, err = io.WriteString(w, tail)
		}
		w.(http.Flusher).Flush()
		if err != nil {
			return
		}
	}
}

// quote is s as a JSON string.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// The texts of the stream attacks, quoted once for the whole run: a
// megabyte marshalled again for every request costs seconds under -race.
var (
	quotedMegabyte = sync.OnceValue(func() string {
		return quote(strings.Repeat("lorem ipsum ", limits.MiB/12+1)[:limits.MiB])
	})
	quotedBigEvent = sync.OnceValue(func() string { return quote(strings.Repeat("x", 20*limits.MiB)) })
)

// streamingHostile is a service whose chat streams, in every family, send
// the texts of texts() (a new sequence per request).
func streamingHostile(t *testing.T, texts func() func() (string, bool)) *clitest.Hostile {
	h := clitest.NewHostile(t, "")
	h.SetServe(func(w http.ResponseWriter, r *http.Request) bool {
		switch {
		case r.URL.Path == "/bypass/alpha/v1/messages":
			streamFamily(w, r, "alpha", texts())
		case strings.HasSuffix(r.URL.Path, ":streamGenerateContent"):
			streamFamily(w, r, "beta", texts())
		case r.URL.Path == "/bypass/gamma/v1/responses":
			streamFamily(w, r, "gamma", texts())
		default:
			return false
		}
		return true
	})
	return h
}

// endlessTexts are a megabyte of text at a time, for ever.
func endlessTexts() func() (string, bool) {
	mb := quotedMegabyte()
	return func() (string, bool) { return mb, true }
}

// oneBigEvent is a little text, then one event of 20 MiB.
func oneBigEvent() func() (string, bool) {
	n := 0
	return func() (string, bool) {
		n++
		switch n {
		case 1:
			return quote("before "), true
		case 2:
			return quotedBigEvent(), true
		}
		return "", false
	}
}

func TestHostileChatStreamsEveryFamily(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		texts  func() func() (string, bool)
		stderr string
		kept   int // bytes of reply text recorded
	}{
		{"endless", endlessTexts, "reply text limit (8 MiB) reached: the reply is cut there", limits.ReplyText},
		{"one 20 MiB event", oneBigEvent, "chat event limit (9 MiB) reached: one event was larger; the stream is cut there", len("before ")},
	} {
		for _, fam := range []string{"alpha", "beta", "gamma"} {
			for _, asJSON := range []bool{false, true} {
				t.Run(fmt.Sprintf("%s/%s/json=%v", tc.name, fam, asJSON), func(t *testing.T) {
					t.Parallel()
					h := streamingHostile(t, tc.texts)
					env := h.Env(t)
					args := []string{"chat", "-p", fam, "-m", "m", "tell me everything"}
					if asJSON {
						args = append(args, "--json")
					}
					r := runHostile(t, env, nil, "real", args...)
					checkRun(t, r, 1, tc.stderr)
					m := reply(t, env)
					if m.Status != store.StatusInterrupted || len(m.Text) != tc.kept {
						t.Fatalf("recorded %q %q, %d bytes", m.Status, m.Error, len(m.Text))
					}
					if !asJSON {
						if r.OutBytes != int64(tc.kept)+1 { // and the newline
							t.Fatalf("printed %d bytes, want the %d kept", r.OutBytes, tc.kept)
						}
						return
					}
					// --json at the cap: the native reply printed says what was kept.
					if r.OutBytes > int64(tc.kept)+64*limits.KiB {
						t.Fatalf("--json printed %s for a reply of %s", limits.Size(r.OutBytes), limits.Size(int64(tc.kept)))
					}
					calls, err := openHistory(t, env).Calls(context.Background(), store.CallFilter{MessageID: m.ID})
					if err != nil || len(calls) != 1 || int64(len(calls[0].ResponseJSON)) > int64(tc.kept)+64*limits.KiB {
						t.Fatalf("the recorded response: %v, %d calls", err, len(calls))
					}
				})
			}
		}
	}
}
