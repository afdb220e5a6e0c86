package history

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// toVideoCmd carries the first saved image of an image job to the Video
// tab, as the input of an image-to-video endpoint.
func toVideoCmd(db *store.Store, r row) tea.Cmd {
	if r.ref.Kind != store.KindImage {
		return tab.Warn("V animates an image: this is a " + string(r.ref.Kind))
	}
	return func() tea.Msg {
		if db == nil {
			return tab.ErrorMsg{Err: errNoStore}
		}
		it, err := load(context.Background(), db, r)
		if err != nil {
			return tab.ErrorMsg{Err: fmt.Errorf("to video: %w", err)}
		}
		path, ok := savedFile(it)
		if !ok {
			return tab.NoticeMsg{Text: "this image job kept no image to animate", Kind: tab.Warning}
		}
		return tab.ToVideoMsg{File: path, Prompt: it.image.Prompt}
	}
}
