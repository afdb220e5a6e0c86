//go:build secretservice

package keyring

import (
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"atelier/client"
)

// TestSecretServiceRoundTrip stores, reads and deletes a key through
// go-keyring against a real Secret Service. It needs a D-Bus session with
// an unlocked gnome-keyring-daemon: run it with .ci/secret-service-test.
func TestSecretServiceRoundTrip(t *testing.T) {
	var b [6]byte
	rand.Read(b[:])
	k := NewSystemKeyring()
	k.Service = "atelier-test-" + hex.EncodeToString(b[:]) // never touches a real atelier entry
	if err := NewKeys(k).Probe(bg); err != nil {
		t.Fatalf("probe: %v", err)
	}
	keys := &Keys{Keyring: k, Getenv: func(string) string { return "" }}
	const key = "sk-secret-service-test-0123456789"
	start := time.Now()
	if err := keys.Set(client.Beta, key+"\n"); err != nil {
		t.Fatal(err)
	}
	got, src, err := keys.Key(client.Beta)
	if err != nil || got != key || src != SourceKeyring {
		t.Fatalf("read back: source %s, err %v, same key %v", src, err, got == key)
	}
	if err := keys.Set(client.Beta, key+"-replaced"); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := keys.Key(client.Beta); got != key+"-replaced" {
		t.Fatal("set did not replace the key")
	}
	for _, st := range keys.Status() {
		want := SourceNone
		if st.Group == client.Beta {
			want = SourceKeyring
		}
		if st.Source != want || st.Problem != "" {
			t.Errorf("status %s", st)
		}
	}
	if err := keys.Delete(client.Beta); err != nil {
		t.Fatal(err)
	}
	if _, src, err := keys.Key(client.Beta); err != nil || src != SourceNone {
		t.Fatalf("after delete: %s %v", src, err)
	}
	if err := keys.Delete(client.Beta); err != nil {
		t.Fatalf("second delete: %v", err)
	}
	t.Logf("set, read, replace, status and delete through the Secret Service in %s", time.Since(start).Round(time.Millisecond))
}
