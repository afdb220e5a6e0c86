package store

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestNotifySwitches: both on when the file says nothing; each switched
// off, saved and read back; a value of the wrong type names its key.
func TestNotifySwitches(t *testing.T) {
	s := must[*Settings](t)(LoadSettings(writeConfig(t, "")))
	if !s.Notify.DesktopOn() || !s.Notify.BellOn() {
		t.Fatalf("defaults %+v: want both on", s.Notify)
	}
	s.Notify = s.Notify.Toggled("bell")
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := SaveSettings(p, s); err != nil {
		t.Fatal(err)
	}
	back := must[*Settings](t)(LoadSettings(p))
	if !back.Notify.DesktopOn() || back.Notify.BellOn() {
		t.Fatalf("after the bell was switched off: %+v", back.Notify)
	}
	back.Notify = back.Notify.Toggled("desktop").Toggled("bell")
	if back.Notify.DesktopOn() || !back.Notify.BellOn() {
		t.Fatalf("toggled: desktop %v bell %v", back.Notify.DesktopOn(), back.Notify.BellOn())
	}
	_, err := LoadSettings(writeConfig(t, "[notify]\nbell = \"loud\"\n"))
	if err == nil || !strings.Contains(err.Error(), "notify.bell") || !strings.Contains(err.Error(), "true or false") {
		t.Fatalf("a string for a switch: %v", err)
	}
}
