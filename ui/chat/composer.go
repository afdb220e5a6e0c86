package chat

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
)

// composerMax is the most lines the composer grows to before it scrolls.
const composerMax = 8

// composer is the prompt being written: a multi-line field that grows
// with its text, the images attached to it, and the prompt it edits (a
// branch beside it when sent), if any. The field (some 15 KB) is held by pointer and copied before
// it changes: the composer is copied with the Model at every message, which
// most leave it as it is.
type composer struct {
	ta      *textarea.Model
	images  []attachment
	editing bool // the composer holds a prompt chosen with e: sending it makes a branch beside it
	edit    chosen
	// drawn is the field's view, for the field it is of. A field is never
	// changed in place (own copies it first), so a field at the same
	// address draws the same: while a reply streams, the screen is drawn
	// twenty times a second and the untouched field is not laid out again
	// (its view was a twentieth of the frame's work). Holding the field
	// keeps its address from being reused.
	drawn *memo[*textarea.Model, string]
}

func newComposer(newline key.Binding) composer {
	ta := textarea.New()
	ta.ShowLineNumbers = false
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = composerMax
	ta.MaxContentHeight = 1 << 20 // the height bounds the view, not the text
	ta.CharLimit = 0
	ta.SetPromptFunc(2, func(info textarea.PromptInfo) string {
		if info.LineNumber == 0 {
			return "> "
		}
		return "  "
	})
	km := textarea.DefaultKeyMap()
	km.InsertNewline = newline
	// ctrl+n, ctrl+t and ctrl+o are the tab's; only arrows move lines.
	km.LineNext = key.NewBinding(key.WithKeys("down"))
	km.LinePrevious = key.NewBinding(key.WithKeys("up"))
	km.TransposeCharacterBackward = key.NewBinding(key.WithDisabled())
	ta.KeyMap = km
	return composer{ta: &ta, drawn: &memo[*textarea.Model, string]{}}
}

// view is the field drawn.
func (c composer) view() string { return c.drawn.get(c.ta, c.ta.View) }

// own is c with a field of its own to change (see composer).
func (c composer) own() composer {
	ta := *c.ta
	c.ta = &ta
	return c
}

// update passes a key or paste to the field.
func (c composer) update(msg tea.Msg) (composer, tea.Cmd) {
	ta, cmd := c.ta.Update(msg)
	c.ta = &ta
	return c, cmd
}

// text is the prompt as typed, without trailing blank lines.
func (c composer) text() string { return strings.TrimRight(c.ta.Value(), " \n") }

// cleared is the composer after a send.
func (c composer) cleared() composer {
	c = c.own()
	c.ta.Reset()
	c.images, c.editing, c.edit = nil, false, chosen{}
	return c
}

// withText replaces the prompt, the cursor at its end.
func (c composer) withText(s string) composer {
	c = c.own()
	c.ta.SetValue(s)
	c.ta.MoveToEnd()
	return c
}

// resize sets the width and the most lines the field may take.
func (c composer) resize(w, maxLines int) composer {
	c = c.own()
	c.ta.MaxHeight = max(min(composerMax, maxLines), 1)
	c.ta.SetWidth(max(w, 4)) // and recomputes the height for the new room
	return c
}

// focus gives the field the keyboard, or takes it away.
func (c composer) focus(on bool) composer {
	c = c.own()
	if on {
		c.ta.Focus()
	} else {
		c.ta.Blur()
	}
	return c
}

// label is the line above the field, when there is something to say:
// a prompt chosen to edit, images attached.
func (c composer) label() string {
	var parts []string
	if c.editing {
		parts = append(parts, c.edit.label())
	}
	if n := len(c.images); n > 0 {
		names := make([]string, n)
		for i, a := range c.images {
			names[i] = a.name
		}
		parts = append(parts, fmt.Sprintf("🖼 %s", strings.Join(names, ", ")))
	}
	return strings.Join(parts, " · ")
}

// height is the lines the composer takes: its label and the field.
func (c composer) height() int {
	h := c.ta.Height()
	if c.label() != "" {
		h++
	}
	return h
}
