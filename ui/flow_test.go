package ui

import (
	"atelier/ui/tab/tabtest"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"atelier/ui/tab"
)

// TestProgramFlow runs the shell in a real Bubble Tea program with a fake
// 80×24 terminal: switch tabs, open help, quit.
func TestProgramFlow(t *testing.T) {
	tm := teatest.NewTestModel(t, New(testDeps(t)), teatest.WithInitialTermSize(80, 24))
	tm.Send(tabtest.Press("alt+6"))
	tm.Send(tabtest.Press("?"))
	tm.Send(tabtest.Press("ctrl+right")) // wraps to Chat, help still open
	tm.Send(tabtest.Press("alt+3"))      // a bare 3 would be text: Chat's composer has the keyboard
	tm.Send(tabtest.Press("ctrl+c"))

	// The timeout only bounds a hang; nothing waits on it when all is well.
	final := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(Model)
	if final.active != tab.Image {
		t.Errorf("active tab %d, want Image", final.active)
	}
	if final.cover != helpCover {
		t.Error("help closed on its own")
	}
	if final.width != 80 || final.height != 24 {
		t.Errorf("size %dx%d", final.width, final.height)
	}
	out, err := io.ReadAll(tm.FinalOutput(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"atelier", "Keys · ", "api", titles[tab.Count-1]} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the terminal never got %q", want)
		}
	}
}
