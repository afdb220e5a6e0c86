package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/client/sim"
)

func (a *app) simCmd() *cobra.Command {
	var addr string
	var pace time.Duration
	var failShare float64
	cmd := &cobra.Command{
		Use:   "sim [--addr 127.0.0.1:PORT]",
		Short: "Run the built-in simulator of the service as a local server",
		Long: "Serve every endpoint of the service, simulated, on a local address, until interrupted.\n" +
			"A group whose ATELIER_<GROUP>_KEY is set accepts only that key; the others accept any key.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if failShare < 0 || failShare > 1 {
				return usagef("--fail-share: must be between 0 and 1 (got %g)", failShare)
			}
			keys := map[string]string{}
			for _, g := range client.Groups {
				if k := a.getenv(groupEnv(g)); k != "" {
					keys[string(g)] = k
				}
			}
			return a.serveSim(cmd.Context(), addr, sim.Options{Keys: keys, Pace: pace, FailShare: failShare, ValidateVideo: sim.TableRules, IDSeed: time.Now().String()})
		},
	}
	cmd.Flags().StringVar(&addr, "addr", "127.0.0.1:8787", "address to listen on")
	cmd.Flags().DurationVar(&pace, "pace", time.Second, "time per step of a video task, and the base of stream pacing")
	cmd.Flags().Float64Var(&failShare, "fail-share", 0, "share of video tasks that fail, 0 to 1")
	return cmd
}

// groupEnv is the environment variable that holds group g's key.
func groupEnv(g client.Group) string {
	return map[client.Group]string{
		client.Alpha: "ATELIER_ALPHA_KEY", client.Beta: "ATELIER_BETA_KEY",
		client.Gamma: "ATELIER_GAMMA_KEY", client.Queue: "ATELIER_QUEUE_KEY",
	}[g]
}

func (a *app) serveSim(ctx context.Context, addr string, opts sim.Options) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", addr, err)
	}
	s := sim.New(opts)
	defer s.Close()
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(a.io.out, "simulator serving on http://%s\n", ln.Addr())
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		return nil
	}
}
