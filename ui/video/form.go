package video

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"

	"atelier/client"
	"atelier/ui/components/form"
)

// draft is a request being written for one endpoint: the form component,
// generated from the client's table, a row per field with its rule beside
// it, checked by the table's rules as it is typed.
type draft struct {
	ep client.VideoEndpoint
	form.Model
}

// newDraft is an empty form for e with the given mode (the first when
// mode is not one of e's).
func newDraft(e client.VideoEndpoint, mode string) draft {
	var spec []form.Field
	if len(e.Modes) > 0 {
		spec = append(spec, form.Field{Name: "mode", Kind: form.String, Enum: e.Modes, NoUnset: true, Meta: true,
			Doc: strings.Join(e.Modes, " | ")})
	}
	for _, f := range e.Fields {
		spec = append(spec, fieldOf(f))
	}
	if e.Webhook {
		spec = append(spec, form.Field{Name: "queue_webhook", Label: "webhook", Kind: form.String, Meta: true, Trim: true,
			Placeholder: "https://… (optional)", Empty: "none", Doc: "optional · https URL told when the task ends"})
	}
	spec = append(spec, labelField)
	d := draft{ep: e}
	d.Model = form.New(spec, d.rules)
	if slices.Contains(e.Modes, mode) {
		d.Set("mode", mode)
	}
	d.SetNotes(e.RuleDocs())
	return d
}

// fieldKeys are the form component's keys as the tab gives them: enter is
// the tab's (it sends, or moves on from a path typed: edit.go), so it
// neither cycles a choice nor adds an item here; space and ←/→ change a
// choice, ctrl+n adds.
func fieldKeys() form.KeyMap {
	k := form.DefaultKeyMap()
	k.Enter = key.NewBinding(key.WithDisabled())
	return k
}

// typesPath reports whether the focused row is a path or URL typed (an
// image's or a video's): enter there moves on, as on the Image tab's
// input rows, and does not send.
func (d draft) typesPath() bool { return d.EditsText() && d.onFileRow() }

// labelField is the task's label: kept in the history, never
// sent (Meta), checked by the store's rule.
var labelField = form.Field{Name: "label", Kind: form.String, Meta: true, Trim: true,
	Placeholder: "the idea it belongs to (optional)", Empty: "none",
	Doc: "optional · ≤ 40 chars · kept, not sent"}

// label is the label typed, trimmed; "" for none.
func (d draft) label() string { return strings.TrimSpace(d.Text("label")) }

// fieldOf is a field of the client's table as the form takes it.
func fieldOf(f client.VideoField) form.Field {
	out := form.Field{Name: f.Name, Kind: kinds[f.Kind], Enum: f.Enum, Doc: f.Doc, Default: f.Default,
		Required: f.Required, EmptyOK: f.EmptyOK, Trim: f.Image || f.Video || f.Kind != client.VideoString,
		Link: f.Image, Path: f.Image && f.DataURI}
	switch {
	case f.Image && f.DataURI:
		out.Placeholder, out.PathDoc = "image URL or local file", "sent as data URI"
	case f.Image:
		out.Placeholder = "image URL"
	}
	for _, it := range f.Items {
		out.Items = append(out.Items, fieldOf(it))
	}
	if f.Kind == client.VideoStringList {
		it := fieldOf(client.VideoField{Kind: client.VideoString, Image: f.Image, Video: f.Video, DataURI: f.DataURI})
		out.Item = &it
	}
	return out
}

// kinds are the client's kinds of field as the form names them.
var kinds = map[client.VideoFieldKind]form.Kind{
	client.VideoString: form.String, client.VideoInteger: form.Integer, client.VideoNumber: form.Number,
	client.VideoBoolean: form.Boolean, client.VideoStringList: form.StringList, client.VideoObject: form.Object,
	client.VideoObjectList: form.ObjectList,
}

// modeName is the chosen mode, "" for an endpoint without one.
func (d draft) modeName() string { return d.Text("mode") }

// path is the endpoint with its mode, as LookupVideoEndpoint takes it.
func (d draft) path() string { return d.ep.PathFor(d.modeName()) }

// carry takes from old the values of fields this form has too (the same
// name and type), so switching endpoints keeps the prompt and the rest.
func (d draft) carry(old draft) draft {
	d.Model = d.Carry(old.Model)
	d.Set("queue_webhook", old.Text("queue_webhook"))
	d.Set("label", old.Text("label"))
	return d
}

// loadBody fills the form with a stored body and webhook; fields the
// table does not list are kept and sent as they are. It returns what it
// left out.
func (d draft) loadBody(body map[string]any, webhook string) (draft, []string) {
	var notes []string
	d.Model, notes = d.Load(body)
	d.Set("queue_webhook", webhook)
	if extra := d.Extra(); len(extra) > 0 {
		d.SetNotes(append(d.ep.RuleDocs(), "also sent, as loaded: "+clean(strings.Join(extra, ", "))))
	}
	return d, notes
}

// request is the submission the form describes; image says what a local
// image becomes.
func (d draft) request(image form.FileFunc) client.VideoRequest {
	return client.VideoRequest{Path: d.path(), Body: d.Body(image), Webhook: strings.TrimSpace(d.Text("queue_webhook"))}
}
