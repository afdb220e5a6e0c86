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

// exportRun writes comparison id as a Markdown report and as JSON, once
// the verdicts being saved are in.
func (q *verdictQueue) exportRun(db *store.Store, id int64, dir string) tea.Cmd {
	if db == nil || id == 0 {
		return tab.Warn(errNotRecorded.Error())
	}
	if q.saving {
		q.export = true
		return nil
	}
	return writeExport(db, id, dir)
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

// continueChat hands column i to the Chat tab: the prompt and that reply
// become the start of a chat with the same target.
func (r run) continueChat(i int) tea.Cmd {
	l := r.laneAt(i)
	if l == nil {
		return nil
	}
	if !l.state.ended() || strings.TrimSpace(l.text) == "" {
		return tab.Warn("compare: this column has no finished reply to continue")
	}
	msg := tab.ContinueChatMsg{
		ConversationID: r.convID,
		Lane:           l.slot,
		Turns: []client.ChatTurn{
			{Role: "user", Text: r.prompt},
			{Role: "assistant", Text: l.text, Native: l.native, Family: l.target.Family},
		},
		Target: l.target,
	}
	return func() tea.Msg { return msg }
}
