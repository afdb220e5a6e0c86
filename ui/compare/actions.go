package compare

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// exportedMsg says where a report was written.
type exportedMsg struct {
	markdown, json string
	err            error
}

var errNotRecorded = errors.New("compare: this comparison is not in history, so there is nothing to export")

// export writes the run on screen as a Markdown report and as JSON, once
// the verdicts being saved are in.
func (m Model) export() (Model, tea.Cmd) {
	if m.db == nil || m.run.convID == 0 {
		return m, tab.Error(errNotRecorded)
	}
	if m.verdicts.saving {
		m.verdicts.export = true
		return m, nil
	}
	return m, writeExport(m.db, m.run.convID, m.exportDir)
}

// writeExport is the command exporting comparison id into dir.
func writeExport(db *store.Store, id int64, dir string) tea.Cmd {
	return func() tea.Msg {
		md, js, err := exportRun(db, id, dir)
		return result(exportedMsg{markdown: md, json: js, err: err})
	}
}

// exportRun writes both exports into dir and returns their paths.
func exportRun(db *store.Store, id int64, dir string) (string, string, error) {
	return db.ExportFiles(context.Background(), store.ItemRef{Kind: store.KindCompare, ID: id}, dir)
}

// exported says where the report went, or why it did not.
func exported(msg exportedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	return tab.Notice(fmt.Sprintf("report: %s and %s", filepath.Base(msg.markdown), filepath.Base(msg.json)))
}

// continueChat hands the focused column to the Chat tab: the prompt and
// that reply become the start of a chat with the same target.
func (m Model) continueChat() (Model, tea.Cmd) {
	l := m.run.laneAt(m.focus)
	if l == nil {
		return m, nil
	}
	if !l.state.ended() || strings.TrimSpace(l.text) == "" {
		return m, tab.Warn("compare: this column has no finished reply to continue")
	}
	msg := tab.ContinueChatMsg{
		ConversationID: m.run.convID,
		Lane:           l.slot,
		Turns: []client.ChatTurn{
			{Role: "user", Text: m.run.prompt},
			{Role: "assistant", Text: l.text, Native: l.native, Family: l.target.Family},
		},
		Target: l.target,
	}
	return m, func() tea.Msg { return msg }
}
