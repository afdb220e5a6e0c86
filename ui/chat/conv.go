package chat

import (
	"encoding/json"
	"errors"
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// pageLoaded adopts a page of the listing (the tab checks that it is the
// listing whose answer counts).
func (l convList) pageLoaded(msg listLoadedMsg) (convList, tea.Cmd) {
	if msg.err != nil {
		l.loading, l.loaded = false, true
		if errors.Is(msg.err, errNoStore) {
			return l, nil
		}
		return l, tab.Error(msg.err)
	}
	return l.setPage(msg.page, msg.replace, msg.more), nil
}

// followStore reads the listing again when the store changed while the
// tab shows, or changed out of sight and the tab is shown now.
func (l convList) followStore(msg tea.Msg) (convList, tea.Cmd) {
	if !l.stale.Follow(msg, tab.Chat) {
		return l, nil
	}
	return l.reload()
}

// reload reads the listing again, the store having changed: as many
// conversations as the list holds (all of them under a filter that needed
// them all), the cursor staying on its conversation by id.
func (l convList) reload() (convList, tea.Cmd) {
	if l.db == nil {
		return l, nil
	}
	l.seq++
	l.loading = true
	if l.query() != "" {
		return l, loadAll(l.db, l.seq)
	}
	return l, loadFirst(l.db, l.seq, nil, max(len(l.Items()), pageSize))
}

// nextPage asks the store for the page after the loaded listing when the
// cursor is within rows of its end.
func (l convList) nextPage(rows int) (convList, tea.Cmd) {
	if !l.nearEnd(rows) || len(l.Items()) == 0 {
		return l, nil
	}
	l.loading = true
	c := l.Items()[len(l.Items())-1].Cursor()
	return l, loadPage(l.db, l.seq, &c)
}

// opened shows a conversation read from the store, and takes the target
// of its last reply, so the next prompt goes where the last one went; one
// read again (a step, a change elsewhere) keeps the keyboard, the prompt,
// the target and where the window stands.
func (m Model) opened(msg openedMsg) (Model, tea.Cmd) {
	if msg.seq != m.conv.loading {
		return m, nil
	}
	m.conv.loading = 0
	switch {
	case msg.err != nil:
		return m, tab.Error(msg.err)
	case msg.same:
		return m, nil
	}
	top, bottom := msg.anchor, false // the last exchange, from its prompt
	if msg.again && top == 0 {
		top, bottom = m.tr.keep(m.conv.entries)
	}
	m.conv = m.conv.show(msg.id, msg.entries)
	m.conv.stamp = msg.stamp
	if comp, ok := m.comp.taken(m.conv); ok {
		m = m.compose(comp, false)
	}
	m.conv.mark(m.comp) // read again: the prompt chosen stays marked
	m.list.open = m.conv.id
	m.tr = m.tr.reset()
	if !msg.again {
		m.target = targetOf(m.conv.entries, m.target)
		m.pick = ref(m.pick.load(m.target))
		m.comp = m.comp.cleared()
		m = m.focusOn(onComposer)
	}
	m.tr = m.tr.adopt(msg.bodies, m.conv.entries)
	m.relayout()
	m.tr = m.tr.showAt(top, bottom, m.conv.entries, m.look())
	if msg.again {
		m.list = m.list.listed(m.conv, true, m.clock, max(m.height-2, 1))
	}
	return m, m.tr.prerender(m.conv.entries)
}

// targetOf is the target of the last reply in entries, or t.
func targetOf(entries []entry, t client.ChatTarget) client.ChatTarget {
	i := lastReply(entries)
	if i < 0 {
		return t
	}
	e := entries[i]
	if e.family != client.Alpha && e.family != client.Beta && e.family != client.Gamma {
		return t
	}
	next := client.ChatTarget{Family: e.family, Model: e.model}
	if len(e.settings) > 0 && json.Unmarshal(e.settings, &next.Settings) != nil {
		next.Settings = client.ChatSettings{}
	}
	return next
}

// newChat starts an empty conversation; it is stored with its first
// prompt.
func (m Model) newChat() (Model, tea.Cmd) {
	if cmd := m.conv.busy(); cmd != nil {
		return m, cmd
	}
	m.conv = m.conv.emptied()
	m.list.open = 0
	m.comp = m.comp.cleared()
	m.tr = m.tr.reset()
	m = m.focusOn(onComposer)
	m.relayout()
	return m, nil
}

// drop drops conversation id, deleted here or in History, from the list;
// if it is open and idle the tab leaves it (true then), so nothing is
// written to it.
func (m Model) drop(id int64) (Model, bool) {
	m.list = m.list.without(id)
	if m.conv.id != id || m.conv.run != nil {
		return m, false
	}
	m, _ = m.newChat()
	return m, true
}

// renamed shows a conversation's new title.
func (l convList) renamed(msg renamedMsg) (convList, tea.Cmd) {
	if msg.err != nil {
		return l, tab.Error(msg.err)
	}
	return l.retitle(msg.id, msg.title), nil
}

// firstUser is the index of the first prompt, or -1.
func firstUser(entries []entry) int {
	for i, e := range entries {
		if e.role == store.RoleUser {
			return i
		}
	}
	return -1
}

// titleFromPrompt is what the store makes a title of: the first line with
// text, cut to 80 characters.
func titleFromPrompt(text string) string {
	for line := range strings.Lines(text) {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		if utf8.RuneCountInString(line) > 80 {
			line = string([]rune(line)[:79]) + "…"
		}
		return line
	}
	return ""
}

// rerun takes a conversation History sends back: a new chat with its
// target and its last prompt in the composer, ready to edit and send.
func (m Model) rerun(msg tab.RerunMsg) (Model, tea.Cmd) {
	if cmd := m.conv.busy(); cmd != nil {
		return m, cmd
	}
	m, _ = m.newChat()
	t := client.ChatTarget{Family: client.Group(msg.Family), Model: msg.Model}
	note := "from history: enter sends it again"
	if err := json.Unmarshal(msg.SettingsJSON, &t.Settings); len(msg.SettingsJSON) > 0 && err != nil {
		note = "from history, without its settings (" + err.Error() + "): enter sends it"
	}
	if t.Family == client.Alpha || t.Family == client.Beta || t.Family == client.Gamma {
		m.target = t
	}
	return m.compose(m.comp.withText(msg.Prompt), false), tab.Info(note)
}
