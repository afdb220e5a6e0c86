package store

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client"
	"atelier/store/keyring"
)

// TestKeyNeverReachesDisk stores a known key through the key API, runs the
// store's operations the way the app does around a key (resolving it,
// carelessly formatting the resolved set into text), then reads every byte
// atelier wrote: the database, its WAL, media, the config file and the
// exports.
func TestKeyNeverReachesDisk(t *testing.T) {
	t.Parallel()
	const key = "sk-live-9f8e7d6c5b4a39281706-NEVER-ON-DISK"
	dir := t.TempDir()
	s := must[*Store](t)(Open(dir))
	ks := &keyring.Keys{Keyring: keyring.NewMemoryKeyring(), Getenv: func(v string) string { return map[string]string{"ATELIER_QUEUE_KEY": key}[v] }}
	for _, g := range client.Groups {
		if g != client.Queue {
			if err := ks.Set(g, key); err != nil {
				t.Fatal(err)
			}
		}
	}
	set, sts := ks.Resolve()
	if set.Alpha != key || set.Queue != key {
		t.Fatal("keys not resolved")
	}
	careless := fmt.Sprintf("resolved %v %+v %#v %s", set, set, set, sts)

	conv := newChat(t, s, careless)
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: conv, Family: "alpha", Model: "model-x",
		RequestJSON: json.RawMessage(`{"model":"model-x","messages":[]}`), CheckpointBytes: 8}))
	r.Append("some text "+careless, "thinking")
	r.Finish(ReplyEnd{Err: fmt.Errorf("401 from alpha: %v", set)})
	addImage(t, s, "a lighthouse", 1)
	addTask(t, s, "rq-k", "videob/o3/pro/text-to-video", `{"prompt":"waves"}`)
	s.RecordVideoStatus(bg, "rq-k", VideoStatus{Status: "IN_PROGRESS", LogsJSON: json.RawMessage(`[{"message":"` + fmt.Sprint(set) + `"}]`)})
	cfg := filepath.Join(dir, "config.toml")
	if err := SaveSettings(cfg, &Settings{Theme: "auto", Headers: map[string]map[string]string{"alpha": {"X-Note": fmt.Sprint(set)}}}); err != nil {
		t.Fatal(err)
	}
	export := filepath.Join(dir, "export")
	must[string](t)(s.ExportMarkdown(bg, ItemRef{KindChat, conv}, export))
	var js bytes.Buffer
	s.ExportJSON(bg, ItemRef{KindChat, conv}, &js)
	os.WriteFile(filepath.Join(export, "chat.json"), js.Bytes(), 0o600)

	scan := func(when string) {
		files := 0
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			files++
			if bytes.Contains(b, []byte(key)) {
				t.Errorf("%s: the key is in %s", when, p)
			}
			return nil
		})
		if files < 5 {
			t.Fatalf("%s: only %d files scanned", when, files)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, FileName+"-wal")); err != nil {
		t.Fatalf("no WAL to scan while open: %v", err)
	}
	scan("while open")
	s.Close()
	scan("after close")
	if !strings.Contains(careless, "redacted") {
		t.Fatalf("the careless text is not what this test means: %s", careless)
	}
}
