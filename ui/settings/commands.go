package settings

import (
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/keyring"
)

// The results of the tab's commands, delivered even while another tab shows.
type (
	keysLoadedMsg struct{ status []keyring.KeyStatus }
	keyStoredMsg  struct {
		group client.Group
		err   error
	}
	keyDeletedMsg struct {
		group client.Group
		err   error
	}
	savedMsg struct {
		cfg  store.Settings // what was saved; adopted only without err
		note string         // what to tell the status bar
		at   *row           // where the cursor goes; nil: stay
		err  error
	}
)

// storage is where the tab's changes go: the keyring (through the
// KeyStore) and config.toml. It is apart from the Model because both may
// wait, so each of its methods is a command, and because it is all the
// commands need: they never see the Model.
type storage struct {
	keys KeyStore
	path string // the config.toml saves go to
}

// loadKeys asks where each group's key comes from. It may wait on the
// keyring (keyring.Keys gives up after a timeout), so it never runs in Update.
func (s storage) loadKeys() tea.Cmd {
	keys := s.keys
	return func() tea.Msg { return result(keysLoadedMsg{status: keys.Status()}) }
}

// storeKey puts a key in the keyring. The key exists only in this closure;
// errors from the KeyStore never hold it.
func (s storage) storeKey(g client.Group, key string) tea.Cmd {
	keys := s.keys
	return func() tea.Msg { return result(keyStoredMsg{group: g, err: keys.Set(g, key)}) }
}

// deleteKey removes a group's key from the keyring.
func (s storage) deleteKey(g client.Group) tea.Cmd {
	keys := s.keys
	return func() tea.Msg { return result(keyDeletedMsg{group: g, err: keys.Delete(g)}) }
}

// save writes next to config.toml; store.SaveSettings validates it first
// and refuses, among others, a credential header.
func (s storage) save(next store.Settings, note string, at *row) tea.Cmd {
	path := s.path
	return func() tea.Msg {
		err := store.SaveSettings(path, &next)
		return result(savedMsg{cfg: next, note: note, at: at, err: err})
	}
}
