package store

import (
	"fmt"
	"strings"
)

// lineage writes where an image job's pictures came from and went (issue
// 33): the jobs it edited, the jobs that edited it, the videos made from
// it, each by the name `history show` takes.
func (w *mdWriter) lineage() {
	l := w.lin
	if l == nil || len(l.Ancestors)+len(l.Descendants)+len(l.Videos) == 0 {
		return
	}
	w.f("\n## Lineage\n\n")
	if len(l.Ancestors) > 0 {
		w.f("- made from: %s\n", jobNames(l.Ancestors))
	}
	if len(l.Descendants) > 0 {
		w.f("- edits made from it: %s\n", jobNames(l.Descendants))
	}
	for _, v := range l.Videos {
		w.f("- video made from it: video:%d · %s · %s · %s\n", v.ID, v.RequestID, v.Endpoint, v.Status)
	}
}

// jobNames are image jobs as `history show` names them.
func jobNames(jobs []ImageJob) string {
	names := make([]string, len(jobs))
	for i, j := range jobs {
		names[i] = fmt.Sprintf("image:%d", j.ID)
	}
	return strings.Join(names, ", ")
}
