package batch

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	engine "atelier/batch"
	"atelier/store"
	"atelier/ui/tab"
)

// x exports a batch as the command line does (`batch export --md` and
// `--csv`, engine.Report): the Markdown report and the CSV, side by side in
// the export folder (the current one unless Options say otherwise).

// exportedMsg says where a batch's report and CSV were written, or why not.
type exportedMsg struct {
	id      int64
	md, csv string
	err     error
}

// exportCmd writes batch id's report and CSV into dir.
func exportCmd(db *store.Store, id int64, dir string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := readCtx()
		defer cancel()
		d, err := engine.LoadReport(ctx, db, id)
		if err != nil {
			return result(exportedMsg{id: id, err: err})
		}
		md, csv, err := d.ExportFiles(dir)
		return result(exportedMsg{id: id, md: md, csv: csv, err: err})
	}
}

// exported says where the files went.
func exported(msg exportedMsg) tea.Cmd {
	if msg.err != nil {
		return tab.Error(msg.err)
	}
	return tab.Notice(fmt.Sprintf("batch %d exported: %s and %s", msg.id, msg.md, msg.csv))
}
