package imagetab

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/homepath"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// resultsKey hands the keys of the results to the page, and acts on those
// that lead elsewhere: the form (at the prompt, the last row, an input
// image or the mask, or with the selected image to edit), the last run
// sent again, a recipe, the gallery, a comparison.
func (m Model) resultsKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	cols, rows := m.width+4, m.height+4 // the shell's tab bar, status line and frame
	if cmd, ok := m.page.key(msg, m.km, cols, rows); ok {
		return m, cmd
	}
	switch {
	case key.Matches(msg, m.km.Next):
		return m.toForm("prompt")
	case key.Matches(msg, m.km.Prev):
		return m.toForm("")
	case key.Matches(msg, m.km.EditThis):
		return m.editThis(m.page.run.editRef(m.page.sel))
	case key.Matches(msg, m.km.Rerun): // as it was sent, to the same models
		s, models, cmd := m.page.again()
		if models == nil {
			return m, cmd
		}
		m.form.set(s)
		m.page.rerun = true // beside this run, which stays: next (alternatives.go) takes it
		if len(models) > 1 {
			return m.start(models, "")
		}
		return m.send()
	case key.Matches(msg, m.km.Recipe, m.km.Vary):
		return m, recipeOf(m.page.run.selectedMedia(m.page.sel), key.Matches(msg, m.km.Vary))
	case key.Matches(msg, m.km.ToVideo):
		return m, toVideo(m.page.run.selectedMedia(m.page.sel), m.page.run.spec.Prompt)
	case key.Matches(msg, m.km.Label):
		return m.labelResult()
	case key.Matches(msg, m.km.AddImage):
		m.area = formArea
		m.form.addImage()
	case key.Matches(msg, m.km.SetMask):
		return m.toForm(rowMask)
	case key.Matches(msg, m.km.Gallery):
		return m.openGallery()
	case key.Matches(msg, m.km.Compare):
		return m.openPicker(), nil
	case key.Matches(msg, m.km.Back): // one level back: the form, at the prompt
		return m.toForm("prompt")
	}
	return m, nil
}

// openSelected shows the image at sel in the system's viewer (open).
func (r *run) openSelected(sel int, open func(string) error) tea.Cmd {
	t, ok := r.selected(sel)
	if !ok || t.pic == nil || t.pic.path == "" {
		return tab.Warn("nothing saved to open yet")
	}
	return openPath(open, t.pic.path)
}

// openPath opens a file (or a URL) in the system's viewer.
func openPath(open func(string) error, path string) tea.Cmd {
	return func() tea.Msg {
		if err := open(path); err != nil {
			return tab.ErrorMsg{Err: imageview.OpenFailed(err, "images", "open "+homepath.Tilde(path))}
		}
		return tab.NoticeMsg{Text: "opened " + homepath.Tilde(path)}
	}
}

// selectedMedia is the file under the data folder of the result at sel
// (the one that carries its recipe), "" when none was saved.
func (r *run) selectedMedia(sel int) string {
	if t, ok := r.selected(sel); ok && t.pic != nil && t.pic.partial == 0 {
		return t.pic.media
	}
	return ""
}

// editRef is the result at sel as the input of the next request (the job
// it came from stays its parent), or a warning that there is none.
func (r *run) editRef(sel int) (inputRef, tea.Cmd) {
	t, ok := r.selected(sel)
	if !ok || t.pic == nil || t.pic.path == "" || t.pic.partial > 0 {
		return inputRef{}, tab.Warn("no saved result selected to edit")
	}
	in := inputRef{Ref: t.pic.path}
	if t.pic.media != "" {
		in = inputRef{Ref: t.pic.media, FileID: t.pic.fileID}
	}
	return in, nil
}

// editThis makes in the input of the next request, keeping the prompt to
// rewrite; warn, when there is one, says why there is no input instead.
func (m Model) editThis(in inputRef, warn tea.Cmd) (Model, tea.Cmd) {
	if warn != nil {
		return m, warn
	}
	m.form.editThis(in)
	m, cmd := m.toForm("prompt")
	return m, tea.Batch(cmd, tab.Info("editing this image: say what to change, enter sends"))
}

// fullScreen shows the image at sel over the whole terminal (cols×rows)
// until a key is pressed, with the best caps has: kitty graphics, iTerm2,
// sixel, or half blocks (the program pauses meanwhile; see
// imageview.FullScreenCmd).
func (r *run) fullScreen(sel int, caps imageview.Capabilities, cols, rows int) tea.Cmd {
	t, ok := r.selected(sel)
	if !ok || t.pic == nil || t.pic.img == nil {
		return nil
	}
	p := caps.FullScreen()
	if p == imageview.ProtocolOff {
		return tab.Warn("images are off (ATELIER_IMAGES=off): " + homepath.Tilde(t.pic.path))
	}
	done := func(err error) tea.Msg {
		if err != nil {
			return tab.ErrorMsg{Err: err}
		}
		return nil
	}
	return imageview.FullScreenCmd(t.pic.img, p, caps, cols, rows, homepath.Tilde(t.pic.path), done)
}
