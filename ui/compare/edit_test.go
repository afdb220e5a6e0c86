package compare

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/editor/editortest"
	"atelier/ui/tab"
)

func TestDefaultTargetsFromSettings(t *testing.T) {
	t.Parallel()
	m := New(Options{Settings: &store.Settings{Models: store.Models{Gamma: "g1", Alpha: "a1", Image: "i"}}})
	if got := m.screen().targets; len(got) != 2 || got[0].Family != client.Alpha || got[0].Model != "a1" ||
		got[1].Family != client.Gamma || got[1].Model != "g1" {
		t.Fatalf("targets %+v", got)
	}
	m, _ = m.settingsSaved(&store.Settings{Models: store.Models{Beta: "b2", Gamma: "g2"}})
	if got := m.screen().targets; len(got) != 2 || got[0].Model != "b2" || got[1].Model != "g2" {
		t.Fatalf("after the settings changed: %+v", got)
	}
	m.defaulted = false // as after the form
	if m, _ = m.settingsSaved(&store.Settings{}); len(m.targets) != 2 {
		t.Error("chosen targets were replaced by the defaults")
	}
}

// TestDefaultTargetsInDemo: the simulator answers to any model, so in the
// demo every chat family is a target, under the settings' model if it has
// one, as the Chat tab does; outside the demo a family with no default
// model is not guessed.
func TestDefaultTargetsInDemo(t *testing.T) {
	t.Parallel()
	m := New(Options{Demo: true, Settings: &store.Settings{Models: store.Models{Beta: "b1"}}})
	var got []string
	for _, tg := range m.screen().targets {
		got = append(got, string(tg.Family)+":"+tg.Model)
	}
	if strings.Join(got, " ") != "alpha:demo-alpha beta:b1 gamma:demo-gamma" {
		t.Fatalf("demo targets %q", got)
	}
	if got := New(Options{Demo: true}).screen().targets; len(got) != 3 {
		t.Fatalf("demo with no settings: %+v", got)
	}
	if got := New(Options{}).screen().targets; len(got) != 0 {
		t.Fatalf("no settings outside the demo: %+v", got)
	}
}

func TestTargetsForm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.Keys("ctrl+t")
	if !h.m.Focused() || !strings.Contains(h.view(), "Targets · 2 to 4") {
		t.Fatalf("ctrl+t did not open the form:\n%s", h.view())
	}
	// Target 1: alpha, model a1, a setting; target 2 (past its heading):
	// beta, twice round the list.
	h.Keys("right", "tab").Type("a1").Keys("tab").Type("temperature=0.2,service_tier=auto")
	h.Keys("tab", "tab", "right", "right", "tab").Type("b1")
	h.Keys("enter")
	if h.m.Focused() {
		t.Fatalf("the form stayed open:\n%s", h.view())
	}
	got := h.m.targets
	if len(got) != 2 || got[0].Family != client.Alpha || got[0].Model != "a1" || *got[0].Settings.Temperature != 0.2 ||
		got[0].Settings.Extra["service_tier"] != "auto" || got[1].Family != client.Beta || got[1].Model != "b1" {
		t.Fatalf("targets %+v", got)
	}
	if n := h.Notices(); len(n) != 1 || !strings.Contains(n[0], "2 targets set") {
		t.Errorf("notices %q", n)
	}
	// The form opens with them; a bad value is refused in its row, and the
	// targets stay as they were.
	h.Keys("ctrl+t")
	if v := h.view(); !hasAll(v, "‹ alpha ›", "a1", "temperature=0.2,service_tier=auto", "beta", "b1") {
		t.Errorf("the form does not show the targets:\n%s", v)
	}
	h.Keys("down", "down", "down", "down", "down", "down").Type("temperature=-1").Keys("enter")
	if !h.m.Focused() || !strings.Contains(h.view(), "temperature") || h.m.targets[1].Settings.Temperature != nil {
		t.Errorf("a bad temperature was taken:\n%s", h.view())
	}
	h.Keys("esc")
	if h.m.Focused() || len(h.m.targets) != 2 {
		t.Error("esc did not close the form, or changed the targets")
	}
	// One target is not a comparison.
	h.Keys("ctrl+t", "down", "down", "down", "down", "left", "left", "enter")
	if ws := h.Warnings(); len(ws) != 1 || ws[0] != errTargets.Error() || len(h.Errors()) > 0 {
		t.Errorf("warnings %q, errors %v", ws, h.Errors())
	}
}

