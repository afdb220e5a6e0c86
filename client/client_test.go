package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

func TestNewRejectsBadBaseURL(t *testing.T) {
	t.Parallel()
	for _, u := range []string{"", "ftp://x", "localhost:8080", "http://", "::"} {
		if _, err := New(u, Keys{}); err == nil {
			t.Errorf("New(%q): no error", u)
		}
	}
}

func TestAuthHeaderPerGroup(t *testing.T) {
	t.Parallel()
	tests := []struct {
		group        Group
		header, want string
	}{
		{Alpha, "X-Api-Key", testKeys.Alpha},
		{Beta, "X-Beta-Api-Key", testKeys.Beta},
		{Gamma, "Authorization", "Bearer " + testKeys.Gamma},
		{Queue, "Authorization", "Key " + testKeys.Queue},
	}
	for _, tt := range tests {
		t.Run(string(tt.group), func(t *testing.T) {
			var got http.Header
			c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = r.Header.Clone()
				w.Write([]byte(`{}`))
			}))
			c.Headers = map[Group]http.Header{tt.group: {"X-Extra": {"1"}, "Authorization": {"stolen"}}}
			r, _ := jsonRequest(tt.group, "/p", map[string]int{})
			if _, err := c.doJSON(context.Background(), r, nil); err != nil {
				t.Fatal(err)
			}
			if got.Get(tt.header) != tt.want {
				t.Errorf("%s = %q, want %q", tt.header, got.Get(tt.header), tt.want)
			}
			if got.Get("X-Extra") != "1" {
				t.Error("extra header not sent")
			}
			if !strings.HasPrefix(got.Get("User-Agent"), "atelier/") {
				t.Errorf("User-Agent = %q", got.Get("User-Agent"))
			}
			for _, h := range []string{"X-Api-Key", "X-Beta-Api-Key", "Authorization"} {
				if h != tt.header && got.Get(h) != "" {
					t.Errorf("%s also sent: %q", h, got.Get(h))
				}
			}
		})
	}
}

func TestForeignOriginRefused(t *testing.T) {
	t.Parallel()
	var hits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { hits.Add(1) }))
	defer other.Close()
	c, _ := newTestClient(t, http.NotFoundHandler())
	r := request{group: Queue, method: http.MethodGet, path: other.URL + "/queue/x/status"}
	_, err := c.send(context.Background(), r)
	if !errors.Is(err, ErrForeignOrigin) {
		t.Fatalf("err = %v, want ErrForeignOrigin", err)
	}
	if hits.Load() != 0 {
		t.Fatal("a request reached the foreign server")
	}
}

func TestRedirectOffOriginNotFollowed(t *testing.T) {
	t.Parallel()
	var leaked atomic.Value
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked.Store(r.Header.Get("X-Api-Key"))
	}))
	defer other.Close()
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+"/steal", http.StatusTemporaryRedirect)
	}))
	r, _ := jsonRequest(Alpha, "/p", struct{}{})
	_, err := c.doJSON(context.Background(), r, nil)
	if !errors.Is(err, ErrForeignOrigin) {
		t.Fatalf("err = %v, want ErrForeignOrigin", err)
	}
	if v, _ := leaked.Load().(string); v != "" {
		t.Fatalf("key sent to the redirect target: %q", v)
	}
}

func TestInsecureHTTPRefused(t *testing.T) {
	t.Parallel()
	c, err := New("http://example.invalid", testKeys)
	if err != nil {
		t.Fatal(err)
	}
	c.HTTP = &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		t.Fatal("request sent over plain http")
		return nil, nil
	})}
	r, _ := jsonRequest(Alpha, "/p", struct{}{})
	if _, err := c.doJSON(context.Background(), r, nil); !errors.Is(err, ErrInsecure) {
		t.Fatalf("err = %v, want ErrInsecure", err)
	}
	c.AllowInsecure = true
	c.HTTP.Transport = roundTripFunc(func(*http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Body: io.NopCloser(strings.NewReader("{}")), Header: http.Header{}}, nil
	})
	if _, err := c.doJSON(context.Background(), r, nil); err != nil {
		t.Fatalf("with AllowInsecure: %v", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestBasePathKept(t *testing.T) {
	t.Parallel()
	var path, query string
	c, _ := newTestClient(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path, query = r.URL.Path, r.URL.RawQuery
		w.Write([]byte(`{}`))
	}))
	r, _ := jsonRequest(Beta, "/bypass/beta/v1/models/m-1:streamGenerateContent?alt=sse", struct{}{})
	if _, err := c.doJSON(context.Background(), r, nil); err != nil {
		t.Fatal(err)
	}
	if path != "/bypass/beta/v1/models/m-1:streamGenerateContent" || query != "alt=sse" {
		t.Fatalf("path %q query %q", path, query)
	}
}
