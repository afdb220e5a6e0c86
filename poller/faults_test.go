package poller

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"atelier/client"
	"atelier/client/sim"
	"atelier/internal/limits"
)

func TestClassify(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want fault
	}{
		{fmt.Errorf("download: %w", client.ErrMediaURL), fatal},
		{fmt.Errorf("x: %w", client.ErrForeignOrigin), fatal},
		{fmt.Errorf("%w: 404", errMediaRefused), fatal},
		{client.ErrDownloadTooLarge, fatal},
		{fmt.Errorf("media: %w", client.ErrInsecure), stuck},
		{&client.APIError{Status: http.StatusUnauthorized}, stuck},
		{&client.APIError{Status: http.StatusNotFound}, stuck},
		{&client.APIError{Status: http.StatusTooManyRequests}, transient},
		{&client.APIError{Status: http.StatusRequestTimeout}, transient},
		{&client.APIError{Status: http.StatusBadGateway}, transient},
		{errors.New("unexpected EOF"), transient},
		{limits.Idle(time.Minute, "the media server stopped sending"), transient},
	} {
		if got := classify(tc.err); got != tc.want {
			t.Errorf("%v: %d, want %d", tc.err, got, tc.want)
		}
	}
}

// always answers every request whose path has part with code.
func always(part string, code int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if strings.Contains(req.URL.Path, part) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(code)
				w.Write([]byte(`{"detail":"no"}`))
				return
			}
			next.ServeHTTP(w, req)
		})
	}
}

// TestTransientFaultsHaveAnEnd: a service that answers 500 for good is
// given up after the attempts allowed, or after the time allowed, which
// comes first; the task is left as it was, to resume later, and Wait
// returns why.
func TestTransientFaultsHaveAnEnd(t *testing.T) {
	for _, tc := range []struct {
		name     string
		opts     Options
		attempts int           // status requests, when the attempts decide
		least    time.Duration // the time given to them, when the time decides
	}{
		{"attempts", Options{}, limits.RetryAttempts, 0},
		{"time", Options{MaxAttempts: 1000, MaxRetryTime: 5 * time.Minute}, 0, 5 * time.Minute},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRig(t, sim.Options{Pace: pace}, always("/status", http.StatusInternalServerError))
			task := r.submit(t, "videoa/q1/text-to-video", map[string]any{"prompt": "storm"})
			opts := tc.opts
			opts.Clock = r.clk
			p := NewSession(r.client(t, nil), r.st, opts)
			ups := r.runPollers(t, time.Hour, []int{1}, p)[0]

			last := ups[len(ups)-1]
			if last.Done || last.Err == nil || !strings.Contains(last.Err.Error(), "gave up after") || !last.Retry.IsZero() {
				t.Fatalf("last update %+v", last)
			}
			// It gives up at the first failure past the time allowed: less
			// than one longest backoff after it.
			m := regexp.MustCompile(` in (\S+): `).FindStringSubmatch(last.Err.Error())
			took, err := time.ParseDuration(m[len(m)-1])
			if err != nil || took < tc.least || took > tc.least+backoffMax*6/5+time.Second && tc.least > 0 {
				t.Fatalf("gave up after %v (%v), want from %v to one backoff more", took, err, tc.least)
			}
			if n := len(r.hitsWhere("/status")); tc.attempts > 0 && n != tc.attempts {
				t.Fatalf("%d status requests, want %d", n, tc.attempts)
			}
			if v, _ := r.st.VideoTask(context.Background(), task.RequestID); v.Done || v.Failed() {
				t.Fatalf("a task given up for now was ended: %+v", v)
			}
			// A wait that begins after the poller gave up hears it at once
			// (`video wait` starts the poller before it waits).
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // a safety net: Run has stopped
			defer cancel()
			if _, err := p.Wait(ctx, task.RequestID); err == nil || !strings.Contains(err.Error(), "gave up after") {
				t.Fatalf("a late Wait: %v", err)
			}
		})
	}
}
