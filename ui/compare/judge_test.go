package compare

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/client/sim"
	"atelier/client/sim/simtest"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// ran is a harness that has run prompt on two targets.
func ran(t *testing.T, prompt string, specs ...string) *harness {
	t.Helper()
	h := onSim(t, prompt, specs...)
	h.Keys("ctrl+r")
	h.NoErrors()
	return h
}

func TestVerdictsAreSaved(t *testing.T) {
	t.Parallel()
	h := ran(t, "hello", "alpha:a", "beta:b:temperature=0.5")
	if !tabtest.Binds(h.m.KeyMap(), "4") || tabtest.Binds(h.m.KeyMap(), "7") {
		t.Fatal("the tab does not claim the rating digits (or claims others)")
	}
	h.Keys("4", "w", "n").Type("crisp and right").Keys("enter")
	h.Keys("tab", "2", "w")
	h.NoErrors()
	v := h.view()
	if !hasAll(v, "★★★★☆ · crisp and right", "★★☆☆☆ · winner") {
		t.Errorf("verdicts not shown:\n%s", v)
	}
	lanes := h.conversation().Lanes
	if len(lanes) != 2 {
		t.Fatalf("%d lanes", len(lanes))
	}
	if l := lanes[0]; l.Rating != 4 || l.Note != "crisp and right" || l.Winner || l.Model != "a" {
		t.Errorf("lane 1 saved as %+v", l)
	}
	if l := lanes[1]; l.Rating != 2 || !l.Winner || !strings.Contains(string(l.SettingsJSON), `"temperature":0.5`) {
		t.Errorf("lane 2 saved as %+v", l)
	}
	// 0 clears a rating; w again takes the title back.
	h.Keys("0", "w")
	if l := h.conversation().Lanes[1]; l.Rating != 0 || l.Winner {
		t.Errorf("lane 2 saved as %+v", l)
	}
}

// TestVerdictSavesLandInOrder: verdicts given faster than they are saved
// are saved one after another, the last one last.
func TestVerdictSavesLandInOrder(t *testing.T) {
	t.Parallel()
	h := ran(t, "hello", "alpha:a", "beta:b")
	for _, k := range []string{"1", "2", "3", "w", "5"} {
		h.update(tabtest.Press(k)) // no settling: the saves overlap
	}
	h.Send()
	if l := h.conversation().Lanes[0]; l.Rating != 5 || !l.Winner {
		t.Errorf("saved %+v, want the last verdict: 5 stars, winner", l)
	}
}

