package ui

import (
	"os"

	tea "charm.land/bubbletea/v2"

	imagetab "atelier/ui/image"
	"atelier/ui/imageview"
)

// imageTab adapts imagetab.Model, whose Update returns its own type.
type imageTab struct{ imagetab.Model }

// newImageTab builds the Image tab: it records runs in the store, takes the
// default model and images folder from the settings, and learns what images
// the terminal can show from the environment (ATELIER_IMAGES included) and
// the tty, then from the terminal's replies.
func newImageTab(deps Deps) *imageTab {
	caps := imageview.DetectFromEnv(os.Getenv)
	// The tty's own record of its size stands in for a cell size the
	// terminal does not tell (stock xterm answers no size query).
	caps.Window = imageview.ReadWindow(os.Stdout)
	caps.Title = windowTitle // kept up by a full-screen image
	return &imageTab{imagetab.New(imagetab.Options{
		Store:    deps.Store,
		Settings: deps.Settings,
		Images:   caps,
		Seed:     uint32(os.Getpid()),
	})}
}

func (t *imageTab) Update(msg tea.Msg) (screen, tea.Cmd) {
	var cmd tea.Cmd
	t.Model, cmd = t.Model.Update(msg)
	return t, cmd
}