func TestPromptEditor(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.m.targets = targets(t, "alpha:a", "beta:b")
	h.Keys("e").Type("line one").Keys("shift+enter").Type("line two").Keys("tab").Type("be brief").Keys("esc")
	if h.m.Focused() || h.m.prompt != "line one\nline two" || h.m.system != "be brief" {
		t.Fatalf("prompt %q, system %q", h.m.prompt, h.m.system)
	}
	if v := h.view(); !hasAll(v, "Prompt line one …", "System be brief", "ready") {
		t.Errorf("view:\n%s", v)
	}
	// enter runs; without a service it says so and nothing starts.
	h.Keys("enter", "enter")
	if ws := h.Warnings(); len(ws) != 1 || ws[0] != errNoService.Error() || len(h.m.run.lanes) != 0 {
		t.Errorf("warnings %q, lanes %d", ws, len(h.m.run.lanes))
	}
}

func TestRunNeedsAPromptAndTargets(t *testing.T) {
	t.Parallel()
	h := newHarness(t, newService(t).client(t))
	h.Keys("ctrl+r")
	h.m.targets = targets(t, "alpha:a", "beta:b")
	h.Keys("ctrl+r")
	h.m.prompt = "hi"
	h.m.targets = targets(t, "alpha:a", "gamma:g:temperature=9")
	h.Keys("ctrl+r")
	// A prompt or targets missing is no failure: the key did nothing,
	// and the status line says why (issue 30); a target that breaks a
	// rule is refused as an error naming it.
	errs, ws := h.Errors(), h.Warnings()
	if len(ws) != 2 || ws[0] != errTargets.Error() || ws[1] != errNoPrompt.Error() {
		t.Fatalf("warnings %q", ws)
	}
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "target 2 (gamma · g)") {
		t.Fatalf("errors %v", errs)
	}
}

// TestSystemPromptGoesToEveryTarget: the run's system prompt is sent to each
// target that sets none of its own.
func TestSystemPromptGoesToEveryTarget(t *testing.T) {
	t.Parallel()
	h := onSim(t, "hi", `alpha:a:system="own"`, "beta:b")
	h.m.system = "shared"
	h.Keys("ctrl+r")
	h.NoErrors()
	conv := h.conversation()
	for i, want := range []string{`"system":"own"`, `"system":"shared"`} {
		if s := string(conv.Lanes[i].SettingsJSON); !strings.Contains(s, want) {
			t.Errorf("lane %d recorded %s", i+1, s)
		}
	}
}

func TestFoldedColumnsCycle(t *testing.T) {
	t.Parallel()
	h := ran(t, "hello", "alpha:a", "beta:b", "gamma:g")
	h.m.SetSize(76, 20)
	h.Send(tab.RedrawMsg{})
	v := h.view()
	if !hasAll(v, "1 alpha · a", "column 1 of 3") || strings.Contains(v, "2 beta") {
		t.Fatalf("at 80 columns one column shows:\n%s", v)
	}
	h.Keys("tab", "tab")
	if v := h.view(); !hasAll(v, "3 gamma · g", "column 3 of 3") {
		t.Errorf("tab did not cycle:\n%s", v)
	}
	h.Keys("tab")
	if v := h.view(); !strings.Contains(v, "1 alpha · a") {
		t.Errorf("tab did not come round:\n%s", v)
	}
	// Wide, z zooms the focused column to the whole width, and back.
	h.m.SetSize(196, 46)
	h.Send(tab.RedrawMsg{})
	h.Keys("right", "z")
	if v := h.view(); !hasAll(v, "2 beta · b", "column 2 of 3") || strings.Contains(v, "1 alpha") {
		t.Errorf("z did not zoom:\n%s", v)
	}
	h.Keys("z")
	if v := h.view(); !hasAll(v, "1 alpha", "2 beta", "3 gamma") {
		t.Errorf("z again did not unzoom:\n%s", v)
	}
}