func TestExportWritesTheReport(t *testing.T) {
	t.Parallel()
	h := ran(t, "explain CRDTs", "alpha:a", "gamma:g:effort=low")
	h.Keys("tab", "5", "w", "x")
	h.NoErrors()
	n := h.Notices()
	if len(n) != 1 || !strings.HasPrefix(n[0], "report: compare-1-explain-crdts.md and compare-1-explain-crdts.json") {
		t.Fatalf("notices %q", n)
	}
	md, err := os.ReadFile(filepath.Join(h.dir, "compare-1-explain-crdts.md"))
	if err != nil {
		t.Fatal(err)
	}
	// A reply's own headings sit below the lanes' (issue 30): "## Notes on"
	// in the reply is "#### Notes on" in the report.
	reply := regexp.MustCompile(`(?m)^(#{1,4}) `).ReplaceAllString(sim.ReplyText("explain CRDTs"), "$1## ")
	if !hasAll(string(md), "# explain CRDTs", "## Summary", "| 2 | gamma · g · effort=low |", "★★★★★ | ✓ |",
		"## Lane 1 · alpha · a", "## Lane 2 · gamma · g", reply) || strings.Contains(string(md), "\n## Notes on") {
		t.Errorf("report:\n%s", md)
	}
	js, err := os.ReadFile(filepath.Join(h.dir, "compare-1-explain-crdts.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Kind         string
		Conversation struct {
			Lanes []struct {
				Lane   int
				Rating int
				Winner bool
			}
		}
		Calls []json.RawMessage
	}
	if err := json.Unmarshal(js, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Kind != "compare" || len(doc.Conversation.Lanes) != 2 || doc.Conversation.Lanes[1].Rating != 5 ||
		!doc.Conversation.Lanes[1].Winner || len(doc.Calls) != 2 {
		t.Errorf("JSON export: %+v", doc)
	}
}

func TestExportNeedsHistory(t *testing.T) {
	t.Parallel()
	h := onSim(t, "hi", "alpha:a", "beta:b")
	h.m.db = nil
	h.Keys("ctrl+r", "x")
	if ws := h.Warnings(); len(ws) != 1 || ws[0] != errNotRecorded.Error() {
		t.Fatalf("warnings %q", ws)
	}
	if !strings.Contains(h.view(), "not recorded") {
		t.Errorf("view:\n%s", h.view())
	}
}

func TestContinueInChat(t *testing.T) {
	t.Parallel()
	h := ran(t, "hello there", "alpha:a", "beta:b:temperature=0.5")
	h.m.system = "ignored: the run on screen had none"
	h.Keys("tab", "c")
	var got *tab.ContinueChatMsg
	for _, m := range h.Out {
		if c, ok := m.(tab.ContinueChatMsg); ok {
			got = &c
		}
	}
	if got == nil {
		t.Fatalf("no ContinueChatMsg in %v", h.Out)
	}
	want := sim.ReplyText("hello there")
	if got.ConversationID != h.m.run.convID || got.Lane != 1 || got.Target.Family != client.Beta || got.Target.Model != "b" ||
		got.Target.Settings.Temperature == nil || got.Target.Settings.System != "" {
		t.Errorf("continue %+v", got)
	}
	if len(got.Turns) != 2 || got.Turns[0].Text != "hello there" || got.Turns[1].Role != "assistant" ||
		got.Turns[1].Text != want || got.Turns[1].Family != client.Beta || !json.Valid(got.Turns[1].Native) {
		t.Errorf("turns %+v", got.Turns)
	}
}

// TestRunsOpenAsTheyWere: every run is kept; [ and ] open earlier ones
// from history with their replies, figures and verdicts, and a new tab
// over the same history opens the latest.
func TestRunsOpenAsTheyWere(t *testing.T) {
	t.Parallel()
	h := ran(t, "first prompt", "alpha:a", "beta:b")
	h.Keys("3", "w")
	first := h.m.run
	h.Keys("e", "ctrl+u").Type("second prompt").Keys("enter") // edit, then run again
	h.NoErrors()
	if h.m.run.prompt != "second prompt" || len(h.m.browser.items()) != 2 || !strings.Contains(h.view(), "run 2 of 2") {
		t.Fatalf("prompt %q, runs %v\n%s", h.m.run.prompt, h.m.browser.items(), h.view())
	}
	h.Keys("[")
	got := h.m.run
	if got.convID != first.convID || got.prompt != "first prompt" || !strings.Contains(h.view(), "run 1 of 2") {
		t.Fatalf("opened %d %q\n%s", got.convID, got.prompt, h.view())
	}
	for i, l := range got.lanes {
		was := first.lanes[i]
		if l.text != was.text || l.md.Text() != was.text || l.state != done || l.rating != was.rating ||
			l.winner != was.winner || l.target.Model != was.target.Model || len(l.native) == 0 {
			t.Errorf("column %d opened as %+v", i+1, l)
		}
		if l.fig.in != was.fig.in || l.fig.out != was.fig.out || l.fig.stop != was.fig.stop ||
			l.fig.total.Milliseconds() != was.fig.total.Milliseconds() {
			t.Errorf("column %d figures %+v, were %+v", i+1, l.fig, was.fig)
		}
	}
	if h.m.prompt != "first prompt" {
		t.Errorf("the opened run's prompt is not the next run's: %q", h.m.prompt)
	}
	h.Keys("]")
	if h.m.run.prompt != "second prompt" {
		t.Errorf("] opened %q", h.m.run.prompt)
	}

	again := New(Options{Store: h.db})
	h.m = again
	h.m.SetSize(116, 36)
	h.run(h.m.Init())
	h.Send()
	if h.m.run.prompt != "second prompt" || !strings.Contains(h.view(), "run 2 of 2") {
		t.Errorf("a new tab opened %q\n%s", h.m.run.prompt, h.view())
	}
}

// TestOpenRecordedElsewhere: a comparison recorded by `atelier compare`
// (or one whose recording was cut off) opens with what history holds.
func TestOpenRecordedElsewhere(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	ctx := t.Context()
	id, _ := h.db.NewConversation(ctx, store.KindCompare, "")
	h.db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleUser, Text: "from the command line"})
	h.db.SetLane(ctx, store.Lane{ConversationID: id, Lane: 0, Family: "alpha", Model: "m1", SettingsJSON: json.RawMessage(`{"system":"sys"}`), Rating: 2})
	h.db.SetLane(ctx, store.Lane{ConversationID: id, Lane: 1, Family: "gamma", Model: "m2", SettingsJSON: json.RawMessage(`{"system":"sys"}`)})
	r, _ := h.db.BeginReply(ctx, store.ReplyStart{ConversationID: id, Lane: 1, Family: "gamma", Model: "m2"})
	r.Append("partial", "")
	r.Finish(store.ReplyEnd{Err: os.ErrDeadlineExceeded})
	h.run(listRuns(h.m.db))
	h.Send()
	l := h.m.run.lanes
	if len(l) != 2 || l[0].state != stopped || l[0].rating != 2 || l[1].state != failed || l[1].text != "partial" {
		t.Fatalf("opened %+v", l)
	}
	if h.m.system != "sys" || h.m.targets[0].Settings.System != "" || h.m.run.system != "sys" {
		t.Errorf("system %q, targets %+v", h.m.system, h.m.targets)
	}
	if v := h.view(); !hasAll(v, "System sys", "stopped before any text", "partial", "✗ failed", "i/o timeout") {
		t.Errorf("view:\n%s", v)
	}
}

