package main

import (
	"context"
	"errors"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
)

// app is one run of the program: its flags, its I/O and what it opened.
type app struct {
	io     stdio
	getenv func(string) string
	flags  struct {
		baseURL, dataDir string
		demo, insecure   bool
		simPace          time.Duration
	}
	demoURL string // the in-process simulator's base URL, once started
	ran     bool   // a command's own code started: errors after this are not usage errors
	closers []func()
}

func (a *app) close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
}

func (a *app) commands() []*cobra.Command {
	return []*cobra.Command{a.chatCmd(), a.imageCmd(), a.simCmd()}
}

func (a *app) runTUI(cmd *cobra.Command, _ []string) error {
	return errors.New("the TUI is not built yet")
}

// newClient returns a client for the configured service, or for the
// in-process simulator with --demo.
func (a *app) newClient(ctx context.Context) (*client.Client, error) {
	if a.flags.demo {
		if a.demoURL == "" {
			u, err := a.startSim(a.flags.simPace, 0)
			if err != nil {
				return nil, err
			}
			a.demoURL = u
		}
		return client.New(a.demoURL, client.Keys{Alpha: demoKey, Beta: demoKey, Gamma: demoKey, Queue: demoKey})
	}
	baseURL := a.flags.baseURL
	if baseURL == "" {
		baseURL = a.getenv("ATELIER_BASE_URL")
	}
	if baseURL == "" {
		return nil, usagef("no service configured: pass --base-url or set ATELIER_BASE_URL (or try --demo)")
	}
	keys := client.Keys{
		Alpha: a.getenv(groupEnv(client.Alpha)),
		Beta:  a.getenv(groupEnv(client.Beta)),
		Gamma: a.getenv(groupEnv(client.Gamma)),
		Queue: a.getenv(groupEnv(client.Queue)),
	}
	c, err := client.New(baseURL, keys)
	if err != nil {
		return nil, usageError{err}
	}
	c.AllowInsecure = a.flags.insecure
	return c, nil
}