// TestColumnsFillTheWidth: when the width does not divide by the number of
// columns, the frames take what is left (one column each) and every line
// is the tab's width, the right border at its edge.
func TestColumnsFillTheWidth(t *testing.T) {
	t.Parallel()
	h := ran(t, "hello", "alpha:a", "beta:b", "gamma:g")
	for _, w := range []int{116, 117, 118, 196} {
		h.m.SetSize(w, 30)
		h.Send(tab.RedrawMsg{})
		lines := strings.Split(h.view(), "\n")
		for i, l := range lines[1:] { // under the prompt line
			if got := ansi.StringWidth(l); got != w || !strings.HasSuffix(l, "┐") && !strings.HasSuffix(l, "│") && !strings.HasSuffix(l, "┘") {
				t.Fatalf("width %d, line %d is %d wide and ends %q:\n%s", w, i+1, got, l[max(len(l)-6, 0):], h.view())
			}
		}
	}
}

func TestScrollTogetherOrApart(t *testing.T) {
	t.Parallel()
	h := ran(t, "hello [[long]]", "alpha:a", "beta:b")
	top := func(i int) string { return strings.SplitN(h.m.run.lanes[i].md.View(), "\n", 2)[0] }
	h.Keys("g")
	a0, b0 := top(0), top(1)
	h.Keys("down", "down", "down")
	if top(0) == a0 || top(1) == b0 {
		t.Fatal("in sync, both columns should scroll")
	}
	h.Keys("s", "g")
	a1, b1 := top(0), top(1)
	if a1 != a0 || b1 == b0 {
		t.Fatalf("apart, only the focused column should scroll")
	}
	if !strings.Contains(h.view(), "scroll apart") {
		t.Errorf("view:\n%s", h.view())
	}
}

// TestModelOutputIsCleaned: escape sequences in a reply or an error never
// reach the screen.
func TestModelOutputIsCleaned(t *testing.T) {
	t.Parallel()
	m := New(Options{})
	m.SetSize(116, 36)
	m.seq = 1
	m.run = run{seq: 1, prompt: "p\x1b]52;c;AAAA\x07"}
	for range 2 {
		m.run.lanes = append(m.run.lanes, newLane(client.ChatTarget{Family: client.Alpha, Model: "m"}, m.st.Markdown))
	}
	evil := "hi \x1b]8;;http://x\x07link\x1b]8;;\x07 \x1b[2J"
	m = drive(t, m, fakeStream(1, 0, reply(evil, client.ChatResult{Text: evil, StopReason: "end_turn"}, nil), nil).pull())
	m = drive(t, m, fakeStream(1, 1, reply("", client.ChatResult{}, errEvil), errEvil).pull())
	if v := m.View(); strings.Contains(v, "\x1b]") || strings.Contains(v, "\x1b[2J") || !strings.Contains(v, "link") {
		t.Errorf("view holds control sequences: %q", v)
	}
}

var errEvil = errorString("503 \x1b]0;pwned\x07 overloaded")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestPrefill: a past run taken up again fills the prompt, the system
// prompt the targets share, and the targets, and waits in the editor.
func TestPrefill(t *testing.T) {
	t.Parallel()
	m := New(Options{})
	m.SetSize(116, 36)
	m, _ = m.prefill("again", targets(t, `alpha:a:system="s",temperature=0.2`, `beta:b:system="s"`))
	if m.mode != prompting || m.editor.prompt.Value() != "again" || m.editor.system.Value() != "s" || m.system != "s" {
		t.Fatalf("mode %d, prompt %q, system %q", m.mode, m.editor.prompt.Value(), m.system)
	}
	if m.targets[0].Settings.System != "" || *m.targets[0].Settings.Temperature != 0.2 || m.targets[1].Model != "b" {
		t.Errorf("targets %+v", m.targets)
	}
	// Different system prompts stay with their targets.
	m, _ = m.prefill("again", targets(t, `alpha:a:system="s"`, "beta:b"))
	if m.system != "" || m.targets[0].Settings.System != "s" || m.targets[1].Settings.System != "" {
		t.Errorf("system %q, targets %+v", m.system, m.targets)
	}
}