// TestRerunFromHistory: r on a comparison in the History tab opens it here
// as it was, ready to run again.
func TestRerunFromHistory(t *testing.T) {
	t.Parallel()
	h := ran(t, "first", "alpha:a", "beta:b")
	id := h.m.run.convID
	h.Keys("ctrl+r") // a second run on screen
	h.Send(tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, ID: id, Prompt: "first"})
	if h.m.run.convID != id || h.m.prompt != "first" || len(h.m.targets) != 2 || !strings.Contains(h.view(), "run 1 of 2") {
		t.Fatalf("opened %d, prompt %q\n%s", h.m.run.convID, h.m.prompt, h.view())
	}
	h.Keys("ctrl+r")
	h.NoErrors()
	if len(h.m.browser.items()) != 3 || h.m.run.prompt != "first" || h.m.run.lanes[1].state != done {
		t.Errorf("runs %v, prompt %q", h.m.browser.items(), h.m.run.prompt)
	}
	// Without an id (or history), the prompt and targets are filled in.
	h.Send(tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, Prompt: "p", Targets: []tab.RerunTarget{
		{Family: "alpha", Model: "x", SettingsJSON: json.RawMessage(`{"temperature":0.3}`)}, {Family: "gamma", Model: "y"}}})
	if !h.m.Focused() || h.m.prompt != "p" || h.m.targets[1].Model != "y" || *h.m.targets[0].Settings.Temperature != 0.3 {
		t.Errorf("prefill: prompt %q, targets %+v", h.m.prompt, h.m.targets)
	}
}

// TestRerunFromHistoryCountsTheRunItOpens: the shell shows the tab (which
// lists the runs again) then hands it the run; when the list comes back
// before the run is read, the count still names the run that opens, not
// the one on screen before (issue 19, bug 7: "run 2 of 2" with run 1's
// columns).
func TestRerunFromHistoryCountsTheRunItOpens(t *testing.T) {
	t.Parallel()
	h := ran(t, "first", "alpha:a", "beta:b")
	id := h.m.run.convID
	h.Keys("ctrl+r") // a second run on screen
	var shown, rerun tea.Cmd
	h.m, shown = h.m.Update(tab.ShownMsg{})
	h.m, rerun = h.m.Update(tab.RerunMsg{To: tab.Compare, Kind: store.KindCompare, ID: id, Prompt: "first"})
	listed, loaded := h.Results(shown), h.Results(rerun)
	h.Send(append(listed, loaded...)...)
	if h.m.run.convID != id || !strings.Contains(h.view(), "run 1 of 2") {
		t.Fatalf("opened %d (want %d) and says:\n%s", h.m.run.convID, id, h.view())
	}
}

// TestStoppedLaneKeepsItsFirstToken: a column stopped midway showed its
// time to first token while it streamed; history keeps it and the
// report's summary fills "First token" for it (issue 30), whether esc
// stopped it (the stream then ends with a result) or a new run replaced it
// (its stream is dropped: no result comes). The service sends half of the
// first prompt's events, then holds.
func TestStoppedLaneKeepsItsFirstToken(t *testing.T) {
	t.Parallel()
	c := simtest.Client(t, simtest.Serve(t, sim.Options{}, func(s http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(bytes.NewReader(body))
			if !bytes.Contains(body, []byte("first")) {
				s.ServeHTTP(w, r)
				return
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, r)
			events := strings.SplitAfter(rec.Body.String(), "\n\n")
			maps.Copy(w.Header(), rec.Header())
			w.WriteHeader(rec.Code)
			io.WriteString(w, strings.Join(events[:len(events)/2], ""))
			w.(http.Flusher).Flush()
			<-r.Context().Done()
		})
	}))
	for _, stop := range []string{"esc", "ctrl+r"} {
		h := newHarness(t, c)
		pressed := false
		h.after = func(h *harness) {
			if ls := h.m.run.lanes; !pressed && len(ls) == 2 && !ls[0].first.IsZero() && !ls[1].first.IsZero() {
				pressed = true
				h.m.prompt = "second"
				h.update(tabtest.Press(stop))
			}
		}
		h.m.targets, h.m.prompt = targets(t, "alpha:a", "beta:b"), "first"
		h.Keys("ctrl+r")
		first, err := h.db.Conversation(t.Context(), h.m.browser.items()[0])
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range first.Messages[1:] {
			if m.TTFT <= 0 || m.Status != store.StatusInterrupted {
				t.Errorf("%s: lane %d recorded %s with first token %v", stop, m.Lane+1, m.Status, m.TTFT)
			}
		}
		if stop == "esc" && strings.Count(h.view(), "TTFT") != 2 {
			t.Errorf("esc: the stopped columns do not show their first token:\n%s", h.view())
		}
		md, _, err := h.db.ExportFiles(t.Context(), store.ItemRef{Kind: store.KindCompare, ID: first.ID}, h.dir)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(md)
		rows := regexp.MustCompile(`(?m)^\| [12] \|.*$`).FindAllString(string(b), -1)
		for _, row := range rows {
			if cells := strings.Split(row, "|"); strings.TrimSpace(cells[3]) == "" {
				t.Errorf("%s: no first token in %q", stop, row)
			}
		}
		if len(rows) != 2 {
			t.Errorf("%s: summary rows %q", stop, rows)
		}
	}
}
