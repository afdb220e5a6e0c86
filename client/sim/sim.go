package sim

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"atelier/assets"
)

// Options configures a Server. The zero value is a usable simulator that
// answers as fast as it can and accepts any non-empty credential.
type Options struct {
	// Keys maps an endpoint group ("alpha", "beta", "gamma", "queue") to the
	// one key it accepts. A request without a credential always gets 401; a
	// group with no key here accepts any non-empty credential, so a demo
	// needs no setup.
	Keys map[string]string
	// Pace is the time of one video lifecycle step (one queue position, one
	// rendering step). Streams wait Pace/50 between chunks, and the slow
	// fault waits Pace (10ms when Pace is 0). Zero means as fast as possible:
	// streams do not wait and video tasks are complete when first polled.
	Pace time.Duration
	// Clock is the time that drives video progress; nil means time.Now. With
	// a simulated clock the simulator starts no timers: task state is derived
	// from the clock on each status request.
	Clock func() time.Time
	// FailShare is the share of video tasks, in [0, 1], that complete with a
	// failure. Which tasks fail is decided by a hash of the submission, and
	// kept in the task's id.
	FailShare float64
	// ValidateVideo, when set, checks a video submission body against the
	// documented rules of the endpoint at path (the part after /queue/qv/,
	// for example "videob/o3/pro/image-to-video"). Its error becomes a 422
	// reply; each joined error is one detail item, and text before the first
	// ": " names the field. Nil means only the required fields are checked.
	ValidateVideo func(path string, body map[string]any) error
	// AllowWebhook decides which queue_webhook addresses receive a callback.
	// Nil means loopback hosts only, so a simulator never calls out.
	AllowWebhook func(u *url.URL) bool
	// HTTPClient sends webhook callbacks; nil means a client with a 10 s
	// timeout.
	HTTPClient *http.Client
	// BaseURL is the public base URL written into task handles and media
	// links. Empty means it is derived from each request (scheme, Host and
	// any path prefix a wrapping handler stripped).
	BaseURL string
	// IDSeed is mixed into task ids. Empty keeps ids a function of the
	// requests and the clock alone (tests); a long-lived simulator whose
	// tasks are recorded across runs (--demo) sets it, so ids do not
	// repeat. A task id also carries the task's submission time, family and
	// fate, so any simulator follows a task another one took (queue_id.go).
	IDSeed string
}

// Server is the simulated service. It implements http.Handler and is safe
// for concurrent use.
type Server struct {
	opts      Options
	mp4       []byte
	realClock bool // Options.Clock was nil: timers may fire webhooks

	ctx    context.Context // cancelled by Close: ends webhook deliveries
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu     sync.Mutex
	tasks  map[string]*task
	seq    uint64                 // video submissions so far, part of each request id
	faults map[string]int         // requests seen per fault token
	timers map[string]*time.Timer // pending webhook timers by request id
	closed bool
}

// New returns a simulator configured by opts.
func New(opts Options) *Server {
	ctx, cancel := context.WithCancel(context.Background())
	realClock := opts.Clock == nil
	if realClock {
		opts.Clock = time.Now
	}
	if opts.AllowWebhook == nil {
		opts.AllowWebhook = loopbackURL
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	return &Server{
		opts:      opts,
		mp4:       assets.DemoMP4(),
		realClock: realClock,
		ctx:       ctx,
		cancel:    cancel,
		tasks:     map[string]*task{},
		faults:    map[string]int{},
		timers:    map[string]*time.Timer{},
	}
}

// Close stops pending webhook timers and waits for deliveries in flight to
// end. The handler keeps answering requests afterwards, without webhooks.
func (s *Server) Close() {
	s.mu.Lock()
	s.closed = true
	for id, t := range s.timers {
		t.Stop()
		delete(s.timers, id)
	}
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// ServeHTTP routes a request to its endpoint group. Every group answers
// unknown paths and methods in its own error shape.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, mediaPrefix):
		s.serveMedia(w, r)
	case strings.HasPrefix(p, "/bypass/alpha/"):
		s.handle(groupAlpha, w, r, s.routeAlpha)
	case strings.HasPrefix(p, "/bypass/beta/"):
		s.handle(groupBeta, w, r, s.routeBeta)
	case strings.HasPrefix(p, "/bypass/gamma/"):
		s.handle(groupGamma, w, r, s.routeGamma)
	case strings.HasPrefix(p, "/queue/"):
		s.handle(groupQueue, w, r, s.routeQueue)
	default:
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"not found: the simulator serves /bypass/alpha, /bypass/beta, /bypass/gamma and /queue"}` + "\n"))
	}
}

// handle authenticates a request for group g, reads its body, applies any
// fault that ends it early, and passes it to route.
func (s *Server) handle(g group, w http.ResponseWriter, r *http.Request, route func(*call)) {
	c := &call{s: s, g: g, w: w, r: r}
	if !s.authorized(g, r.Header) {
		c.fail(http.StatusUnauthorized, unauthorizedMessage(g))
		return
	}
	if err := c.readBody(); err != nil {
		c.fail(http.StatusRequestEntityTooLarge, err.Error())
		return
	}
	c.id = requestID(r.URL.Path, c.body)
	if c.startFault() {
		return
	}
	route(c)
}

func (s *Server) routeAlpha(c *call) {
	if c.r.URL.Path != "/bypass/alpha/v1/messages" {
		c.fail(http.StatusNotFound, "no such endpoint: "+c.r.URL.Path)
		return
	}
	if c.post() {
		c.alphaMessages()
	}
}

func (s *Server) routeBeta(c *call) {
	call, found := strings.CutPrefix(c.r.URL.Path, "/bypass/beta/v1/models/")
	model, method, ok := strings.Cut(call, ":")
	if !found || !ok || model == "" || strings.Contains(model, "/") {
		c.fail(http.StatusNotFound, "no such endpoint: "+c.r.URL.Path)
		return
	}
	if !c.post() {
		return
	}
	switch method {
	case "generateContent":
		c.betaGenerate(model, false)
	case "streamGenerateContent":
		c.betaGenerate(model, true)
	default:
		c.fail(http.StatusNotFound, "unknown method "+method+"; the simulator has generateContent and streamGenerateContent")
	}
}

func (s *Server) routeGamma(c *call) {
	var h func()
	switch c.r.URL.Path {
	case "/bypass/gamma/v1/responses":
		h = c.responses
	case "/bypass/gamma/v1/images/generations":
		h = func() { c.images(false) }
	case "/bypass/gamma/v1/images/edits":
		h = func() { c.images(true) }
	default:
		c.fail(http.StatusNotFound, "no such endpoint: "+c.r.URL.Path)
		return
	}
	if c.post() {
		h()
	}
}

// now is the simulator's clock.
func (s *Server) now() time.Time { return s.opts.Clock() }
