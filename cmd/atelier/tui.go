package main

import (
	"context"
	"errors"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/store/keyring"
	"atelier/ui"
)

// runTUI opens the terminal UI. Nothing here waits on the keyring: the
// client, which needs the keys, is built by the UI in a command once the
// screen is up, and so is the key status Settings shows.
func (a *app) runTUI(cmd *cobra.Command, _ []string) error {
	if !isTerminal(a.io.out) {
		return usagef("the TUI needs a terminal; for scripts use the chat and image commands")
	}
	ctx := cmd.Context()
	deps, err := a.tuiDeps(ctx)
	if err != nil {
		return err
	}
	return ui.Run(ctx, deps)
}

// tuiDeps gathers what the screens need: the history store, the settings
// and where they are saved, the keys, and how to connect.
func (a *app) tuiDeps(ctx context.Context) (ui.Deps, error) {
	db, err := a.store()
	if err != nil {
		return ui.Deps{}, err
	}
	if a.flags.demo {
		deps, err := a.demoDeps(ctx, db)
		if err != nil {
			return ui.Deps{}, err
		}
		return a.withPoller(deps), nil
	}
	cfg, path, err := a.savedSettings()
	if err != nil {
		return ui.Deps{}, err
	}
	from, baseURL := a.baseURLOverride()
	return a.withPoller(ui.Deps{
		Connect:      a.tuiConnect,
		Store:        db,
		Keys:         a.keys(),
		Settings:     cfg,
		SettingsPath: path,
		Insecure:     a.flags.insecure,
		BaseURL:      baseURL,
		BaseURLFrom:  from,
	}), nil
}

// savedSettings are the settings the screens start from and the file
// Settings saves them to (under --demo, the demo's own).
func (a *app) savedSettings() (*store.Settings, string, error) {
	cfg, err := a.settings()
	if err != nil {
		return nil, "", err
	}
	path, err := a.configPath()
	return cfg, path, err
}

// baseURLOverride is where the base URL comes from when not config.toml,
// and what it is, as clientFor takes it; "" when config.toml's applies.
func (a *app) baseURLOverride() (from, baseURL string) {
	switch {
	case a.flags.baseURL != "":
		return "--base-url", a.flags.baseURL
	case a.getenv("ATELIER_BASE_URL") != "":
		return "ATELIER_BASE_URL", a.getenv("ATELIER_BASE_URL")
	}
	return "", ""
}

// withPoller adds the background video poller. It follows the history's
// unfinished tasks with whichever client the UI connects with, and stops
// when the app closes, before the store does.
func (a *app) withPoller(deps ui.Deps) ui.Deps {
	p := poller.New(deps.Store, poller.Options{})
	a.closers = append(a.closers, p.Close)
	deps.Poller = p
	return deps
}

// tuiConnect is clientFor, with the way out that the TUI offers when no
// service is configured.
func (a *app) tuiConnect(cfg *store.Settings) (*client.Client, error) {
	c, err := a.clientFor(cfg)
	if errors.Is(err, errNoService) {
		return nil, errors.New("no service yet: set the base URL in Settings (alt+6), or run atelier --demo")
	}
	return c, err
}

// demoDeps runs the UI on the in-process simulator. Its settings are the
// demo's config.toml (configPath: the same file every command reads under
// --demo) and its keys live in memory, so trying things in the demo never
// touches the real config file or keyring.
func (a *app) demoDeps(ctx context.Context, db *store.Store) (ui.Deps, error) {
	c, err := a.newClient(ctx) // starts the simulator
	if err != nil {
		return ui.Deps{}, err
	}
	cfg, path, err := a.savedSettings()
	if err != nil {
		return ui.Deps{}, err
	}
	kr := keyring.NewMemoryKeyring()
	for _, g := range client.Groups {
		kr.Set(g, demoKey)
	}
	return ui.Deps{
		Connect:      func(*store.Settings) (*client.Client, error) { return c, nil },
		Store:        db,
		Keys:         &keyring.Keys{Keyring: kr, Getenv: func(string) string { return "" }, InMemory: true},
		Settings:     cfg,
		SettingsPath: path,
		Demo:         true,
	}, nil
}
