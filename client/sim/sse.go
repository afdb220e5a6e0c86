package sim

import (
	"encoding/json"
	"net/http"
)

// sseEvent is one server-sent event: an optional name and one line of JSON.
type sseEvent struct {
	name string // empty for data-only frames (beta)
	data []byte
}

// eventList collects a stream before it is written, so that faults can pick
// the middle of it.
type eventList []sseEvent

// add appends an event whose data is v as JSON.
func (l *eventList) add(name string, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		// Only values the simulator built itself are encoded here; a
		// failure is a bug in the simulator.
		panic("sim: encoding an event: " + err.Error())
	}
	*l = append(*l, sseEvent{name: name, data: b})
}

// stream writes the events as text/event-stream.
func (c *call) stream(evs eventList) {
	c.streamN(len(evs), func(i int) sseEvent { return evs[i] })
}

// streamN writes n events made on demand by next, so that large events
// (images) are not all held at once. It flushes each event and waits
// chunkDelay between them. The call's fault acts on the event in the
// middle: cut aborts the connection before it, error replaces it and the
// rest with the family's in-stream error, malformed truncates its JSON,
// oversize pads it past the size limit.
func (c *call) streamN(n int, next func(i int) sseEvent) {
	c.setHeaders("text/event-stream")
	c.w.Header().Set("Cache-Control", "no-cache")
	c.w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(c.w)
	_ = rc.Flush()
	mid := n / 2
	for i := range n {
		if i > 0 && !c.pause(c.chunkDelay()) {
			return
		}
		if i == mid && c.fault.name == "cut" {
			_ = rc.Flush()
			panic(http.ErrAbortHandler)
		}
		if i == mid && c.fault.name == "error" {
			c.writeStreamError(i)
			_ = rc.Flush()
			return
		}
		ev := next(i)
		if i == mid {
			switch c.fault.name {
			case "malformed":
				ev.data = ev.data[:len(ev.data)/2]
			case "oversize":
				c.writeEventHead(ev.name)
				c.writePadded(ev.data, c.oversize())
				_, _ = c.w.Write([]byte("\n\n"))
				_ = rc.Flush()
				continue
			}
		}
		c.writeEventHead(ev.name)
		_, _ = c.w.Write(ev.data)
		if _, err := c.w.Write([]byte("\n\n")); err != nil {
			return
		}
		_ = rc.Flush()
	}
}

// writeEventHead writes the event line (when named) and the data prefix.
func (c *call) writeEventHead(name string) {
	if name != "" {
		_, _ = c.w.Write([]byte("event: " + name + "\n"))
	}
	_, _ = c.w.Write([]byte("data: "))
}
