package e2e

import (
	"atelier/client/sim/simtest"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRunsAreRecordedInHistory(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	if r := atelier(t, svc.Env, "", "chat", "-p", "beta", "-m", "m1", "how do kites fly"); r.code != 0 {
		t.Fatalf("chat: %s", r.stderr)
	}
	if r := atelier(t, svc.Env, "", "chat", "-p", "alpha", "-m", "m2", "hi [[long]] [[fault:cut]]"); r.code != 1 {
		t.Fatalf("cut chat: exit %d", r.code)
	}
	out := t.TempDir()
	if r := atelier(t, svc.Env, "", "image", "-m", "gamma/image-2", "--size", "256x256", "-o", out, "a kite at dusk"); r.code != 0 {
		t.Fatalf("image: %s", r.stderr)
	}

	list := atelier(t, svc.Env, "", "history", "list")
	for _, want := range []string{"chat:1", "how do kites fly", "chat:2", "image:1", "a kite at dusk", "gamma/image-2"} {
		if !strings.Contains(list.stdout, want) {
			t.Errorf("history list lacks %q:\n%s", want, list.stdout)
		}
	}
	var items []map[string]any
	if r := atelier(t, svc.Env, "", "history", "list", "--kind", "chat", "--json"); json.Unmarshal([]byte(r.stdout), &items) != nil || len(items) != 2 {
		t.Fatalf("list --json: %q", r.stdout)
	}

	search := atelier(t, svc.Env, "", "history", "search", "kite")
	if !strings.Contains(search.stdout, "chat:1") || !strings.Contains(search.stdout, "image:1") || !strings.Contains(search.stdout, "[kite") {
		t.Errorf("search:\n%s", search.stdout)
	}

	show := atelier(t, svc.Env, "", "history", "show", "chat:1")
	if show.code != 0 || !strings.Contains(show.stdout, "how do kites fly") || !strings.Contains(show.stdout, "Notes on") {
		t.Errorf("show: exit %d\n%s", show.code, show.stdout)
	}
	cut := atelier(t, svc.Env, "", "history", "show", "--json", "chat:2")
	if !strings.Contains(cut.stdout, "interrupted") && !strings.Contains(cut.stdout, "error") {
		t.Errorf("the cut reply is not marked: %s", cut.stdout)
	}

	dir := t.TempDir()
	exp := atelier(t, svc.Env, "", "history", "export", "image:1", "-o", dir)
	md := strings.TrimSpace(exp.stdout)
	if exp.code != 0 || filepath.Ext(md) != ".md" {
		t.Fatalf("export: exit %d %q %s", exp.code, exp.stdout, exp.stderr)
	}
	media, _ := filepath.Glob(filepath.Join(dir, "*", "*.png"))
	if len(media) != 1 {
		t.Errorf("export media: %v", media)
	}
	jexp := atelier(t, svc.Env, "", "history", "export", "--json", "chat:1", "-o", dir)
	b, err := os.ReadFile(strings.TrimSpace(jexp.stdout))
	if err != nil || !json.Valid(b) || !strings.Contains(string(b), "request") {
		t.Errorf("export --json: %v %s", err, b)
	}

	if r := atelier(t, svc.Env, "", "history", "show", "chat"); r.code != 2 {
		t.Errorf("bad item name: exit %d", r.code)
	}
}

func TestHistoryHoldsNoKey(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	atelier(t, svc.Env, "", "chat", "-p", "alpha", "-m", "m1", "hello")
	home := ""
	for _, e := range svc.Env {
		if v, ok := strings.CutPrefix(e, "ATELIER_HOME="); ok {
			home = v
		}
	}
	filepath.Walk(home, func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, k := range []string{"ka", "kb", "kg", "kq"} {
			if strings.Contains(string(b), `"`+k+`"`) || strings.Contains(string(b), "Key "+k) {
				t.Errorf("%s holds key %q", p, k)
			}
		}
		return nil
	})
}

func TestKeysCommand(t *testing.T) {
	t.Parallel()
	env := []string{"ATELIER_BETA_KEY=beta-secret-value", "ATELIER_HOME=" + t.TempDir(),
		"DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent/bus"}
	r := atelier(t, env, "", "keys", "status")
	if r.code != 0 || !strings.Contains(r.stdout, "beta   environment (ATELIER_BETA_KEY)") {
		t.Fatalf("status: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if strings.Contains(r.stdout+r.stderr, "beta-secret-value") {
		t.Fatal("status printed a key")
	}
	// Without a reachable keyring, set fails at once, says what to do, and
	// never echoes the key.
	r = atelier(t, env, "alpha-secret-value\n", "keys", "set", "alpha")
	if r.code == 0 || strings.Contains(r.stdout+r.stderr, "alpha-secret-value") || !strings.Contains(r.stderr, "ATELIER_ALPHA_KEY") {
		t.Fatalf("set without keyring: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := atelier(t, env, "", "keys", "set", "delta"); r.code != 2 {
		t.Fatalf("bad group: exit %d", r.code)
	}
}
