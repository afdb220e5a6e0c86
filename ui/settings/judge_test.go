package settings

import (
	"os"
	"strings"
	"testing"
)

// TestJudgeIsTypedCheckedAndSaved: the Arena's judge row takes a chat
// target; one that is not is refused as typed, named arena.judge; the
// saved one reaches config.toml and the tabs.
func TestJudgeIsTypedCheckedAndSaved(t *testing.T) {
	h := newHarness(t, nil)
	h.m.SetSize(120, 40)
	if l := h.to("Judge").cursorLine(); !strings.Contains(l, "none") {
		t.Fatalf("judge line %q", l)
	}
	h.Keys("enter").Type("delta:x")
	if !strings.Contains(h.flat(), "arena.judge: ") {
		t.Fatalf("a bad judge is not refused as typed:\n%s", h.view())
	}
	h.Keys("ctrl+u").Type("alpha:judge-model").Keys("enter")
	if h.onDisk().Arena.Judge != "alpha:judge-model" || h.saved() == nil || h.saved().Arena.Judge != "alpha:judge-model" {
		t.Fatal("the judge was not saved, or the tabs were not told")
	}
	if data, _ := os.ReadFile(h.path); !strings.Contains(string(data), "[arena]\njudge = 'alpha:judge-model'") {
		t.Errorf("config.toml:\n%s", data)
	}
}
