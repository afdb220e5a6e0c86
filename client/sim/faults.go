package sim

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// faultHeader names the fault for one request; it wins over a prompt marker.
const faultHeader = "X-Sim-Fault"

// defaultOversize is the size of an oversize event when none is given: past
// the client's 64 MiB event cap.
const defaultOversize = 70 << 20

// fault is an injected failure: name, how many requests it hits, argument.
type fault struct {
	name  string // 429, 500, overloaded, unauthorized, cut, malformed, slow, oversize, error
	count int    // 0: every request; N: only the first N requests with this token
	arg   string // oversize: size such as 70MiB; slow: delay such as 5ms
	token string // the text as written, which keys the request counter
}

var (
	faultMarker = regexp.MustCompile(`\[\[fault:([^\]\s]+)\]\]`)
	faultToken  = regexp.MustCompile(`^([a-z0-9]+?)(?:x([0-9]+))?(?::(.*))?$`)
	knownFaults = map[string]bool{"429": true, "500": true, "overloaded": true, "unauthorized": true,
		"cut": true, "malformed": true, "slow": true, "oversize": true, "error": true}
)

// parseFault reads a token such as "429x2", "oversize:1MiB" or "slow:5ms".
func parseFault(token string) (fault, error) {
	m := faultToken.FindStringSubmatch(strings.ToLower(strings.TrimSpace(token)))
	if m == nil || !knownFaults[m[1]] {
		return fault{}, fmt.Errorf("unknown simulator fault %q (known: 429, 500, overloaded, unauthorized, cut, malformed, slow, oversize, error)", token)
	}
	f := fault{name: m[1], arg: m[3], token: token}
	if m[2] != "" {
		f.count, _ = strconv.Atoi(m[2])
	}
	return f, nil
}

// startFault finds the request's fault (header, else a marker in the body),
// counts it, and answers the faults that replace the reply. It reports
// whether the request has been answered.
func (c *call) startFault() bool {
	token := c.r.Header.Get(faultHeader)
	if token == "" {
		if m := faultMarker.FindSubmatch(c.body); m != nil {
			token = string(m[1])
		}
	}
	if token == "" {
		return false
	}
	f, err := parseFault(token)
	if err != nil {
		c.fail(http.StatusBadRequest, err.Error())
		return true
	}
	c.s.mu.Lock()
	c.s.faults[f.token]++
	seen := c.s.faults[f.token]
	c.s.mu.Unlock()
	if f.count > 0 && seen > f.count {
		return false
	}
	switch f.name {
	case "429":
		c.fail(http.StatusTooManyRequests, "simulated rate limit: retry after 1 second")
	case "500":
		c.fail(http.StatusInternalServerError, "simulated internal error")
	case "unauthorized":
		c.fail(http.StatusUnauthorized, unauthorizedMessage(c.g))
	case "overloaded":
		if c.g == groupAlpha {
			c.writeError(apiError{status: 529, msg: "Overloaded"})
		} else {
			c.fail(http.StatusServiceUnavailable, "simulated overload: the service is unavailable, try again")
		}
	default:
		c.fault = f
		return false
	}
	return true
}

// slowDelay is the wait between chunks under the slow fault.
func (c *call) slowDelay() time.Duration {
	if d, err := time.ParseDuration(c.fault.arg); err == nil && d >= 0 {
		return d
	}
	if c.s.opts.Pace > 0 {
		return c.s.opts.Pace
	}
	return 10 * time.Millisecond
}

// chunkDelay is the wait between two stream events.
func (c *call) chunkDelay() time.Duration {
	if c.fault.name == "slow" {
		return c.slowDelay()
	}
	return c.s.opts.Pace / 50
}

// oversize is how many bytes the oversize fault pads an event to.
func (c *call) oversize() int64 {
	if n, ok := parseSize(c.fault.arg); ok {
		return n
	}
	return defaultOversize
}

