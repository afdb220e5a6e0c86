package chat

import (
	"context"
	"fmt"
	"image"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"atelier/client/sim"
	"atelier/store"
	"atelier/ui/components/editor/editortest"
	"atelier/ui/tab/tabtest"
)

// clipboard is the last of h.copies the tab put on the clipboard. Bubble
// Tea keeps its clipboard message unexported, but it compares equal to
// tea.SetClipboard's own for the same text.
func (h *harness) clipboard() (string, bool) {
	for i := len(h.Out) - 1; i >= 0; i-- {
		for _, s := range h.copies {
			if h.Out[i] == tea.SetClipboard(s)() {
				return s, true
			}
		}
	}
	return "", false
}

func TestCopyReplyAndCodeBlocks(t *testing.T) {
	h := newHarness(t, "")
	ctx := context.Background()
	reply := "Two blocks.\n\n```go\nfunc one() {}\n```\n\nand\n\n```sh\necho two\n```\n"
	id, _ := h.db.NewConversation(ctx, store.KindChat, "")
	h.db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleUser, Text: "code please"})
	h.db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleAssistant, Family: "alpha", Model: "m", Text: reply})
	h.Run(loadPage(h.db, h.m.list.seq, nil))
	h.Keys("tab", "enter")
	if v := h.view(); !strings.Contains(v, "[1] go") || !strings.Contains(v, "[2] sh") {
		t.Fatalf("code blocks not numbered:\n%s", v)
	}
	h.copies = []string{reply, "func one() {}\n", "echo two\n"}

	h.Keys("tab", "c") // the reply pane
	if got, _ := h.clipboard(); got != reply {
		t.Fatalf("c copied %q", got)
	}
	h.Keys("y")
	if !h.m.Focused() || h.m.mode() != numbering {
		t.Fatal("y does not wait for a number")
	}
	h.Keys("2")
	if got, _ := h.clipboard(); got != "echo two\n" {
		t.Fatalf("y 2 copied %q", got)
	}
	if n := h.Notices(); n[len(n)-1] != "code block 2 copied (9 B)" {
		t.Errorf("notices %q", n)
	}
	h.Keys("y", "esc")
	if h.m.code.waiting {
		t.Error("esc did not cancel the number")
	}
	h.Keys("y", "7")
	if n := h.Notices(); n[len(n)-1] != "no code block 7: this reply has 2" {
		t.Errorf("notices %q", n)
	}
}

// TestCopyTakesTheReplyInView: scrolled up to the first reply, c copies
// that one.
func TestCopyTakesTheReplyInView(t *testing.T) {
	h := newHarness(t, "")
	h.prompt("first")
	h.prompt("second")
	h.copies = []string{h.m.conv.entries[1].text, h.m.conv.entries[3].text}
	h.Keys("tab", "tab", "home", "c")
	if got, _ := h.clipboard(); got != h.m.conv.entries[1].text {
		t.Fatal("c at the top did not copy the first reply")
	}
	h.Keys("end", "c")
	if got, _ := h.clipboard(); got != h.m.conv.entries[3].text {
		t.Fatal("c at the end did not copy the last reply")
	}
}

// TestReadingAboveIsNotPulledDown: while the reader is scrolled up, new
// text does not move the window; a marker says more arrived.
func TestReadingAboveIsNotPulledDown(t *testing.T) {
	h := newHarness(t, "")
	h.m.SetSize(116, 16)
	h.prompt("earlier question")
	h.sendFor("and now", 60)
	if !h.m.tr.atBottom() {
		t.Fatal("the window did not follow the reply while at the end")
	}
	h.Send(tabtest.Press("pgup"))
	at, top := h.m.tr.offset, strings.Split(h.view(), "\n")[0]
	h.more(60)
	if h.m.tr.offset != at || strings.Split(h.view(), "\n")[0] != top {
		t.Fatalf("the window moved from line %d to %d", at, h.m.tr.offset)
	}
	if !strings.Contains(h.view(), "↓ more below") {
		t.Errorf("no marker:\n%s", h.view())
	}
	h.Send() // the rest of the reply
	h.Keys("tab", "tab", "end")
	if strings.Contains(h.view(), "↓ more below") {
		t.Error("the marker stays at the end")
	}
}

