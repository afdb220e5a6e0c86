package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestArenaBlindSavesAndLoads: [arena] blind is read, written and read
// again; a value that is not a boolean, or a key the table has not, is
// refused at its line (issue 16).
func TestArenaBlindSavesAndLoads(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "config.toml")
	os.WriteFile(p, []byte("theme = \"dark\"\n\n[arena]\nblind = true\n"), 0o600)
	s, err := LoadSettings(p)
	if err != nil || !s.Arena.Blind {
		t.Fatalf("loaded %+v, %v", s, err)
	}
	s.Arena.Blind = false
	if err := SaveSettings(p, s); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(p); strings.Contains(string(data), "arena") {
		t.Errorf("the default is written out:\n%s", data)
	}
	s.Arena.Blind = true
	if err := SaveSettings(p, s); err != nil {
		t.Fatal(err)
	}
	if again, err := LoadSettings(p); err != nil || !again.Arena.Blind || again.Theme != "dark" {
		t.Fatalf("again %+v, %v", again, err)
	}

	os.WriteFile(p, []byte("[arena]\nblind = \"yes\"\n"), 0o600)
	if _, err := LoadSettings(p); err == nil || !strings.Contains(err.Error(), ":2: arena.blind: wrong type: want true or false (got a string)") {
		t.Errorf("a string for blind: %v", err)
	}
	os.WriteFile(p, []byte("[arena]\nblinded = true\n"), 0o600)
	if _, err := LoadSettings(p); err == nil || !strings.Contains(err.Error(), ":2: arena.blinded: unknown key") {
		t.Errorf("an unknown key: %v", err)
	}
}