// parseSize reads sizes such as 70MiB, 2MB, 512KiB or 1000.
func parseSize(s string) (int64, bool) {
	units := []struct {
		suffix string
		mult   int64
	}{{"gib", 1 << 30}, {"mib", 1 << 20}, {"kib", 1 << 10}, {"gb", 1e9}, {"mb", 1e6}, {"kb", 1e3}, {"b", 1}}
	s = strings.ToLower(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			s, mult = strings.TrimSuffix(s, u.suffix), u.mult
			break
		}
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || n <= 0 || n*float64(mult) > 1<<40 {
		return 0, false
	}
	return int64(n * float64(mult)), true
}

// writePadded writes JSON object b with an extra string field that makes it
// at least size bytes long, producing the padding in pieces so the event is
// never held in memory whole.
func (c *call) writePadded(b []byte, size int64) {
	b = bytes.TrimRight(b, "\n")
	if len(b) > 0 && b[len(b)-1] == '}' {
		b = b[:len(b)-1]
	}
	sep := ","
	if bytes.HasSuffix(b, []byte("{")) {
		sep = ""
	}
	_, _ = c.w.Write(b)
	_, _ = c.w.Write([]byte(sep + `"sim_padding":"`))
	chunk := bytes.Repeat([]byte("x"), 64<<10)
	for left := size - int64(len(b)); left > 0; left -= int64(len(chunk)) {
		n := min(left, int64(len(chunk)))
		if _, err := c.w.Write(chunk[:n]); err != nil {
			return
		}
	}
	_, _ = c.w.Write([]byte(`"}`))
}

// writeFaulted writes a non-streamed reply body with the call's body fault.
func (c *call) writeFaulted(b []byte) {
	rc := http.NewResponseController(c.w)
	switch c.fault.name {
	case "cut":
		_, _ = c.w.Write(b[:len(b)/2])
		_ = rc.Flush()
		panic(http.ErrAbortHandler)
	case "malformed":
		b = b[:len(b)/2]
	case "oversize":
		c.writePadded(b, c.oversize())
		_, _ = c.w.Write([]byte("\n"))
		return
	case "slow":
		for len(b) > 0 {
			n := min(len(b), max(1, len(b)/4+1))
			_, _ = c.w.Write(b[:n])
			_ = rc.Flush()
			b = b[n:]
			if len(b) > 0 && !c.pause(c.slowDelay()) {
				return
			}
		}
		_, _ = c.w.Write([]byte("\n"))
		return
	}
	_, _ = c.w.Write(append(b, '\n'))
}

// writeStreamError ends a stream the way each family reports a failure
// after a 200 (PROTOCOLS 0.2 rule 6): alpha and gamma an error event, beta
// a bare JSON error line without data:. seq is the gamma sequence number.
func (c *call) writeStreamError(seq int) {
	var l eventList
	switch {
	case c.g == groupAlpha:
		l.add("error", map[string]any{"type": "error", "error": map[string]any{"type": "overloaded_error", "message": "Overloaded"}})
	case c.g == groupBeta:
		b, _ := json.Marshal(map[string]any{"error": map[string]any{"code": 503, "message": "simulated error in the stream", "status": "UNAVAILABLE"}})
		_, _ = c.w.Write(append(b, '\n', '\n'))
		return
	case strings.HasSuffix(c.r.URL.Path, "/responses"):
		l.add("error", map[string]any{"type": "error", "code": "server_error", "message": "simulated error in the stream", "param": nil, "sequence_number": seq})
	default:
		l.add("error", map[string]any{"type": "error", "error": map[string]any{"type": "server_error", "code": "server_error", "message": "simulated error in the stream"}})
	}
	c.writeEventHead(l[0].name)
	_, _ = c.w.Write(append(l[0].data, '\n', '\n'))
}

// pause waits d, reporting false if the client went away first.
func (c *call) pause(d time.Duration) bool {
	if d <= 0 {
		return c.r.Context().Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-c.r.Context().Done():
		return false
	}
}
