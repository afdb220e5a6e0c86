package ui

import (
	"os"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/price"
	"atelier/ui/arena"
	"atelier/ui/batch"
	"atelier/ui/chat"
	"atelier/ui/compare"
	"atelier/ui/history"
	imagetab "atelier/ui/image"
	"atelier/ui/imageview"
	"atelier/ui/settings"
	"atelier/ui/video"
)

// Each tab built from deps, made a screen by the one adapter.

func newChatTab(deps Deps) screen {
	var models store.Models
	var prices price.Table
	if deps.Settings != nil {
		models, prices = deps.Settings.Models, deps.Settings.Prices
	}
	return adapt(chat.New(chat.Options{Store: deps.Store, Models: models, Prices: prices, Demo: deps.Demo}))
}

func newCompareTab(deps Deps) screen {
	return adapt(compare.New(compare.Options{Store: deps.Store, Settings: deps.Settings, Demo: deps.Demo}))
}

// newImageTab builds the Image tab: it records runs in the store, takes the
// default model and images folder from the settings, and learns what images
// the terminal can show from the environment (ATELIER_IMAGES included) and
// the tty, then from the terminal's replies.
func newImageTab(deps Deps) screen {
	caps := imageview.DetectFromEnv(os.Getenv)
	// The tty's own record of its size stands in for a cell size the
	// terminal does not tell (stock xterm answers no size query).
	caps.Window = imageview.ReadWindow(os.Stdout)
	caps.Title = windowTitle // kept up by a full-screen image
	return adapt(imagetab.New(imagetab.Options{
		Store:    deps.Store,
		Settings: deps.Settings,
		Images:   caps,
		Seed:     uint32(os.Getpid()),
	}))
}

func newVideoTab(deps Deps) screen {
	o := video.Options{Store: deps.Store, Poller: deps.Poller, Settings: deps.Settings}
	if deps.Settings != nil {
		o.Endpoint, o.Prices = deps.Settings.Models.Video, deps.Settings.Prices
	}
	return videoScreen(video.New(o))
}

// videoScreen adapts the Video tab, telling the status bar how many tasks
// run whenever that changes.
func videoScreen(m video.Model) screen {
	a := adapt(m)
	told := 0 // as last told to the status bar
	a.after = func(m video.Model) tea.Cmd {
		n := m.Running()
		if n == told {
			return nil
		}
		told = n
		return func() tea.Msg { return TasksChangedMsg{Running: n} }
	}
	return a
}

func newHistoryTab(deps Deps) screen {
	cw, ch, _ := imageview.ReadWindow(os.Stdout).Cell()
	return adapt(history.New(history.Options{Store: deps.Store, Settings: deps.Settings, CellWidth: cw, CellHeight: ch}))
}

func newSettingsTab(deps Deps) screen {
	return adapt(settings.New(settings.Options{
		Keys: deps.Keys, Settings: deps.Settings, Path: deps.SettingsPath, Demo: deps.Demo,
		Insecure: deps.Insecure, BaseURL: deps.BaseURL, BaseURLFrom: deps.BaseURLFrom,
	}))
}

func newArenaTab(deps Deps) screen {
	return adapt(arena.New(arena.Options{Store: deps.Store, Now: deps.Now, Settings: deps.Settings}))
}

func newBatchTab(deps Deps) screen {
	return adapt(batch.New(batch.Options{Store: deps.Store, Settings: deps.Settings}))
}
