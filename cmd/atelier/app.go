package main

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/keyring"
)

// app is one run of the program: its flags, its I/O and what it opened.
type app struct {
	io     stdio
	getenv func(string) string
	clocks clocks
	flags  struct {
		baseURL, dataDir string
		demo, insecure   bool
		simPace          time.Duration
	}
	demoSim http.Handler // the in-process simulator of --demo, once started
	cfg     *store.Settings
	db      *store.Store
	mu      sync.Mutex // guards warned: compare lanes record at once
	warned  bool       // a history warning was printed
	ran     bool       // a command's own code started: errors after this are not usage errors
	closers []func()
}

func (a *app) close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
}

func (a *app) commands() []*cobra.Command {
	return []*cobra.Command{a.chatCmd(), a.compareCmd(), a.imageCmd(), a.videoCmd(), a.historyCmd(), a.batchCmd(), a.leaderboardCmd(), a.judgeCmd(), a.voteCmd(), a.votesCmd(), a.shareCmd(), a.targetSetCmd(), a.keysCmd(), a.simCmd()}
}

// newClient returns a client for the configured service, or for the
// in-process simulator with --demo.
func (a *app) newClient(ctx context.Context) (*client.Client, error) {
	if a.flags.demo {
		cfg, err := a.settings() // the demo's: its limits apply as the TUI's Settings set them
		if err != nil {
			return nil, err
		}
		c, err := a.demoClient()
		if err == nil {
			c.AfterFunc = a.clocks.afterFunc
			c.Limits.ReplyText, c.Limits.IdleTimeout = cfg.Limits.ReplyTextBytes(), cfg.Limits.Idle()
		}
		return c, err
	}
	cfg, err := a.settings()
	if err != nil {
		return nil, err
	}
	return a.clientFor(cfg)
}

// clientFor returns a client for the configured service with cfg's base URL
// (unless --base-url or ATELIER_BASE_URL says otherwise) and headers. It
// reads the keyring, which may wait.
func (a *app) clientFor(cfg *store.Settings) (*client.Client, error) {
	baseURL := a.flags.baseURL
	if baseURL == "" {
		baseURL = a.getenv("ATELIER_BASE_URL")
	}
	if baseURL == "" {
		baseURL = cfg.BaseURL
	}
	if baseURL == "" {
		return nil, errNoService
	}
	keys, _ := a.keys().Resolve()
	c, err := client.New(baseURL, keys)
	if err != nil {
		return nil, usageError{err}
	}
	c.AllowInsecure = a.flags.insecure
	if err := c.CheckBaseURL(); err != nil {
		return nil, usageError{fmt.Errorf("base URL %s: %w", baseURL, err)}
	}
	c.AfterFunc = a.clocks.afterFunc
	c.Limits.ReplyText, c.Limits.IdleTimeout = cfg.Limits.ReplyTextBytes(), cfg.Limits.Idle()
	c.Headers = map[client.Group]http.Header{}
	for g, hs := range cfg.Headers {
		h := http.Header{}
		for k, v := range hs {
			h.Set(k, v)
		}
		c.Headers[client.Group(g)] = h
	}
	return c, nil
}

// errNoService says no base URL was given anywhere.
var errNoService = usagef("no service configured: pass --base-url, set ATELIER_BASE_URL or base_url in config.toml (or try --demo)")

// keys resolves each group's key: the environment first, then the keyring.
func (a *app) keys() *keyring.Keys {
	return &keyring.Keys{Keyring: keyring.NewSystemKeyring(), Getenv: a.getenv}
}

// settings loads config.toml once ($ATELIER_CONFIG, else the XDG config
// dir); a missing file means the defaults, a bad one is a usage error that
// names the line.
func (a *app) settings() (*store.Settings, error) {
	if a.cfg != nil {
		return a.cfg, nil
	}
	path, err := a.configPath()
	if err != nil {
		return nil, err
	}
	cfg, err := store.LoadSettings(path)
	if err != nil {
		return nil, usageError{err}
	}
	a.cfg = cfg
	return cfg, nil
}

// configPath is config.toml's path: under --demo the demo data folder's,
// for the TUI and every command alike (what the demo's Settings write is
// what `atelier --demo chat` reads); else $ATELIER_CONFIG, else the XDG
// config dir.
func (a *app) configPath() (string, error) {
	if a.flags.demo {
		dir, err := a.dataDir()
		if err != nil {
			return "", err
		}
		return filepath.Join(dir, "config.toml"), nil
	}
	if path := a.getenv("ATELIER_CONFIG"); path != "" {
		return path, nil
	}
	return store.DefaultConfigPath()
}

// dataDir is where history and media live: --data-dir, else ATELIER_HOME,
// else the XDG data dir; --demo keeps its own folder inside it.
func (a *app) dataDir() (string, error) {
	dir := a.flags.dataDir
	if dir == "" {
		dir = a.getenv("ATELIER_HOME")
	}
	if dir == "" {
		d, err := store.DefaultDataDir()
		if err != nil {
			return "", err
		}
		dir = d
	}
	if a.flags.demo {
		dir = filepath.Join(dir, "demo")
	}
	return dir, nil
}

// store opens the history database once per run.
func (a *app) store() (*store.Store, error) {
	if a.db != nil {
		return a.db, nil
	}
	dir, err := a.dataDir()
	if err != nil {
		return nil, err
	}
	opts := store.Options{ReplyText: limits.ReplyText}
	if cfg, err := a.settings(); err == nil {
		opts.ReplyText = cfg.Limits.ReplyTextBytes() // a bad config is told by the command that needs it
	}
	db, err := store.OpenWith(dir, opts)
	if err != nil {
		return nil, fmt.Errorf("open history in %s: %w", dir, err)
	}
	for _, w := range db.Warnings() {
		fmt.Fprintf(a.io.err, "atelier: warning: history: %s\n", cleanLine(w))
	}
	db.CleanExports(termtext.String)
	db.PriceExports(a.prices())
	a.db = db
	a.closers = append(a.closers, func() { db.Close() })
	return db, nil
}
