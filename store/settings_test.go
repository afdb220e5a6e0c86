package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeConfig(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const goodConfig = `# atelier settings
base_url = "https://gateway.example.test/api"
theme = "dark"

[models]
alpha = "model-x"
image = "gamma/image-2.5-flare"
video = "videob/o3/pro/text-to-video"

[headers.beta]
"X-Trace" = "on"

[headers]
queue = { "X-Tenant" = "studio" }

[output]
images = "~/Pictures/atelier"
`

func TestLoadSettings(t *testing.T) {
	t.Parallel()
	s := must[*Settings](t)(LoadSettings(writeConfig(t, goodConfig)))
	if s.BaseURL != "https://gateway.example.test/api" || s.Theme != "dark" || s.Models.Alpha != "model-x" ||
		s.Models.Video != "videob/o3/pro/text-to-video" || s.Headers["beta"]["X-Trace"] != "on" ||
		s.Headers["queue"]["X-Tenant"] != "studio" || s.Output.Images != "~/Pictures/atelier" {
		t.Fatalf("%+v", s)
	}
	missing := must[*Settings](t)(LoadSettings(filepath.Join(t.TempDir(), "none.toml")))
	if missing.Theme != "auto" || missing.BaseURL != "" {
		t.Fatalf("defaults %+v", missing)
	}
}

func TestLoadSettingsErrorsNameTheLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, body string
		want       []string // each error as PATH:LINE: KEY: ... (path stripped)
	}{
		{"unknown top-level key", "theme = \"dark\"\nbase_ur = \"x\"\n", []string{":2: base_ur: unknown key"}},
		{"unknown key in a table", "[models]\nalpha = \"m\"\ndelta = \"n\"\n", []string{":3: models.delta: unknown key"}},
		{"two unknown keys", "colour = 1\n[output]\nmusic = \"x\"\n", []string{":1: colour: unknown key", ":3: output.music: unknown key"}},
		{"wrong type", "[models]\nalpha = 3\n", []string{":2: models.alpha: "}},
		{"bad theme", "\n\ntheme = \"pink\"\n", []string{`:3: theme: "pink" is not one of auto, dark, light`}},
		{"bad base url", "base_url = \"ftp://x\"\n", []string{`:1: base_url: "ftp://x" is not an http or https URL`}},
		{"credential header", "[headers.alpha]\n\"X-Trace\" = \"1\"\n\"X-Api-Key\" = \"sk-secret\"\n",
			[]string{":3: headers.alpha.X-Api-Key: credentials do not belong in the config file: store the key with `atelier keys set alpha`"}},
		{"authorization inline", "headers = { gamma = { Authorization = \"Bearer x\" } }\n", []string{":1: headers.gamma.Authorization: credentials"}},
		{"beta key header", "[headers.beta]\nx-beta-api-key = \"k\"\n", []string{":2: headers.beta.x-beta-api-key: credentials"}},
		{"unknown group", "[headers.delta]\nX = \"1\"\n", []string{":1: headers.delta: unknown group"}},
		{"bad header name", "[headers.queue]\n\"Bad Header\" = \"1\"\n", []string{":2: headers.queue.Bad Header: not a valid header name"}},
		{"syntax error", "theme = \n", []string{":1: "}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := writeConfig(t, tc.body)
			_, err := LoadSettings(p)
			if err == nil {
				t.Fatal("no error")
			}
			msg := strings.ReplaceAll(err.Error(), p, "")
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error %q lacks %q", msg, w)
				}
			}
			if strings.Contains(msg, "sk-secret") || strings.Contains(msg, "Bearer x") {
				t.Errorf("error shows a credential: %s", msg)
			}
		})
	}
}

func TestSaveSettingsRoundTrip(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "sub", "config.toml")
	in := &Settings{BaseURL: "http://127.0.0.1:8080", Theme: "light", Models: Models{Beta: "model-y"},
		Headers: map[string]map[string]string{"alpha": {"X-Trace": "1"}}, Output: Output{Videos: "/tmp/v"}}
	if err := SaveSettings(p, in); err != nil {
		t.Fatal(err)
	}
	out := must[*Settings](t)(LoadSettings(p))
	if out.BaseURL != in.BaseURL || out.Theme != "light" || out.Models.Beta != "model-y" ||
		out.Headers["alpha"]["X-Trace"] != "1" || out.Output.Videos != "/tmp/v" {
		t.Fatalf("%+v", out)
	}
	bad := &Settings{Theme: "auto", Headers: map[string]map[string]string{"alpha": {"Authorization": "Bearer sk"}}}
	if err := SaveSettings(p, bad); err == nil || !strings.Contains(err.Error(), "keyring") {
		t.Fatalf("saved a credential: %v", err)
	}
}

func TestDefaultPaths(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/xdg/config")
	if p := must[string](t)(DefaultConfigPath()); p != "/xdg/config/atelier/config.toml" {
		t.Fatal(p)
	}
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "/home/u")
	if p := must[string](t)(DefaultConfigPath()); p != "/home/u/.config/atelier/config.toml" {
		t.Fatal(p)
	}
	t.Setenv("ATELIER_HOME", "/data/at")
	if d := must[string](t)(DefaultDataDir()); d != "/data/at" {
		t.Fatal(d)
	}
	t.Setenv("ATELIER_HOME", "")
	t.Setenv("XDG_DATA_HOME", "/xdg/data")
	if d := must[string](t)(DefaultDataDir()); d != "/xdg/data/atelier" {
		t.Fatal(d)
	}
	t.Setenv("XDG_DATA_HOME", "relative/ignored")
	if d := must[string](t)(DefaultDataDir()); d != "/home/u/.local/share/atelier" {
		t.Fatal(d)
	}
}

// FuzzLoadSettings checks that no config file makes loading panic, and that
// every problem found in a file that parses names a line.
func FuzzLoadSettings(f *testing.F) {
	f.Add(goodConfig)
	f.Add("headers = { alpha = { Authorization = \"x\" } }\n")
	f.Add("[models]\nalpha = 3\n")
	f.Add("theme = \"pink\"\n[[output]]\n")
	// The file's contents go to the parser as LoadSettings gives them,
	// with no file written per input: on a busy disk that write cost
	// more than the parse (5 inputs in 20 s).
	p := filepath.Join(f.TempDir(), "config.toml")
	f.Fuzz(func(t *testing.T, body string) {
		_, err := parseSettings(p, []byte(body))
		if err == nil {
			return
		}
		for _, line := range strings.Split(err.Error(), "\n") {
			if !strings.HasPrefix(line, p+":") {
				t.Fatalf("error without the file: %q", line)
			}
		}
	})
}
