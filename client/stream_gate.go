package client

import (
	"context"
	"io"
)

// A ReadGate is asked before each read of a stream's body from the network,
// and may hold the read back: a screen that draws a stream in frames reads
// it once a frame, all that arrived at once, rather than being woken for
// every piece as it comes (ui/internal/deltaq). An error ends the stream
// with it. A gate's wait counts towards the stream's idle timeout: it
// should be no longer than the screen's frame.
type ReadGate func(ctx context.Context) error

type readGateKey struct{}

// WithReadGate returns ctx carrying gate for the streams opened with it.
func WithReadGate(ctx context.Context, gate ReadGate) context.Context {
	return context.WithValue(ctx, readGateKey{}, gate)
}

// gated returns body read through the gate ctx carries, if any.
func gated(ctx context.Context, body io.Reader) io.Reader {
	gate, _ := ctx.Value(readGateKey{}).(ReadGate)
	if gate == nil {
		return body
	}
	return &gatedReader{ctx: ctx, r: body, gate: gate}
}

type gatedReader struct {
	ctx  context.Context
	r    io.Reader
	gate ReadGate
}

func (g *gatedReader) Read(p []byte) (int, error) {
	if err := g.gate(g.ctx); err != nil {
		return 0, err
	}
	return g.r.Read(p)
}