// TestDeletedRunLeavesTheList: a comparison deleted from history since the
// list was read is dropped from it when it fails to open.
func TestDeletedRunLeavesTheList(t *testing.T) {
	t.Parallel()
	h := ran(t, "one", "alpha:a", "beta:b")
	h.Keys("ctrl+r")
	first := h.m.browser.items()[0]
	if err := h.db.DeleteConversation(t.Context(), first); err != nil {
		t.Fatal(err)
	}
	h.Keys("[")
	if runs := h.m.browser.items(); len(runs) != 1 || h.m.browser.at() != 0 || len(h.Errors()) != 1 || !strings.Contains(h.view(), "run 1 of 1") {
		t.Errorf("runs %v at %d, errors %v\n%s", runs, h.m.browser.at(), h.Errors(), h.view())
	}
}

// TestTargetsFormSaysWhatIsBrokenAsTyped: a setting that breaks a rule is
// said in red under its row as it is typed, before enter (issue 19, bug 4).
func TestTargetsFormSaysWhatIsBrokenAsTyped(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.Keys("ctrl+t")
	h.Keys("right", "tab").Type("a1").Keys("tab").Type("thinking_budget=500")
	if !strings.Contains(h.view(), "thinking.budget_tokens: must be >= 1024") {
		t.Fatalf("a budget of 500 is not said before enter:\n%s", h.view())
	}
	h.Keys("backspace", "backspace", "backspace").Type("2048")
	if strings.Contains(h.view(), "budget_tokens: must be") {
		t.Fatalf("a good budget is still refused:\n%s", h.view())
	}
	// beta's temperature is "typically 0.0 to 2.0; minimum 0" (INTERFACE.md):
	// only a negative one is broken before it is sent.
	h.Keys("tab", "tab", "right", "right", "tab").Type("b1").Keys("tab").Type("temperature=-1")
	if !strings.Contains(h.view(), "generationConfig.temperature: must be at least 0") {
		t.Fatalf("beta's temperature -1 is not said before enter:\n%s", h.view())
	}
}

// TestPromptInEditor: ctrl+o in the prompt editor opens the prompt in
// $EDITOR (a script, run in place), and what it leaves comes back to the
// prompt field, which takes the keyboard again; a failing editor changes
// nothing and says why.
func TestPromptInEditor(t *testing.T) {
	h := newHarness(t, nil)
	script := editortest.Script(t, `test "$(cat "$f")" = "a draft" || exit 9
printf 'a long prompt\nover two lines\n' > "$f"`)
	h.m.editor.ext.Getenv = func(k string) string { return map[string]string{"EDITOR": script}[k] }
	h.m.editor.ext.Exec = editortest.InPlace
	h.Keys("e").Type("a draft").Keys("tab", "ctrl+o")
	h.NoErrors()
	if got := h.m.editor.prompt.Value(); got != "a long prompt\nover two lines" || h.m.editor.onSys {
		t.Fatalf("prompt %q, system field focused %v", got, h.m.editor.onSys)
	}
	if left := editortest.Leftovers(script); len(left) > 0 {
		t.Errorf("temporary files left behind: %v", left)
	}
	h.m.editor.ext.Getenv = func(k string) string { return map[string]string{"EDITOR": editortest.Script(t, "exit 4")}[k] }
	h.Keys("ctrl+o", "esc")
	if errs := h.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Error(), "exit status 4") || h.m.prompt != "a long prompt\nover two lines" {
		t.Errorf("errors %v, prompt %q", errs, h.m.prompt)
	}
}
