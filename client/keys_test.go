package client

import (
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// TestKeysNeverPrint: every way of printing or encoding a key set, bare,
// by pointer and inside another value, shows which groups have a key and
// none of the keys.
func TestKeysNeverPrint(t *testing.T) {
	t.Parallel()
	secrets := []string{"sk-alpha-S3CRET", "beta-S3CRET", "gamma-S3CRET", "queue-S3CRET"}
	k := Keys{Alpha: secrets[0], Beta: secrets[1], Gamma: secrets[2], Queue: secrets[3]}
	type holder struct {
		Name string
		Keys Keys
	}
	h := holder{"h", k}
	var out []string
	for _, v := range []any{k, &k, h, &h, []Keys{k}, map[string]Keys{"k": k}} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x", "%X", "%d", "%T %v"} {
			out = append(out, fmt.Sprintf(verb, v))
		}
		out = append(out, fmt.Sprint(v), fmt.Sprintln(v))
		j, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(j))
		if x, err := xml.Marshal(v); err == nil {
			out = append(out, string(x))
		}
	}
	out = append(out, k.String(), k.GoString(), fmt.Errorf("wrapped: %v", k).Error(), errors.New(fmt.Sprint(h)).Error())
	var log strings.Builder
	l := slog.New(slog.NewTextHandler(&log, nil))
	l.Info("keys", "k", k, "h", h)
	slog.New(slog.NewJSONHandler(&log, nil)).Info("keys", "k", k, "h", h)
	out = append(out, log.String())
	for _, s := range out {
		for _, secret := range secrets {
			if strings.Contains(s, secret) || strings.Contains(s, fmt.Sprintf("%x", secret)) {
				t.Fatalf("a key printed: %s", s)
			}
		}
	}
	if got := fmt.Sprintf("%v", Keys{Gamma: "g"}); got != "client.Keys{gamma:redacted}" {
		t.Errorf("%%v = %q: it should name the groups that have a key", got)
	}
	if got := fmt.Sprintf("%+v", Keys{}); got != "client.Keys{}" {
		t.Errorf("%%+v of no keys = %q", got)
	}
}

// TestKeysSetAndFor: Set and For agree on every group; an unknown group is
// nobody's key.
func TestKeysSetAndFor(t *testing.T) {
	t.Parallel()
	var k Keys
	for _, g := range Groups {
		k.Set(g, "key-"+string(g))
	}
	for _, g := range Groups {
		if k.For(g) != "key-"+string(g) {
			t.Errorf("%s: %q", g, k.For(g))
		}
	}
	k.Set("delta", "x")
	if k.For("delta") != "" || k != (Keys{Alpha: "key-alpha", Beta: "key-beta", Gamma: "key-gamma", Queue: "key-queue"}) {
		t.Error("an unknown group changed the keys")
	}
}

// TestParseGroup: any case of a group's name; anything else is refused
// naming the groups.
func TestParseGroup(t *testing.T) {
	t.Parallel()
	if g, err := ParseGroup("QuEuE"); err != nil || g != Queue || g.EnvVar() != "ATELIER_QUEUE_KEY" {
		t.Errorf("%q, %v", g, err)
	}
	if _, err := ParseGroup("delta"); err == nil || !strings.Contains(err.Error(), "alpha, beta, gamma or queue") {
		t.Errorf("delta: %v", err)
	}
}
