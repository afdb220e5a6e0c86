package imagetab

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/store/recipe"
	"atelier/ui/components"
	"atelier/ui/tab"
)

// Make it again: a file that carries an atelier recipe, dropped
// or typed into the form, or picked with R in the gallery or the results,
// fills the form with the request it was made by; v sends that request
// again at once as a variation, a new job whose recipe names its parent
// (the command line's --from FILE --vary).

// recipeReadMsg is a file's recipe, read in a command.
type recipeReadMsg struct {
	path string
	rc   *recipe.Recipe
	err  error
	vary bool // send it at once, as a variation
}

// readRecipe reads path's recipe off the UI loop.
func readRecipe(path string, vary bool) tea.Cmd {
	return func() tea.Msg {
		rc, err := recipe.ReadFile(path)
		return result(recipeReadMsg{path: path, rc: rc, err: err, vary: vary})
	}
}

// droppedPath is the file a paste names, as terminals paste a dropped
// file, or "" when the text is not an absolute path of a regular file (a
// prompt is not a path).
func droppedPath(text string) string { return components.DroppedFile(text, false) }

// paste takes a paste into the form: a dropped file's path is read for its
// recipe (and not typed), anything else is text for the field. The path
// prompt of an input image keeps every paste: there a path is the answer.
func (d *draft) paste(msg tea.PasteMsg) tea.Cmd {
	if !d.inputRow() {
		if p := droppedPath(msg.Content); p != "" {
			return readRecipe(p, false)
		}
	}
	if d.onPrompt {
		return d.typePrompt(msg)
	}
	return d.update(msg)
}

// recipeRead fills the form from a file's recipe, or says why not and
// changes nothing.
func (m Model) recipeRead(msg recipeReadMsg) (Model, tea.Cmd) {
	name := oneLine(filepath.Base(msg.path))
	switch {
	case errors.Is(msg.err, recipe.ErrNone):
		return m, tab.Warn(name + " carries no atelier recipe: the form is unchanged")
	case msg.err != nil:
		return m, tab.Error(fmt.Errorf("the recipe of %s: %w", name, msg.err))
	case msg.rc.Kind != recipe.KindImage:
		return m, tab.Warn(fmt.Sprintf("%s holds a %s recipe: open it in the Video tab; the form is unchanged", name, msg.rc.Kind))
	}
	s, err := recipeSpec(msg.rc)
	if err != nil {
		return m, tab.Error(fmt.Errorf("the recipe of %s: %w", name, err))
	}
	edit := msg.rc.Endpoint == store.ImageEdit
	if msg.vary && edit {
		return m, tab.Warn(name + " was made by an edit: its input images are not in the file, so R fills the form and a adds them")
	}
	if msg.vary {
		delete(s.Extra, "seed") // a variation leaves the seed to the service, as --vary does
	}
	if edit { // the inputs are known by their hashes only: the form's own stay
		s.Inputs, s.Mask = m.form.spec().Inputs, m.form.spec().Mask
	}
	m.form.set(s)
	if msg.vary {
		m, cmd := m.start([]string{s.Model}, msg.rc.ID)
		return m, tea.Batch(cmd, tab.Info("a variation of "+name+": the same request, sent again as a new job"))
	}
	m, cmd := m.toForm("prompt")
	return m, tea.Batch(cmd, tab.Info(filledNote(name, s, edit)))
}

// filledNote is what the status bar says after a recipe filled the form.
func filledNote(name string, s spec, edit bool) string {
	note := "the form is filled from the recipe of " + name
	if len(s.Extra) > 0 {
		keys := slices.Sorted(maps.Keys(s.Extra))
		note += fmt.Sprintf(" (with %s: %s)", tab.Plural(len(keys), "other field"), oneLine(strings.Join(keys, ", ")))
	}
	if edit {
		return note + ": it was an edit, so add its input images (a) before enter"
	}
	return note + ": enter sends it"
}

// imageFields are the request fields the form has rows for; a recipe's
// others are sent as they were.
var imageFields = []string{"model", "prompt", "background", "n", "output_format", "output_compression",
	"quality", "size", "stream", "partial_images", "images", "mask"}

// recipeSpec is a recipe's request as the form holds it.
func recipeSpec(rc *recipe.Recipe) (spec, error) {
	var r storedRequest
	if err := json.Unmarshal(rc.Request, &r); err != nil {
		return spec{}, fmt.Errorf("request: %w", err)
	}
	extra, err := otherFields(rc.Request)
	if err != nil {
		return spec{}, fmt.Errorf("request: %w", err)
	}
	return spec{Model: r.Model, Prompt: r.Prompt, Size: r.Size, Quality: r.Quality, Background: r.Background,
		Format: r.OutputFormat, N: optInt(&r.N, true), Compression: optInt(r.OutputCompression, false),
		Partials: optInt(r.PartialImages, false), Stream: r.Stream, Multipart: rc.Multipart, Extra: extra}, nil
}

// otherFields are a request's fields the form has no row for (a seed),
// sent again as they were; nil when there are none.
func otherFields(request []byte) (client.Extra, error) {
	d := json.NewDecoder(bytes.NewReader(request))
	d.UseNumber() // a seed stays the number it was
	var rest map[string]any
	if err := d.Decode(&rest); err != nil {
		return nil, err
	}
	for _, k := range imageFields {
		delete(rest, k)
	}
	if len(rest) == 0 {
		return nil, nil
	}
	return client.Extra(rest), nil
}

// recipeOf fills the form from the recipe of the file at path (R), or
// sends it again as a variation (v).
func recipeOf(path string, vary bool) tea.Cmd {
	if path == "" {
		return tab.Warn("no saved image selected")
	}
	return readRecipe(path, vary)
}
