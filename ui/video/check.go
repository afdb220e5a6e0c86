package video

import (
	"strings"

	"atelier/client"
	"atelier/store"
	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// placeholderURI stands for a local image while the form is checked as
// it is typed: reading the file is I/O, left to the submit command, which
// checks the body again with the real data. It is the header of a
// 1024×1024 PNG, so that rules read from an image's header (pixels, aspect
// ratio) pass until the real file is read.
const placeholderURI = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAABAAAAAQACAAAAABadnRf"

// The words beside an image field holding what cannot be sent.
const (
	urlRequired = "a URL is required here: this endpoint takes no local file (upload it, then paste its https address)"
	notKept     = "the image was not kept in the history: give its file or URL again"
)

// rules runs every rule of the table over the form as it stands. A local
// image stands in as a placeholder data URI where one is accepted; where
// it is not, or where a history entry lost the image, the form says so
// itself, and that is the one thing said about the row.
func (d draft) rules(f *form.Model) []form.Violation {
	var vs []form.Violation
	f.Texts(func(path string, fd form.Field, text string) {
		s := strings.TrimSpace(text)
		switch {
		case !fd.Link || s == "" || !form.IsLocal(s):
		case strings.HasPrefix(s, store.ElidedPrefix), strings.HasPrefix(s, store.ElidedFilePrefix):
			vs = append(vs, form.Violation{Field: path, Text: notKept, Alone: true})
		case !fd.Path:
			vs = append(vs, form.Violation{Field: path, Text: urlRequired, Alone: true})
		}
	})
	req := client.VideoRequest{Path: d.ep.PathFor(f.Text("mode")), Body: f.Body(func(string, string) any { return placeholderURI }),
		Webhook: strings.TrimSpace(f.Text("queue_webhook"))}
	for _, v := range client.Violations(req.Validate()) {
		vs = append(vs, form.Violation{Field: v.Field, Text: v.Error()})
	}
	if l := strings.TrimSpace(f.Text("label")); l != "" {
		if err := tab.CheckLabel(l); err != nil {
			vs = append(vs, form.Violation{Field: "label", Text: err.Error()})
		}
	}
	return vs
}
