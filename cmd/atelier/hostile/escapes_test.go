//go:build linux

package hostile

import (
	"atelier/cmd/atelier/internal/clitest"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// The hostile-server suite, service strings: a service
// that puts terminal escapes in every string of every reply the command
// line prints — ids, statuses, log lines, URLs, file names, content types,
// error types, codes and messages, stop reasons, block reasons — and the
// commands that print them, each run as atelier in a child process whose
// stdout and stderr are a real pseudo-terminal. What reaches the terminal
// holds no escape, C1 control, BEL or DEL from the service: only the few
// sequences atelier writes itself (termOwn).

// served is what the service appends to every string it sends: a clipboard
// write (OSC 52, ended by BEL), a cursor-position query (CSI 6n, which
// makes a terminal type its answer), a C1 CSI clearing the screen, a BEL
// and a DEL.
const served = "\x1b]52;c;SEVDSw==\x07\x1b[6n\u009b2J\a\x7f"

// termOwn are the sequences atelier itself writes to a terminal: the
// batch progress line's erase, thinking's dim and a search match's bold.
var termOwn = []string{"\x1b[2K", "\x1b[2m", "\x1b[22m", "\x1b[1m"}

// served strings, by what they stand for: a marker the test looks for,
// then the escapes.
func laced(marker string) string { return marker + served }

// escapingService answers every request the command line makes with every
// string laced: chat in the three families (a reply, an error reply, a
// stream that fails, by the prompt's word), images (URLs, a revised
// prompt, an error), video tasks of forms A and C, their statuses, logs,
// results and failures.
func escapingService(t *testing.T) *clitest.Hostile {
	h := clitest.NewHostile(t, "")
	var mu sync.Mutex
	polls := map[string]int{} // status polls, by task
	tasks := map[string]int{} // submissions, by form
	submit := func(form, status string) map[string]any {
		mu.Lock()
		defer mu.Unlock()
		tasks[form]++
		return task(h, fmt.Sprintf("%s%d", form, tasks[form]), status)
	}
	h.SetServe(func(w http.ResponseWriter, r *http.Request) bool {
		body, _ := io.ReadAll(r.Body)
		word := "ok"
		for _, k := range []string{"stream-fail", "plain-fail", "fail"} {
			if bytes.Contains(body, []byte(k)) {
				word = k
				break
			}
		}
		p := r.URL.Path
		switch {
		case p == "/bypass/alpha/v1/messages":
			alphaLaced(w, word)
		case strings.HasPrefix(p, "/bypass/beta/v1/models/"):
			if word != "ok" {
				writeStatus(w, 400, map[string]any{"error": map[string]any{"code": 400, "message": laced("beta-message"), "status": laced("BETA_STATUS")}})
				return true
			}
			w.Header().Set("Content-Type", "text/event-stream")
			b, _ := json.Marshal(map[string]any{"promptFeedback": map[string]any{"blockReason": laced("BLOCK_REASON")},
				"modelVersion": laced("beta-model"), "responseId": laced("beta-id")})
			fmt.Fprintf(w, "data: %s\n\n", b)
		case p == "/bypass/gamma/v1/responses":
			writeStatus(w, 400, map[string]any{"error": map[string]any{"message": laced("gamma-message"), "type": laced("gamma_type"),
				"param": laced("gamma-param"), "code": laced("gamma_code")}})
		case p == "/bypass/gamma/v1/images/generations":
			if word == "fail" {
				writeStatus(w, 400, map[string]any{"error": map[string]any{"message": laced("image-message"), "type": laced("image_type"),
					"code": laced("image_code")}})
				return true
			}
			clitest.WriteJSONReply(w, map[string]any{"created": 1, "data": []any{
				map[string]any{"url": "https://images.example/" + laced("image-url") + ".png", "revised_prompt": laced("revised")}}})
		case p == "/queue/qv/videoa/q1/text-to-video":
			clitest.WriteJSONReply(w, submit("a", laced("IN_QUEUE")))
		case p == "/queue/qv/videoc3.1/fast":
			clitest.WriteJSONReply(w, submit("c", "IN_QUEUE"))
		case strings.HasPrefix(p, "/queue/qv/a") && strings.HasSuffix(p, "/status"):
			// Form A: a status never documented, a place in the queue,
			// in progress, then done; every time with its logs.
			name := strings.TrimSuffix(strings.TrimPrefix(p, "/queue/qv/"), "/status")
			mu.Lock()
			polls[name]++
			n := polls[name]
			mu.Unlock()
			reply := task(h, name, laced("IN_PROGRESS"))
			switch n {
			case 1:
			case 2:
				reply["status"], reply["queue_position"] = "IN_QUEUE", 2
			case 3:
				reply["status"] = "IN_PROGRESS"
			default:
				reply["status"] = "COMPLETED"
			}
			clitest.WriteJSONReply(w, reply)
		case strings.HasPrefix(p, "/queue/qv/a"):
			clitest.WriteJSONReply(w, map[string]any{"video": map[string]any{"url": h.URL + "/media/video.mp4", "content_type": "video/mp4",
				"file_name": laced("file-name") + ".mp4", "file_size": len(h.Video)}})
		case strings.HasPrefix(p, "/queue/qv/c") && strings.HasSuffix(p, "/status"):
			// Form C: a failure told by its detail.
			reply := task(h, strings.TrimSuffix(strings.TrimPrefix(p, "/queue/qv/"), "/status"), "COMPLETED")
			reply["detail"] = []any{map[string]any{"loc": []any{laced("loc")}, "msg": laced("detail-msg"), "type": laced("detail_type")}}
			clitest.WriteJSONReply(w, reply)
		case p == "/media/video.mp4":
			h.ServeMedia(w)
		default:
			return false
		}
		return true
	})
	return h
}

// task is the handle of video task name (rq-name, form A2/C's fields) with
// status, every string laced but the URLs atelier fetches, which are the
// service's own.
func task(h *clitest.Hostile, name, status string) map[string]any {
	return map[string]any{"request_id": laced("rq-" + name), "status": status, "queue_position": 0,
		"status_url": h.URL + "/queue/qv/" + name + "/status", "response_url": h.URL + "/queue/qv/" + name,
		"cancel_url": laced("cancel-url"),
		"logs": []any{map[string]any{"message": laced("log-message"), "level": laced("LEVEL"), "source": laced("source"),
			"timestamp": laced("timestamp")}}}
}

// alphaLaced is the message endpoint: an error reply, a stream that ends
// in an error event, or a streamed reply whose id, model, text and stop
// reason are laced.
func alphaLaced(w http.ResponseWriter, word string) {
	switch word {
	case "plain-fail": // not JSON, with a raw 8-bit C1 CSI (not UTF-8)
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(400)
		io.WriteString(w, laced("plain-message")+"\x9b6n\n")
		return
	case "fail":
		writeStatus(w, 400, map[string]any{"type": "error", "error": map[string]any{"type": laced("alpha_type"), "message": laced("alpha-message")}})
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	start, _ := json.Marshal(map[string]any{"type": "message_start", "message": map[string]any{"id": laced("msg-id"), "type": "message",
		"role": "assistant", "model": laced("alpha-model"), "content": []any{}, "usage": map[string]any{"input_tokens": 1, "output_tokens": 0}}})
	clitest.SSEEvent(w, "message_start", string(start))
	clitest.SSEEvent(w, "content_block_start", clitest.HostileBlock)
	clitest.SSEEvent(w, "content_block_delta", clitest.HostileDelta(laced("reply-text")))
	if word == "stream-fail" {
		b, _ := json.Marshal(map[string]any{"type": "error", "error": map[string]any{"type": laced("alpha_type"), "message": laced("stream-message")}})
		clitest.SSEEvent(w, "error", string(b))
		return
	}
	clitest.SSEEvent(w, "content_block_stop", `{"type":"content_block_stop","index":0}`)
	b, _ := json.Marshal(map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": laced("stop-reason")},
		"usage": map[string]any{"output_tokens": 3}})
	clitest.SSEEvent(w, "message_delta", string(b))
	clitest.SSEEvent(w, "message_stop", `{"type":"message_stop"}`)
}

func writeStatus(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// onTerminal runs atelier with args in a child process whose stdout and
// stderr are a pseudo-terminal, under the suite's memory limit, and
// returns its exit status and what the terminal received.
func onTerminal(t *testing.T, env []string, clock string, args ...string) (int, string) {
	t.Helper()
	term := clitest.NewTerminal(t)
	r := runChild(t, env, clitest.Child{Clock: clock, Out: term.Tty, Err: term.Tty}, args...)
	clitest.CheckResident(t, r.MaxRSS, args)
	return r.Code, term.Output()
}

// fromService finds a control character in what a terminal received that
// atelier did not write itself, and says where.
func fromService(got string) string {
	for _, own := range termOwn {
		got = strings.ReplaceAll(got, own, "")
	}
	i := clitest.RawControl(got)
	if i < 0 {
		i = rawC1Byte(got)
	}
	if i >= 0 {
		return fmt.Sprintf("%q at %d: %q", got[i:i+1], i, got[max(i-40, 0):min(i+40, len(got))])
	}
	return ""
}

// rawC1Byte finds a C1 control as one raw byte (0x80-0x9f outside UTF-8),
// which a terminal in an 8-bit mode acts on, and clitest.RawControl, reading
// runes, does not see.
func rawC1Byte(s string) int {
	for i, r := range s {
		if _, size := utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && size == 1 && s[i] >= 0x80 && s[i] <= 0x9f {
			return i
		}
	}
	return -1
}

func TestHostileServiceStringsReachNoTerminal(t *testing.T) {
	t.Parallel()
	h := escapingService(t)
	env := h.Env(t)
	dir := t.TempDir()
	batchFile := filepath.Join(dir, "b.toml")
	clitest.WriteFile(t, batchFile, "name = \"escapes\"\ntargets = [\"alpha:m\"]\n[[prompts]]\ntext = \"ok\"\n[[prompts]]\ntext = \"fail\"\n")
	idA, idC := laced("rq-a1"), laced("rq-c1")
	for _, tc := range []struct {
		args  []string
		code  int
		shows []string // markers of the laced strings the command prints
	}{
		{[]string{"chat", "-p", "alpha", "-m", "m", "ok"}, 0, []string{"reply-text"}},
		{[]string{"chat", "-p", "alpha", "-m", "m", "--json", "ok"}, 0, []string{"msg-id", "alpha-model", "stop-reason"}},
		{[]string{"chat", "-p", "alpha", "-m", "m", "--show-thinking", "stream-fail"}, 1, []string{"stream-message"}},
		{[]string{"chat", "-p", "alpha", "-m", "m", "fail"}, 1, []string{"alpha-message"}},
		{[]string{"chat", "-p", "alpha", "-m", "m", "--no-stream", "fail"}, 1, []string{"alpha-message"}},
		{[]string{"chat", "-p", "alpha", "-m", "m", "plain-fail"}, 1, []string{"plain-message"}},
		{[]string{"chat", "-p", "beta", "-m", "m", "ok"}, 1, []string{"BLOCK_REASON"}},
		{[]string{"chat", "-p", "beta", "-m", "m", "fail"}, 1, []string{"beta-message"}},
		{[]string{"chat", "-p", "gamma", "-m", "m", "fail"}, 1, []string{"gamma-message"}},
		{[]string{"compare", "-t", "alpha:m", "-t", "gamma:m", "ok"}, 1, []string{"reply-text", "gamma_type"}},
		{[]string{"compare", "--blind", "--vote", "b", "-t", "alpha:m", "-t", "gamma:m", "ok"}, 1, []string{"reply-text", "stop-reason", "gamma_type"}},
		{[]string{"image", "-m", "gamma/image-2", "-o", dir, "ok"}, 0, []string{"image-url"}},
		{[]string{"image", "-m", "gamma/image-2", "-o", dir, "--json", "ok"}, 0, []string{"image-url", "revised"}},
		{[]string{"image", "-m", "gamma/image-2", "-o", dir, "fail"}, 1, []string{"image-message"}},
		{[]string{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves"}, 0, []string{"rq-a"}},
		{[]string{"video", "submit", "videoa/q1/text-to-video", "--set", "prompt=waves", "--json"}, 0, []string{"rq-a", "cancel-url", "log-message"}},
		{[]string{"video", "list"}, 0, []string{"rq-a1", "rq-a2", "IN_QUEUE"}},
		{[]string{"video", "status", idA}, 0, []string{"IN_PROGRESS"}},
		{[]string{"video", "status", "--json", idA}, 0, []string{"IN_QUEUE", "log-message", "timestamp"}},
		{[]string{"video", "wait", idA}, 0, []string{"log-message"}},
		{[]string{"video", "result", idA}, 0, []string{".mp4"}},
		{[]string{"video", "result", "--json", idA}, 0, []string{"file-name"}},
		{[]string{"video", "submit", "videoc3.1/fast", "--set", "prompt=waves", "--wait"}, 1, []string{"rq-c", "detail-msg"}},
		{[]string{"video", "status", idC}, 1, []string{"detail-msg"}},
		{[]string{"video", "list"}, 0, []string{"rq-a1", "rq-c1", "FAILED"}},
		{[]string{"batch", "run", batchFile}, 0, []string{"1 failed"}},
		{[]string{"batch", "show", "1"}, 0, []string{"1 failed"}},
		{[]string{"batch", "list"}, 0, []string{"escapes"}},
		{[]string{"batch", "export", "1", "--md"}, 0, []string{"alpha-message"}},
		{[]string{"history", "list"}, 0, []string{"video:1", "waves"}},
		{[]string{"history", "search", "reply"}, 0, []string{"reply"}},
		{[]string{"history", "show", "chat:1"}, 0, []string{"reply-text"}},
		{[]string{"history", "show", "image:1"}, 0, []string{"image-url"}},
		{[]string{"history", "show", "video:1"}, 0, []string{"rq-a", "log-message"}},
		{[]string{"history", "show", "--json", "video:1"}, 0, []string{"rq-a", "log-message"}},
	} {
		name := strings.Join(tc.args, " ")
		t.Run(strings.ReplaceAll(name, "/", "_"), func(t *testing.T) {
			code, got := onTerminal(t, env, "instant", tc.args...)
			if where := fromService(got); where != "" {
				t.Errorf("a control character from the service reached the terminal: %s", where)
			}
			if code != tc.code {
				t.Errorf("exit %d, want %d; the terminal showed %q", code, tc.code, got)
			}
			for _, m := range tc.shows {
				if !strings.Contains(got, m) {
					t.Errorf("the terminal did not show %q: %q", m, got)
				}
			}
		})
	}
}
