package history

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/store/recipe"
	"atelier/ui/components/strip"
	"atelier/ui/tab"
)

// R on an image job or a video task ("make it again"): the form
// of its tab is filled from the recipe in the item's saved file (an
// image's metadata, a video's sidecar), not from the history's row — the
// file is what the person keeps and copies. Where the two disagree the
// file's recipe wins and the status bar says which fields differ; a file
// without a recipe leaves every form alone and says so.

// recipeRerunMsg answers recipeRerunCmd: the message for the tab and what
// the status bar says of it.
type recipeRerunMsg struct {
	rerun tab.RerunMsg
	note  string // where the recipe came from; and what differs from the row
	warn  bool   // the note is a warning: nothing to send, or a disagreement
}

// recipeRerunCmd reads the recipe of r's saved file in a command.
func recipeRerunCmd(db *store.Store, r row) tea.Cmd {
	if r.ref.Kind != store.KindImage && r.ref.Kind != store.KindVideo {
		return tab.Warn("R re-runs an image job or a video task from the recipe in its file: r re-runs a " +
			string(r.ref.Kind))
	}
	return func() tea.Msg {
		if db == nil {
			return tab.ErrorMsg{Err: errNoStore}
		}
		it, err := load(context.Background(), db, r)
		if err != nil {
			return tab.ErrorMsg{Err: fmt.Errorf("re-run from the recipe: %w", err)}
		}
		return result(rerunFromRecipe(it))
	}
}

// savedFile is the file whose recipe R reads: an image job's first
// result kept, a video task's video.
func savedFile(it *loaded) (string, bool) {
	if it.image != nil {
		for _, f := range shownFiles(it.image.Files) {
			if fl := it.files[f.Path]; fl.found && !f.Partial {
				return fl.abs, true
			}
		}
		return "", false
	}
	fl := it.files[it.video.VideoPath]
	return fl.abs, it.video.VideoPath != "" && fl.found
}

// rerunFromRecipe builds the message from the recipe of an item's file,
// or says why it cannot.
func rerunFromRecipe(it *loaded) recipeRerunMsg {
	path, ok := savedFile(it)
	if !ok {
		return recipeRerunMsg{warn: true, note: "no saved file to read a recipe from: r re-runs what the history kept"}
	}
	name := oneLine(filepath.Base(path), 60)
	rc, refused := fileRecipe(it, path, name)
	if rc == nil {
		return recipeRerunMsg{warn: true, note: refused}
	}
	msg, rowBody, rowEndpoint := fromRow(it, rc)
	body, err := withInputs(rc.Request, rowBody, rc.Inputs)
	if err != nil {
		return recipeRerunMsg{warn: true, note: "the recipe of " + name + ": " + oneLine(err.Error(), 120)}
	}
	msg.Endpoint, msg.BodyJSON, msg.Prompt = rc.Endpoint, body, rc.Prompt()
	if model := rc.Model(); model != "" {
		msg.Model = model
	}
	differ := differences(rc, rowBody)
	if rc.Endpoint != rowEndpoint {
		differ = append([]string{"endpoint"}, differ...)
	}
	if len(differ) == 0 {
		return recipeRerunMsg{rerun: msg, note: "re-run from the recipe in " + name}
	}
	return recipeRerunMsg{rerun: msg, warn: true, note: fmt.Sprintf("the recipe in %s differs from the history's row (%s): the file's recipe wins",
		name, oneLine(strings.Join(differ, ", "), 80))}
}

// fileRecipe reads the recipe of the item's file at path (called name on
// screen); nil, and why, when there is none for this item.
func fileRecipe(it *loaded, path, name string) (*recipe.Recipe, string) {
	rc, err := recipe.ReadFile(path)
	switch {
	case errors.Is(err, recipe.ErrNone):
		return nil, name + " carries no recipe: nothing is filled; r re-runs what the history kept"
	case err != nil:
		return nil, "the recipe of " + name + ": " + oneLine(err.Error(), 120)
	case it.image != nil && rc.Kind != recipe.KindImage, it.video != nil && rc.Kind != recipe.KindVideo:
		return nil, fmt.Sprintf("%s holds a %s recipe, not this item's: nothing is filled", name, rc.Kind)
	}
	return rc, ""
}

