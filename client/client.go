package client

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Version is atelier's version, sent in the User-Agent header.
const Version = "0.1.0"

// Group is an endpoint group: each has its own credential and header scheme.
type Group string

// The endpoint groups of the interface's Authentication table.
const (
	Alpha Group = "alpha" // /bypass/alpha: X-Api-Key
	Beta  Group = "beta"  // /bypass/beta: X-Beta-Api-Key
	Gamma Group = "gamma" // /bypass/gamma: Authorization: Bearer
	Queue Group = "queue" // /queue: Authorization: Key
)

// Groups lists every endpoint group in display order.
var Groups = []Group{Alpha, Beta, Gamma, Queue}

// ParseGroup reads a group name typed by a person, in any case.
func ParseGroup(s string) (Group, error) {
	for _, g := range Groups {
		if strings.EqualFold(s, string(g)) {
			return g, nil
		}
	}
	return "", fmt.Errorf("unknown key group %q: use alpha, beta, gamma or queue", s)
}

// EnvVar is the environment variable atelier reads the group's key from
// before the keyring: ATELIER_ALPHA_KEY and so on.
func (g Group) EnvVar() string { return "ATELIER_" + strings.ToUpper(string(g)) + "_KEY" }

// Keys holds one credential per endpoint group. An empty key is sent as no
// credential, and the service answers 401. It never shows its keys: every
// fmt verb, JSON, and any encoder of text print it redacted (keys.go).
type Keys struct {
	Alpha, Beta, Gamma, Queue string
}

// For returns the key of group g.
func (k Keys) For(g Group) string {
	switch g {
	case Alpha:
		return k.Alpha
	case Beta:
		return k.Beta
	case Gamma:
		return k.Gamma
	case Queue:
		return k.Queue
	}
	return ""
}

// Client talks to one base URL. Its exported fields may be changed after New
// and before the first request; a Client is then safe for concurrent use.
type Client struct {
	// HTTP sends the requests; nil means a client with no overall timeout,
	// since streams and video downloads may run for minutes.
	HTTP *http.Client
	// MaxRetries is how many times a retryable failure is retried (New sets 2).
	MaxRetries int
	// Backoff returns the wait before retry number attempt (1-based) when the
	// reply gave no Retry-After; nil means exponential backoff with jitter.
	Backoff func(attempt int) time.Duration
	// Sleep waits d before a retry; nil means a real timer. Tests set it to
	// see the wait without spending it.
	Sleep func(ctx context.Context, d time.Duration) error
	// Headers are extra request headers per group, for what a deployment may
	// need (a protocol version header, say). They never replace credentials.
	Headers map[Group]http.Header
	// UserAgent is sent with every request.
	UserAgent string
	// AllowInsecure permits plain http:// to a host that is not loopback.
	AllowInsecure bool
	// Limits are the budgets of replies, streams and waits; zero fields
	// mean the defaults of package limits.
	Limits Limits
	// AfterFunc starts the timers that end quiet streams and long waits;
	// nil means real time. Tests set it to end a wait without spending it.
	AfterFunc func(d time.Duration, f func()) Timer

	base *url.URL
	keys Keys
}

// New returns a client for baseURL (scheme and host, optionally a path prefix)
// with the given credentials.
func New(baseURL string, keys Keys) (*Client, error) {
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil {
		return nil, fmt.Errorf("base URL: %w", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("base URL %q: scheme must be http or https", baseURL)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("base URL %q: no host", baseURL)
	}
	u.RawQuery, u.Fragment = "", ""
	return &Client{
		MaxRetries: 2,
		UserAgent:  "atelier/" + Version,
		base:       u,
		keys:       keys,
	}, nil
}

// BaseURL returns the base URL the client was made for.
func (c *Client) BaseURL() string { return c.base.String() }

// ErrInsecure is returned for plain http:// to a non-loopback host unless
// AllowInsecure is set: keys, or media and where they come from, would
// cross the network in the clear (or reach a host a reply merely named,
// such as a cloud metadata address).
var ErrInsecure = errors.New("refusing plain http to a host that is not loopback (use https, or run atelier with --insecure)")

// ErrForeignOrigin is returned when a URL (a task's status or result URL, say)
// points outside the base URL's origin: credentials never go there.
var ErrForeignOrigin = errors.New("URL is outside the base URL's origin; credentials are not sent there")

// resolve turns a path under the base URL, or an absolute URL from a reply,
// into a URL on the base origin.
func (c *Client) resolve(pathOrURL string) (*url.URL, error) {
	if strings.HasPrefix(pathOrURL, "/") {
		u := *c.base
		p, q, _ := strings.Cut(pathOrURL, "?")
		u.Path = c.base.Path + p
		u.RawPath = ""
		u.RawQuery = q
		return &u, nil
	}
	u, err := url.Parse(pathOrURL)
	if err != nil {
		return nil, fmt.Errorf("URL %q: %w", pathOrURL, err)
	}
	if !sameOrigin(u, c.base) {
		return nil, fmt.Errorf("%q: %w", u.Redacted(), ErrForeignOrigin)
	}
	return u, nil
}

// CheckBaseURL reports ErrInsecure when the base URL is plain http to a
// host that is not loopback and AllowInsecure is not set: every request
// would be refused, so a caller can say so before sending anything.
func (c *Client) CheckBaseURL() error { return c.checkTransport(c.base) }

func (c *Client) checkTransport(u *url.URL) error {
	if Cleartext(u) && !c.AllowInsecure {
		return ErrInsecure
	}
	return nil
}

// Cleartext reports whether u is plain http:// to a host that is not
// loopback: keys would cross the network in the clear, so a client refuses
// it unless AllowInsecure is set. Callers use it to refuse such a base URL
// before anything is sent.
func Cleartext(u *url.URL) bool {
	return strings.EqualFold(u.Scheme, "http") && !isLoopback(u.Hostname())
}

func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(hostPort(a), hostPort(b))
}

func hostPort(u *url.URL) string {
	if u.Port() != "" {
		return u.Host
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		return u.Hostname() + ":443"
	case "http":
		return u.Hostname() + ":80"
	}
	return u.Host
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// httpClient returns the HTTP client with a redirect policy that never
// follows a redirect off the base origin: headers such as X-Api-Key would
// otherwise be forwarded to wherever the redirect points.
func (c *Client) httpClient() *http.Client {
	return c.httpClientWith(func(req *http.Request) error {
		if !sameOrigin(req.URL, c.base) {
			return fmt.Errorf("redirect to %q: %w", req.URL.Redacted(), ErrForeignOrigin)
		}
		return nil
	})
}

// httpClientWith returns the HTTP client with onHop checking (and perhaps
// changing) every redirected request, after at most 10 redirects.
func (c *Client) httpClientWith(onHop func(req *http.Request) error) *http.Client {
	hc := http.Client{}
	if c.HTTP != nil {
		hc = *c.HTTP
	}
	hc.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) >= 10 {
			return errors.New("stopped after 10 redirects")
		}
		return onHop(req)
	}
	return &hc
}

// authorize sets group g's credential on h, in the header the interface names.
func (c *Client) authorize(h http.Header, g Group) {
	key := c.keys.For(g)
	if key == "" {
		return
	}
	switch g {
	case Alpha:
		h.Set("X-Api-Key", key)
	case Beta:
		h.Set("X-Beta-Api-Key", key)
	case Gamma:
		h.Set("Authorization", "Bearer "+key)
	case Queue:
		h.Set("Authorization", "Key "+key)
	}
}
