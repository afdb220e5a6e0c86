package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/internal/termtext"
)

// Exit statuses: the command-line contract of DESIGN.md.
const (
	exitOK      = 0
	exitService = 1 // a service or network error
	exitUsage   = 2 // a usage or validation error: nothing was sent
)

// stdio is where a run reads and writes.
type stdio struct {
	in       io.Reader
	out, err io.Writer
}

// usageError marks an error in how the command was called.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

// run executes one command line and returns its exit status.
func run(ctx context.Context, args []string, io stdio, getenv func(string) string) int {
	return runWith(ctx, args, io, getenv, clocks{})
}

// clocks are the times a run waits on; the zero value is real time. Tests
// set them to end a wait (an idle stream, a retry's backoff) without
// spending it.
type clocks struct {
	afterFunc func(time.Duration, func()) client.Timer // the client's timers
	poller    client.Clock                             // the video poller's time
}

// runWith is run on the given clocks.
func runWith(ctx context.Context, args []string, io stdio, getenv func(string) string, clk clocks) int {
	a := &app{io: io, getenv: getenv, clocks: clk}
	defer a.close()
	root := newRootCmd(a)
	root.SetArgs(args)
	root.SetIn(io.in)
	root.SetOut(io.out)
	root.SetErr(io.err)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	fmt.Fprintln(io.err, "atelier: "+oneLine(termtext.String(err.Error())))
	if !a.ran {
		return exitUsage // cobra refused the command line itself
	}
	return exitCode(err)
}

func exitCode(err error) int {
	var ue usageError
	if errors.As(err, &ue) || len(client.Violations(err)) > 0 {
		return exitUsage
	}
	return exitService
}

// oneLine folds a multi-line message (joined validation errors) into one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", "; ")), " ")
}

// isTerminal reports whether w is a terminal, where output is sanitized
// unless --raw is given.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

func newRootCmd(a *app) *cobra.Command {
	root := &cobra.Command{
		Use:           "atelier",
		Short:         "A terminal studio for chat, image and video generation",
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE:          a.runTUI,
		// Once a command's own code runs, the arguments were fine: an error
		// from here on is not a usage error unless it says so.
		PersistentPreRun: func(*cobra.Command, []string) { a.ran = true },
	}
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return flagError(err) })
	root.Version = versionLine(debug.ReadBuildInfo())
	root.SetVersionTemplate("{{.Version}}\n")
	f := root.PersistentFlags()
	f.StringVar(&a.flags.baseURL, "base-url", "", "service base URL (default $ATELIER_BASE_URL, then config.toml)")
	f.StringVar(&a.flags.dataDir, "data-dir", "", "data directory (default $ATELIER_HOME, then the XDG data dir)")
	f.BoolVar(&a.flags.demo, "demo", false, "run against the built-in simulator, with a demo data directory; no keys needed")
	f.BoolVar(&a.flags.insecure, "insecure", false, "allow plain http:// to a host that is not loopback")
	f.DurationVar(&a.flags.simPace, "sim-pace", defaultDemoPace, "with --demo: how long each step of a simulated video task takes")
	f.MarkHidden("sim-pace")
	root.AddCommand(a.commands()...)
	return root
}
