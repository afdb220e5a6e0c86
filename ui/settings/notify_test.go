package settings

import (
	"os"
	"strings"
	"testing"
)

// TestNotifySwitchesToggleAndSave: the Notifications rows show both
// switches on by default; enter turns one off, saved to config.toml and
// told to the tabs; enter again turns it back on.
func TestNotifySwitchesToggleAndSave(t *testing.T) {
	h := newHarness(t, nil)
	h.m.SetSize(120, 60)
	if l := h.to("Bell").cursorLine(); !strings.Contains(l, "true") {
		t.Fatalf("bell line %q", l)
	}
	h.Keys("enter")
	if h.onDisk().Notify.BellOn() || h.saved() == nil || h.saved().Notify.BellOn() || !h.saved().Notify.DesktopOn() {
		t.Fatal("the bell was not switched off, or the tabs were not told")
	}
	if data, _ := os.ReadFile(h.path); !strings.Contains(string(data), "[notify]\nbell = false") {
		t.Errorf("config.toml:\n%s", data)
	}
	if l := h.cursorLine(); !strings.Contains(l, "false") {
		t.Errorf("bell line after enter %q", l)
	}
	if l := h.Keys("up").cursorLine(); !strings.Contains(l, "Desktop") { // to goes down only
		t.Fatalf("above the bell: %q", l)
	}
	h.Keys("enter")
	if h.onDisk().Notify.DesktopOn() {
		t.Fatal("desktop notifications were not switched off")
	}
	h.to("Bell").Keys("enter")
	if !h.onDisk().Notify.BellOn() || h.onDisk().Notify.DesktopOn() {
		t.Fatalf("after the bell back on: %+v", h.onDisk().Notify)
	}
}
