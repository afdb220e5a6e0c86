package video

import (
	"encoding/json"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// browseKey acts on the task list: while it asks or filters, the list
// has every key; else the tab's keys come first, then the list's.
func (m Model) browseKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	if !m.tasks.Asking() && !m.tasks.Filtering() {
		switch {
		case key.Matches(msg, m.km.Next):
			return m.toForm(1), nil
		case key.Matches(msg, m.km.Prev):
			return m.toForm(-1), nil
		case key.Matches(msg, m.km.Choose):
			return m.openPicker(), nil
		case key.Matches(msg, m.km.Pause):
			return m, setPaused(m.db, m.out.poller, !m.tasks.paused)
		}
		t, ok := m.tasks.Selected()
		switch {
		case !ok:
		case key.Matches(msg, m.km.Open):
			return m, playTask(m.open, t)
		case key.Matches(msg, m.km.Copy):
			return m, copyURL(t)
		case key.Matches(msg, m.km.File):
			return m, showFile(t)
		case key.Matches(msg, m.km.Retry):
			return m, retryDownload(m.db, m.out.poller, t)
		case key.Matches(msg, m.km.Label):
			var cmd tea.Cmd
			m.label, cmd = m.label.Start(m.db, store.ItemRef{Kind: store.KindVideo, ID: t.rec.ID},
				"label of video "+shortID(t.id())+":", clean(t.rec.Label))
			return m, cmd
		case key.Matches(msg, m.km.Resubmit): // to edit and send again, under its label
			return m.adopt(fromPast("video "+shortID(t.id()), t.rec.Endpoint, t.rec.BodyJSON, t.rec.Webhook, t.rec.Label))
		case key.Matches(msg, m.km.Arena):
			var next mode
			var cmd tea.Cmd
			m.ar, next, cmd = m.ar.start(t, m.tasks.Items(), m.db != nil, m.coin)
			return m.to(next), cmd
		}
	}
	var cmd tea.Cmd // the list's own keys
	m.tasks.Model, cmd = m.tasks.Update(msg)
	return m, cmd
}

// playTask opens the task's video in the system's player.
func playTask(open func(string) error, t task) tea.Cmd {
	if t.file == "" {
		return tab.Warn("video " + shortID(t.id()) + " has no saved video yet")
	}
	return play(open, t.file)
}

// copyURL puts the video's URL on the clipboard (OSC 52: it works over
// ssh, where the terminal supports it).
func copyURL(t task) tea.Cmd {
	u := t.videoURL()
	if u == "" {
		return tab.Warn("video " + shortID(t.id()) + " has no video URL yet")
	}
	return tea.Batch(tea.SetClipboard(u), tab.Notice("video URL copied: "+clean(u)))
}

// showFile tells where the video is saved, in full.
func showFile(t task) tea.Cmd {
	if t.file == "" {
		return tab.Warn("video " + shortID(t.id()) + " has no saved video yet")
	}
	return tab.Info(t.file)
}

// adopt takes the form d into the tab, when there is one, and says what
// say says either way.
func (m Model) adopt(d *draft, say tea.Cmd) (Model, tea.Cmd) {
	if d != nil {
		m = m.edit(*d)
	}
	return m, say
}

// fromPast is the form holding a past request (under label, "" for
// none), and what to say of it: what the form could not hold; nil and the
// error when it cannot be loaded.
func fromPast(what, endpoint string, body json.RawMessage, webhook, label string) (*draft, tea.Cmd) {
	d, notes, err := loadDraft(endpoint, body, webhook)
	if err != nil {
		return nil, tab.Error(fmt.Errorf("load %s: %w", what, err))
	}
	d.Set("label", clean(label))
	text := what + " loaded: edit it, then send (enter)"
	if len(notes) > 0 {
		text += " (left out: " + strings.Join(notes, "; ") + ")"
	}
	return &d, tab.Info(text)
}

// loadDraft is a form filled with a past request: its endpoint (the path
// after /queue/qv/, mode included), its body and its webhook; and what the
// form could not hold. An unknown endpoint or an unreadable body is an
// error.
func loadDraft(endpoint string, bodyJSON json.RawMessage, webhook string) (draft, []string, error) {
	e, mode, err := client.LookupVideoEndpoint(endpoint)
	if err != nil {
		return draft{}, nil, err
	}
	body, err := decodeBody(bodyJSON)
	if err != nil {
		return draft{}, nil, err
	}
	d, notes := newDraft(e, mode).loadBody(body, webhook)
	return d, notes, nil
}
