package video

import (
	"maps"
	"slices"
	"strings"

	"atelier/client"
	"atelier/store"
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

// isLocal reports whether an image field's text is a file on this machine
// rather than something to send as it is (a URL, a data URI).
func isLocal(s string) bool {
	low := strings.ToLower(s)
	return !strings.Contains(s, "://") && !strings.HasPrefix(low, "data:")
}

// body is the request body the form describes; image says what a local
// image becomes.
func (f form) body(image imageFn) map[string]any {
	body := map[string]any{}
	for k, x := range f.extra {
		body[k] = x
	}
	for _, v := range f.values {
		if x, ok := v.json(v.field.Name, image); ok {
			body[v.field.Name] = x
		}
	}
	return body
}

// request is the submission the form describes.
func (f form) request(image imageFn) client.VideoRequest {
	return client.VideoRequest{Path: f.path(), Body: f.body(image), Webhook: strings.TrimSpace(f.webhook)}
}

// check runs every rule of the table over the form as it stands and files
// each violation under the row it names. A local image stands in as a
// placeholder data URI where one is accepted; where it is not, or where a
// history entry lost the image, the form says so itself.
func (f *form) check() {
	f.problems, f.general = map[string]string{}, nil
	f.localProblems()
	err := f.request(func(string, string) any { return placeholderURI }).Validate()
	for _, v := range client.Violations(err) {
		f.file(v.Field, v.Error())
	}
	for _, field := range slices.Sorted(maps.Keys(f.late)) {
		text := f.late[field]
		if p, ok := f.rowFor(field); ok {
			f.problems[p] = strings.TrimPrefix(text, field+": ")
		} else {
			f.general = append(f.general, text)
		}
	}
}

// localProblems are the image texts the service would refuse before any
// rule is read: a path where only a URL goes, a history placeholder.
func (f *form) localProblems() {
	for _, r := range f.rows {
		if !f.editsText(r) || r.kind == webhookRow {
			continue
		}
		v := f.value(r.at)
		s := strings.TrimSpace(v.text)
		switch {
		case !v.field.Image || s == "" || !isLocal(s):
		case strings.HasPrefix(s, store.ElidedPrefix), strings.HasPrefix(s, store.ElidedFilePrefix):
			f.problems[r.path] = notKept
		case !v.field.DataURI:
			f.problems[r.path] = urlRequired
		}
	}
}

// file puts a violation's text under the row whose path it names, or the
// nearest row around it; one that names no row goes under the form.
func (f *form) file(field, text string) {
	text = strings.TrimPrefix(text, field+": ")
	p, ok := f.rowFor(field)
	if !ok {
		f.general = append(f.general, field+": "+text)
		return
	}
	if p != field {
		text = strings.TrimPrefix(field, p) + ": " + text
	}
	if old, ok := f.problems[p]; ok {
		if old == urlRequired || old == notKept || strings.Contains(old, text) {
			return
		}
		text = old + "; " + text
	}
	f.problems[p] = text
}

// rowFor is the path of the row a violation of field belongs to: the row
// of that path, else the deepest row whose path contains it.
func (f *form) rowFor(field string) (string, bool) {
	best := ""
	for _, r := range f.rows {
		switch {
		case r.path == field:
			return field, true
		case len(r.path) > len(best) && (strings.HasPrefix(field, r.path+".") || strings.HasPrefix(field, r.path+"[")):
			best = r.path
		}
	}
	return best, best != ""
}

// problem is what is wrong at a row, when it should show: once its field
// was edited, or a submit was tried.
func (f *form) problem(r row) string {
	if !f.tried && !f.touched[topName(r.path)] && !(r.kind == modeRow && f.touched["mode"]) {
		return ""
	}
	return f.problems[r.path]
}

// count is how many problems the form has, shown or not.
func (f *form) count() int { return len(f.problems) + len(f.general) }

// firstProblem is the first row with a problem, -1 when none.
func (f *form) firstProblem() int {
	return slices.IndexFunc(f.rows, func(r row) bool { return f.problems[r.path] != "" })
}
