package video

import (
	"context"
	"path/filepath"
	"slices"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/store"
	"atelier/ui/tab"
)

// Image to video in one key: an image sent from the Image tab
// or History (tab.ToVideoMsg) opens the chooser on the image-to-video
// endpoints, the one chosen last first; enter opens its form with the
// image as its input. An endpoint whose image field takes only a URL says
// so at once, in the chooser and in the form, before anything is sent.

// lastEndpointMsg is the image-to-video endpoint chosen last, read at start.
type lastEndpointMsg struct{ path string }

// readLastEndpoint reads it from the store.
func readLastEndpoint(db *store.Store) tea.Cmd {
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		p, _ := db.State(context.Background(), store.StateImageToVideo) // none read: the table's first
		return result(lastEndpointMsg{path: p})
	}
}

// keepLastEndpoint stores the image-to-video endpoint chosen.
func keepLastEndpoint(db *store.Store, path string) tea.Cmd {
	if db == nil {
		return nil
	}
	return func() tea.Msg {
		if err := db.SetState(context.Background(), store.StateImageToVideo, path); err != nil {
			return tab.ErrorMsg{Err: err}
		}
		return nil
	}
}

// imageMsg takes an image to animate, or the endpoint chosen last.
func (m Model) imageMsg(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tab.ToVideoMsg:
		return m.fromImage(msg)
	case lastEndpointMsg:
		if m.lastI2V == "" {
			m.lastI2V = msg.path
		}
	}
	return m, nil
}

// fromImage opens the chooser of image-to-video endpoints for the image
// msg carries.
func (m Model) fromImage(msg tab.ToVideoMsg) (Model, tea.Cmd) {
	eps := client.ImageToVideoEndpoints()
	last, mode := m.lastI2V, ""
	if e, md, err := client.LookupVideoEndpoint(last); err == nil {
		last, mode = e.Path, md
	}
	i := slices.IndexFunc(eps, func(e client.VideoEndpoint) bool { return e.Path == last })
	if i < 0 { // none chosen yet: the first that takes the image as it is
		i = slices.IndexFunc(eps, client.VideoEndpoint.TakesLocalImage)
	}
	back := m.mode
	if back == picking {
		back = m.pick.back
	}
	m.pick = picker{eps: eps, cursor: max(i, 0), back: back, image: msg.File, prompt: msg.Prompt, mode: mode}
	return m.to(picking), tab.Info("animate " + clean(filepath.Base(msg.File)) + ": choose an image-to-video endpoint")
}

// pickedForImage opens the form of the chosen endpoint with the image as
// its input, and remembers the choice.
func (m Model) pickedForImage(e client.VideoEndpoint) (Model, tea.Cmd) {
	p := m.pick
	mode := p.mode
	if !slices.Contains(e.Modes, mode) {
		mode = m.form.modeName()
	}
	d := newDraft(e, mode).carry(m.form)
	field, _ := e.FirstImage()
	d.Set(field.Name, homepath.Tilde(p.image))
	if d.Text("prompt") == "" && p.prompt != "" {
		d.Set("prompt", p.prompt)
	}
	say := tab.Info("the image is " + field.Name + ": write how it moves, then send (enter)")
	if !field.DataURI {
		d.SetNotes(append(e.RuleDocs(), client.NoLocalImage(e.Path, field.Name)))
		say = tab.Warn(client.NoLocalImage(e.Path, field.Name))
	}
	m = m.edit(d)
	m.lastI2V = d.path()
	return m, tea.Batch(say, keepLastEndpoint(m.db, m.lastI2V))
}