// fromRow is what the history's row gives a re-run from a recipe: the
// message before the recipe's request is put in (an image job's with the
// recipe's word on multipart), and the row's request and endpoint, which
// the recipe's are compared with.
func fromRow(it *loaded, rc *recipe.Recipe) (_ tab.RerunMsg, body json.RawMessage, endpoint string) {
	if it.image != nil {
		msg := rerunImage(it)
		msg.SettingsJSON = strip.WithMultipart(msg.SettingsJSON, rc.Multipart)
		return msg, it.image.RequestJSON, it.image.Endpoint
	}
	v := it.video
	return tab.RerunMsg{To: tab.Video, Kind: store.KindVideo, ID: v.ID, Family: v.Family}, v.BodyJSON, v.Endpoint
}

// recipeRerun sends the message to its tab and says where it came from.
func recipeRerun(msg recipeRerunMsg) tea.Cmd {
	say := tab.Info
	if msg.warn {
		say = tab.Warn
	}
	if msg.rerun.To == 0 && msg.rerun.Kind == "" {
		return say(msg.note)
	}
	rerun := msg.rerun
	return tea.Sequence(func() tea.Msg { return rerun }, say(msg.note))
}

// withInputs is the recipe's request with the inputs it knows by their
// hashes only (images carried inline) put back as the history's row holds
// them, so the form gets the input the run used; a field the row lacks
// keeps the hash, and the form says it cannot use it.
func withInputs(req, rowBody json.RawMessage, inputs []recipe.Input) (json.RawMessage, error) {
	if len(inputs) == 0 {
		return bytes.Clone(req), nil
	}
	var doc, row any
	if err := decodeNumbers(req, &doc); err != nil {
		return nil, fmt.Errorf("request: %w", err)
	}
	if decodeNumbers(rowBody, &row) != nil {
		return bytes.Clone(req), nil
	}
	for _, in := range inputs {
		if v, ok := at(row, in.Field); ok {
			doc = put(doc, in.Field, v)
		}
	}
	return json.Marshal(doc)
}

// differences are the top-level fields in which the recipe's request and
// the row's differ, sorted. The row is read as a recipe is made (secrets
// dropped), and the input images, which the recipe knows by their hashes
// and the row by the files it keeps, are not compared.
func differences(rc *recipe.Recipe, rowBody json.RawMessage) []string {
	if len(rowBody) == 0 {
		rowBody = json.RawMessage(`{}`)
	}
	row, err := recipe.New(rc.Kind, rc.Endpoint, rowBody, rc.Time, "")
	var x, y map[string]any
	if err != nil || decodeNumbers(rc.Request, &x) != nil || decodeNumbers(row.Request, &y) != nil {
		return []string{"request"}
	}
	for _, in := range rc.Inputs {
		if v, ok := at(x, in.Field); ok {
			put(y, in.Field, v)
		}
	}
	var out []string
	for k := range x {
		if !reflect.DeepEqual(x[k], y[k]) {
			out = append(out, k)
		}
	}
	for k := range y {
		if _, ok := x[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func decodeNumbers(b []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	return d.Decode(v)
}

// at is the value at a dotted path (images.0.image_url) of a decoded
// document.
func at(doc any, path string) (any, bool) {
	for _, k := range strings.Split(path, ".") {
		switch d := doc.(type) {
		case map[string]any:
			v, ok := d[k]
			if !ok {
				return nil, false
			}
			doc = v
		case []any:
			i, err := strconv.Atoi(k)
			if err != nil || i < 0 || i >= len(d) {
				return nil, false
			}
			doc = d[i]
		default:
			return nil, false
		}
	}
	return doc, true
}

// put sets the value at a dotted path that exists in doc; a path that
// does not is left alone.
func put(doc any, path string, v any) any {
	k, rest, deeper := strings.Cut(path, ".")
	switch d := doc.(type) {
	case map[string]any:
		if old, ok := d[k]; ok {
			if deeper {
				v = put(old, rest, v)
			}
			d[k] = v
		}
	case []any:
		if i, err := strconv.Atoi(k); err == nil && i >= 0 && i < len(d) {
			if deeper {
				v = put(d[i], rest, v)
			}
			d[i] = v
		}
	}
	return doc
}