// TestModelOutputIsCleaned: escape sequences in stored text (a prompt, a
// reply, thinking, a title, an error) never reach the screen; only the
// styles the tab draws itself do.
func TestModelOutputIsCleaned(t *testing.T) {
	h := newHarness(t, "")
	ctx := context.Background()
	evil := "\x1b]52;c;ZXZpbA==\x07\x1b[2J\x1b]8;;http://evil.example\x1b\\click\x1b]8;;\x1b\\\x1bP+q\x1b\\"
	id, _ := h.db.NewConversation(ctx, store.KindChat, "title "+evil)
	h.db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleUser, Text: "prompt " + evil})
	h.db.AddMessage(ctx, store.Message{ConversationID: id, Role: store.RoleAssistant, Family: "alpha", Model: "m" + evil,
		Text: "# reply " + evil + "\n\n```\ncode " + evil + "\n```\n", Thinking: "thinking " + evil,
		Status: store.StatusError, Error: "failed " + evil})
	h.Run(loadPage(h.db, h.m.list.seq, nil))
	h.Keys("tab", "enter", "tab", "tab", "t")
	raw := h.m.View() + strings.Join(h.m.tr.lines, "\n")
	if !strings.Contains(ansiStrip(raw), "click") || !strings.Contains(ansiStrip(raw), "failed") {
		t.Fatalf("the text itself is gone:\n%s", ansiStrip(raw))
	}
	sgr := regexp.MustCompile(`\x1b\[[0-9;:]*m`)
	if rest := sgr.ReplaceAllString(raw, ""); strings.ContainsAny(rest, "\x1b\x07\u009b\u009d") {
		i := strings.IndexAny(rest, "\x1b\x07\u009b\u009d")
		t.Fatalf("a control sequence reached the screen: %q", rest[max(i-20, 0):min(i+20, len(rest))])
	}
}

func TestAttachAnImage(t *testing.T) {
	h := newHarness(t, "")
	path := tabtest.WritePNG(t, "dot.png", image.NewRGBA(image.Rect(0, 0, 4, 4)))

	h.Keys("alt+a")
	if h.m.field.kind != attachField || !strings.Contains(h.view(), "image ▸") {
		t.Fatalf("alt+a did not ask for a path:\n%s", h.view())
	}
	h.Type(path).Keys("enter")
	h.NoErrors()
	if len(h.m.comp.images) != 1 || !strings.Contains(h.view(), "🖼 dot.png") {
		t.Fatalf("not attached:\n%s", h.view())
	}
	h.prompt("what is in this picture")
	h.NoErrors()
	if imgs := h.m.conv.entries[0].images; len(imgs) != 1 || imgs[0].image.MediaType != "image/png" {
		t.Fatalf("the prompt lost its image: %+v", h.m.conv.entries[0].images)
	}
	calls, _ := h.db.Calls(context.Background(), store.CallFilter{ConversationID: h.m.conv.id})
	if !strings.Contains(string(calls[0].RequestJSON), `"media_type":"image/png"`) {
		t.Errorf("the request has no image: %s", calls[0].RequestJSON)
	}
	if len(h.m.comp.images) != 0 {
		t.Error("the images stay for the next prompt")
	}

	h.Keys("alt+a").Type(filepath.Join(t.TempDir(), "missing.png")).Keys("enter")
	if errs := h.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "attach") {
		t.Errorf("errors %v", errs)
	}
}

