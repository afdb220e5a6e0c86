package imagetab

import (
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
)

// toVideo carries a saved image to the Video tab, which asks for the
// image-to-video endpoint and opens its form on the image.
func toVideo(path, prompt string) tea.Cmd {
	if path == "" {
		return tab.Warn("no saved image selected to animate")
	}
	return func() tea.Msg { return tab.ToVideoMsg{File: path, Prompt: prompt} }
}
