package main

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"atelier/client"
	"atelier/client/sim"
)

// TestCompareLanesRunAtOnce proves a slow target does not hold the others
// back: the alpha reply is held until the gamma reply has been served, so
// lanes run one after another would never finish.
func TestCompareLanesRunAtOnce(t *testing.T) {
	t.Parallel()
	s := sim.New(sim.Options{})
	defer s.Close()
	gammaDone := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case strings.HasPrefix(r.URL.Path, "/bypass/alpha/"):
			select {
			case <-gammaDone:
			case <-r.Context().Done():
				return
			}
			s.ServeHTTP(w, r)
		case strings.HasPrefix(r.URL.Path, "/bypass/gamma/"):
			s.ServeHTTP(w, r)
			close(gammaDone)
		default:
			s.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()
	var out, errb bytes.Buffer
	a := &app{io: stdio{in: strings.NewReader(""), out: &out, err: &errb}, getenv: func(k string) string {
		return map[string]string{"ATELIER_BASE_URL": srv.URL, "ATELIER_ALPHA_KEY": "k", "ATELIER_BETA_KEY": "k",
			"ATELIER_GAMMA_KEY": "k", "ATELIER_HOME": t.TempDir(), "ATELIER_CONFIG": t.TempDir() + "/none.toml"}[k]
	}}
	defer a.close()
	targets := []client.ChatTarget{{Family: client.Alpha, Model: "a"}, {Family: client.Beta, Model: "b"}, {Family: client.Gamma, Model: "g"}}
	if err := a.runCompare(context.Background(), targets, nil, "hello", compareOutput{noText: true}, nil); err != nil {
		t.Fatalf("%v: %s", err, errb.String())
	}
	if strings.Count(out.String(), "\n") != 4 {
		t.Fatalf("summary:\n%s", out.String())
	}
}
