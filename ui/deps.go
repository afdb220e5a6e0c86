package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/ui/settings"
)

// Deps are what the screens work with. Everything that may wait (the
// keyring, the network, the disk) is reached only from commands.
type Deps struct {
	// Connect builds a client for the settings given: base URL, keys and
	// extra headers. It may wait on the keyring, so the shell calls it in a
	// command at start, and again when Settings saves the settings or
	// changes a key, then hands the client to every tab (tab.ClientMsg).
	// A nil Connect, or an error, leaves the tabs without a service.
	Connect func(*store.Settings) (*client.Client, error)

	Store        *store.Store      // history and media; nil when none
	Keys         settings.KeyStore // each group's key; *keyring.Keys is one
	Settings     *store.Settings   // as loaded from config.toml; nil: defaults
	SettingsPath string            // where Settings saves config.toml
	Demo         bool              // the built-in simulator is the service
	Insecure     bool              // --insecure: plain http:// to any host is allowed
	// BaseURL is the base URL in use when it does not come from the
	// settings, and BaseURLFrom where it comes from ("--base-url" or
	// "ATELIER_BASE_URL"); Settings shows it, as it shows a key's source.
	BaseURL, BaseURLFrom string

	// Events is for background work that outlives a screen: it reports
	// through this one channel, which the root drains one message per
	// command, handling each as if it came from Bubble Tea (a
	// TasksChangedMsg, a tab.ResultMsg for one tab...). Nil means none.
	Events <-chan tea.Msg

	// Poller follows video tasks in the background. The Video tab hands
	// it each client the shell connects with, and each task it submits;
	// the root drains its events as it drains Events, each made a message
	// by video.EventMsg. Nil: tasks wait in the history.
	Poller *poller.Poller

	// Now and Tick are the status bar's clock: when a message came, and
	// when its lifetime ends; Tick also paces the looks at the store's
	// version (watch.go). Nil: time.Now and tea.Tick. Tests fix them and
	// deliver the end of a lifetime, or a look, themselves.
	Now  func() time.Time
	Tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
}

// TasksChangedMsg says how many video tasks are running, for the status
// bar. The Video tab sends it whenever the count changes.
type TasksChangedMsg struct{ Running int }
