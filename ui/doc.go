// Package ui is atelier's terminal UI: a shell of eight tabs (Chat, Compare,
// Image, Video, History, Settings, Arena, Batch), a status bar and help, over
// Bubble Tea.
//
// The root Model is a router. It owns the tabs, the active tab, the status
// bar, help, styles, keys and dependencies, and its Update does one thing per
// message: global keys act; a window size reaches every tab; a result goes
// to the tab that asked (tab.ResultMsg), even when it is hidden; status
// messages go to the status bar, a tab's tagged with that tab (origin.go);
// everything else goes to the active tab. The help, the command palette
// and the key-grammar test are drawn from one registry of actions: the
// tabs' key maps and the shell's (registry.go).
// Screens live in packages of their own (ui/chat, ui/settings, ...) and talk to the shell
// through ui/tab. No I/O happens in Update: it runs in commands, which copy
// what they need and return one message.
//
// By the dependency rule it may import client, store (and its
// sub-packages), the poller, batch and internal, and its own sub-packages;
// never cmd.
package ui