// TestEditorRoundTrip: ctrl+o opens the composer's text in $EDITOR (a
// script here, run in place of Bubble Tea's exec), and what the editor
// leaves there comes back to the composer.
func TestEditorRoundTrip(t *testing.T) {
	h := newHarness(t, "")
	h.Type("draft")
	script := editortest.Script(t, `test "$(cat "$f")" = draft || exit 9
printf 'written at length\nin the editor\n' > "$f"`)
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", script)
	h.m.edit.Exec = editortest.InPlace
	h.Keys("ctrl+o")
	h.NoErrors()
	if got := h.m.comp.text(); got != "written at length\nin the editor" || h.m.comp.ta.LineCount() != 2 {
		t.Fatalf("composer %q", got)
	}
	if left := editortest.Leftovers(script); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
}

// TestComposerKeys: enter sends, shift+enter and ctrl+j add a line.
func TestComposerKeys(t *testing.T) {
	h := newHarness(t, "")
	h.Type("line one").Keys("shift+enter").Type("line two").Keys("ctrl+j").Type("three")
	if got := h.m.comp.text(); got != "line one\nline two\nthree" || len(h.m.conv.entries) != 0 {
		t.Fatalf("composer %q, %d entries", got, len(h.m.conv.entries))
	}
	if h.m.comp.ta.Height() != 3 {
		t.Errorf("the composer is %d lines high for three lines", h.m.comp.ta.Height())
	}
	h.Keys("enter")
	h.NoErrors()
	if got := h.m.conv.entries[0].text; got != "line one\nline two\nthree" || h.last().text != sim.ReplyText(got) {
		t.Fatalf("sent %q", got)
	}
	if h.m.comp.ta.Height() != 1 {
		t.Error("the composer did not shrink back")
	}
}

func ansiStrip(s string) string { return regexp.MustCompile(`\x1b\[[0-9;:]*m`).ReplaceAllString(s, "") }

// TestLongConversationDrawsWhatShows: a conversation opens with only its
// last exchanges laid out; the replies above are rendered ahead by
// commands, and scrolling up lays them out without moving what shows.
func TestLongConversationDrawsWhatShows(t *testing.T) {
	h := newHarness(t, "")
	conv := &store.Conversation{ID: 1}
	for i := range 8 {
		p := fmt.Sprintf("question %d", i)
		conv.Messages = append(conv.Messages,
			store.Message{ID: int64(2*i + 1), Turn: i, Role: store.RoleUser, Text: p},
			store.Message{ID: int64(2*i + 2), Turn: i, Role: store.RoleAssistant, Family: "alpha", Model: "m",
				Text: sim.ReplyText(p), Status: store.StatusComplete})
	}
	h.m.conv.seq++
	h.m.conv.loading = h.m.conv.seq
	entries := entriesOf(conv.Messages, nil)
	h.Send(openedMsg{seq: h.m.conv.seq, id: 1, entries: entries, bodies: h.m.tr.drawSpec().renderTail(entries)})
	if h.m.tr.from == 0 || h.m.tr.from >= len(entries)-1 {
		t.Fatalf("laid out from entry %d of %d", h.m.tr.from, len(entries))
	}
	for i := range h.m.tr.from {
		if e := &h.m.conv.entries[i]; e.role == store.RoleAssistant && h.m.tr.stale(e, i) {
			t.Errorf("reply %d above the window was not rendered ahead", i)
		}
	}
	h.Keys("tab", "tab") // the reply pane
	for h.m.tr.from > 0 {
		before := h.m.tr.lines[h.m.tr.offset]
		above := "" // the empty line between two entries
		if h.m.tr.offset > 0 {
			above = h.m.tr.lines[h.m.tr.offset-1]
		}
		h.Keys("up")
		if h.m.tr.lines[h.m.tr.offset] != above || h.m.tr.lines[h.m.tr.offset+1] != before {
			t.Fatalf("one line up moved the window elsewhere (from %d)", h.m.tr.from)
		}
	}
	h.Keys("home")
	if v := h.view(); !strings.Contains(v, "question 0") {
		t.Errorf("home does not show the first prompt:\n%s", v)
	}
}
