package video

import (
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"atelier/client/sim"
)

// The Video form sends with enter, as Chat and Image do (issue 30: it was
// ctrl+s, and enter went to the next row). Every send is counted where it
// arrives: at the simulator.

// TestEnterSendsFromThePromptAndAChoice: enter on the prompt and on a
// choice row sends the form; a task arrives at the service each time.
func TestEnterSendsFromThePromptAndAChoice(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videoa/q1/text-to-video")
	h.to("prompt").Type("a lighthouse in fog").Keys("enter")
	if got := r.submissions(); len(got) != 1 || got[0]["prompt"] != "a lighthouse in fog" {
		t.Fatalf("after enter on the prompt the service has %v; warnings %q", got, h.Warnings())
	}
	h.to("style").Keys("space", "space") // unset → general → anime: space changes a choice
	if n := len(r.submissions()); n != 1 {
		t.Fatalf("space on a choice sent: %d submissions", n)
	}
	h.Keys("enter")
	got := r.submissions()
	if len(got) != 2 || got[1]["style"] != "anime" {
		t.Fatalf("after enter on the style the service has %v; warnings %q", got, h.Warnings())
	}
	if len(h.m.tasks.Items()) != 2 || h.m.form.Path() != "style" || h.m.mode != editing {
		t.Errorf("%d tasks; focus on %s in mode %d: the form stays where it was", len(h.m.tasks.Items()), h.m.form.Path(), h.m.mode)
	}
}

// TestEnterSendsFromAListHead: on a list's row enter sends too; ctrl+n
// adds the item enter used to.
func TestEnterSendsFromAListHead(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videob/o3/{mode}/text-to-video")
	h.to("prompt").Type("the coast")
	h.to("multi_prompt").Keys("enter")
	if got := r.submissions(); len(got) != 1 || got[0]["prompt"] != "the coast" || got[0]["multi_prompt"] != nil {
		t.Fatalf("after enter on multi_prompt the service has %v; warnings %q", got, h.Warnings())
	}
	h.Keys("ctrl+n")
	if h.m.form.Path() != "multi_prompt[0].index" {
		t.Errorf("ctrl+n on the list: focus on %s, want its new item", h.m.form.Path())
	}
}

// TestCtrlSSendsNothing: ctrl+s is no longer a key of the tab, in the
// form or the task list.
func TestCtrlSSendsNothing(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.to("prompt").Type("a harbour at dusk").Keys("ctrl+s")
	if h.m.form.Text("prompt") != "a harbour at dusk" || h.m.form.Path() != "prompt" {
		t.Errorf("ctrl+s changed the form: %q, focus on %s", h.m.form.Text("prompt"), h.m.form.Path())
	}
	h.Keys("esc", "ctrl+s") // the task list
	if n := len(r.submissions()); n != 0 || len(h.m.tasks.Items()) != 0 || len(h.Warnings()) != 0 {
		t.Errorf("ctrl+s: %d submissions, %d tasks, warnings %q", n, len(h.m.tasks.Items()), h.Warnings())
	}
	h.Keys("enter") // the list's enter plays; it sends nothing either
	if n := len(r.submissions()); n != 0 {
		t.Errorf("enter in the empty task list sent %d", n)
	}
	h.Keys("tab", "enter") // tab to the form, then enter sends
	if n := len(r.submissions()); n != 1 {
		t.Errorf("tab then enter: %d submissions; warnings %q", n, h.Warnings())
	}
}

// TestEnterWithABrokenFieldSendsNothing: the whole form is checked on
// enter; the status line names the broken field, and the focus goes to it.
func TestEnterWithABrokenFieldSendsNothing(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videoa/q3/text-to-video/turbo")
	h.to("duration").Type("20")
	h.to("prompt").Type("waves").Keys("enter")
	if n := len(r.submissions()); n != 0 {
		t.Fatalf("%d submissions with a broken duration", n)
	}
	if w := h.Warnings(); len(w) != 1 || w[0] != `not sent: duration: must be between 1 and 16 (got "20")` {
		t.Errorf("warnings %q, want the field named", w)
	}
	if h.m.form.Path() != "duration" {
		t.Errorf("focus on %s, want the broken field", h.m.form.Path())
	}
	h.Keys("backspace").Keys("enter") // "2": fixed, from the field itself
	if n := len(r.submissions()); n != 1 {
		t.Errorf("after the fix: %d submissions; warnings %q", n, h.Warnings())
	}
}

// TestEnterOnAPathMovesOn: on a row where a path or URL is typed, enter
// ends it and moves to the next row, as on the Image tab's input images;
// the help says so there, and says send everywhere else in the form.
func TestEnterOnAPathMovesOn(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harness(t)
	h.endpoint("videoa/q1/image-to-video")
	h.to("prompt").Type("waves")
	if !shortHas(h, "enter", "send") {
		t.Errorf("the prompt's help lacks enter send: %v", shortKeys(h))
	}
	h.to("image_url").Type("https://example.org/sea.png")
	if !shortHas(h, "enter", "done: the next row") || shortHas(h, "enter", "send") {
		t.Errorf("the path's help: %v", shortKeys(h))
	}
	h.Keys("enter")
	if n := len(r.submissions()); n != 0 || h.m.form.Path() != "seed" {
		t.Fatalf("enter on the URL: %d submissions, focus on %s", n, h.m.form.Path())
	}
	h.Keys("enter")
	if got := r.submissions(); len(got) != 1 || got[0]["image_url"] != "https://example.org/sea.png" {
		t.Errorf("enter on the seed: the service has %v; warnings %q", got, h.Warnings())
	}
}

// shortHas reports whether the bottom line's help binds k to what.
func shortHas(h *harness, k, what string) bool {
	return slices.ContainsFunc(h.m.KeyMap().ShortHelp(), func(b key.Binding) bool {
		return slices.Contains(b.Keys(), k) && b.Help().Desc == what
	})
}

func shortKeys(h *harness) string {
	var out []string
	for _, b := range h.m.KeyMap().ShortHelp() {
		out = append(out, b.Help().Key+" "+b.Help().Desc)
	}
	return strings.Join(out, " · ")
}
