package video

import (
	"bytes"
	"encoding/json"
	"errors"
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

// A path dropped (pasted) into the form, of a file with a recipe, fills
// the form from it: a video with its NAME.recipe.json beside
// it, or the recipe file itself. A file without one changes nothing and
// says so. On an image row, a dropped image is that row's file, as before.

// recipeMsg is the recipe read from a dropped file.
type recipeMsg struct {
	file string
	rc   *recipe.Recipe
	err  error
}

// droppedFile reads pasted text as a dropped file (see
// components.DroppedFile); a path starting with "." counts too here, where
// a word pasted into a row is not a file by chance.
func droppedFile(text string) string { return components.DroppedFile(text, true) }

// onFileRow reports whether the focused row takes a file (an image sent
// as a data URI, a video): a file dropped there is the row's value.
func (d draft) onFileRow() bool {
	name := d.Path()
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	name, _, _ = strings.Cut(name, "[")
	return fileField(d.ep.Fields, name)
}

// fileField reports whether a field named name, among fs or their items,
// takes an image or a video.
func fileField(fs []client.VideoField, name string) bool {
	return slices.ContainsFunc(fs, func(f client.VideoField) bool {
		return f.Name == name && (f.Image || f.Video) || fileField(f.Items, name)
	})
}

// readRecipe reads the recipe of a dropped file, in a command: an image
// is read whole to find it.
func readRecipe(file string) tea.Cmd {
	return func() tea.Msg {
		rc, err := recipe.ReadFile(file)
		return result(recipeMsg{file: file, rc: rc, err: err})
	}
}

// fromRecipe is the form a video recipe fills, and what to say of it; for
// any other answer, nil (the form stays as it was) and why.
func fromRecipe(msg recipeMsg) (*draft, tea.Cmd) {
	name := clean(filepath.Base(msg.file))
	switch {
	case errors.Is(msg.err, recipe.ErrNone):
		return nil, tab.Warn(name + " has no atelier recipe (nor a " + clean(filepath.Base(recipe.SidecarPath(msg.file))) +
			" beside it): the form is unchanged")
	case msg.err != nil:
		return nil, tab.Warn("no recipe read from " + name + ": " + clean(msg.err.Error()) + "; the form is unchanged")
	case msg.rc.Kind != recipe.KindVideo:
		return nil, tab.Warn(name + " holds an " + clean(msg.rc.Kind) + " recipe: drop it on the Image tab (or on an image row here, " +
			"to send the image); the form is unchanged")
	}
	body, again, err := withoutInline(msg.rc.Request)
	if err != nil {
		return nil, tab.Warn("the recipe of " + name + ": " + clean(err.Error()) + "; the form is unchanged")
	}
	d, notes, err := loadDraft(msg.rc.Endpoint, body, "")
	if err != nil {
		return nil, tab.Warn("the recipe of " + name + ": " + clean(err.Error()) + "; the form is unchanged")
	}
	text := "the recipe of " + name + " loaded: edit it, then send (enter)"
	if len(notes) > 0 {
		text += " (left out: " + strings.Join(notes, "; ") + ")"
	}
	if len(again) > 0 {
		return &d, tab.Warn(text + "; give again " + clean(strings.Join(again, ", ")) +
			": the recipe keeps an inline image only as its hash")
	}
	return &d, tab.Info(text)
}

// withoutInline is a recipe's request without the fields that held an
// inline image (kept in the recipe only as a hash, or elided by the
// store): those must be given again. It returns their names.
func withoutInline(raw json.RawMessage) (json.RawMessage, []string, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var body map[string]any
	if err := d.Decode(&body); err != nil {
		return nil, nil, err
	}
	var again []string
	for k, v := range body {
		if store.InlineLeft(v) {
			delete(body, k)
			again = append(again, k)
		}
	}
	slices.Sort(again)
	out, err := json.Marshal(body)
	return out, again, err
}
