package imagetab

import (
	"charm.land/bubbles/v2/textarea"
	"charm.land/lipgloss/v2"

	"atelier/ui/components/form"
	"atelier/ui/tab"
)

// styles are the Image tab's looks, built from the shared palette.
type styles struct {
	dark   bool        // the background they were built for
	Fields form.Styles // the rows of the form, as every form draws them
	Form   struct {
		Label    lipgloss.Style // a field's name
		Current  lipgloss.Style // the name of the field under the cursor, and its marker
		Value    lipgloss.Style
		Default  lipgloss.Style // a field left to the service's default
		Hint     lipgloss.Style // the rule beside a field
		Problem  lipgloss.Style // a violation beside its field
		Prompt   textarea.Styles
		Headline lipgloss.Style // the folded form's values
	}
	Tile struct {
		Caption  lipgloss.Style
		Selected lipgloss.Style // the caption of the selected tile
		Waiting  lipgloss.Style
		Failed   lipgloss.Style
	}
	Footer struct {
		Path    lipgloss.Style
		Note    lipgloss.Style
		Problem lipgloss.Style
		Done    lipgloss.Style
	}
	List struct {
		Title    lipgloss.Style
		Item     lipgloss.Style
		Selected lipgloss.Style
		Meta     lipgloss.Style
		Done     lipgloss.Style
		Failed   lipgloss.Style
		Label    lipgloss.Style // a job's label, as a tag
	}
}

func newStyles(isDark bool) *styles {
	p := tab.NewPalette(isDark)
	text := lipgloss.NewStyle().Foreground(p.Text)
	muted := lipgloss.NewStyle().Foreground(p.Muted)
	accent := lipgloss.NewStyle().Foreground(p.Accent)
	problem := lipgloss.NewStyle().Foreground(p.Error)
	done := lipgloss.NewStyle().Foreground(p.Success)

	s := styles{dark: isDark}
	s.Fields = form.DefaultStyles(isDark)
	s.Form.Label = muted
	s.Form.Current = accent.Bold(true)
	s.Form.Value = text
	s.Form.Default = muted.Italic(true)
	s.Form.Hint = muted
	s.Form.Problem = problem
	s.Form.Headline = text
	s.Form.Prompt = promptStyles(isDark, p)

	s.Tile.Caption = muted
	s.Tile.Selected = accent.Bold(true)
	s.Tile.Waiting = muted.Italic(true)
	s.Tile.Failed = problem

	s.Footer.Path = text
	s.Footer.Note = muted
	s.Footer.Problem = problem
	s.Footer.Done = done

	s.List.Title = accent.Bold(true)
	s.List.Item = text
	s.List.Selected = accent.Bold(true)
	s.List.Meta = muted
	s.List.Label = accent
	s.List.Done = done
	s.List.Failed = problem
	return &s
}

// promptStyles are the prompt's: no cursor-line highlight, a steady cursor.
func promptStyles(isDark bool, p tab.Palette) textarea.Styles {
	ta := tab.AreaDefaults(isDark)
	for _, st := range []*textarea.StyleState{&ta.Focused, &ta.Blurred} {
		st.Text = lipgloss.NewStyle().Foreground(p.Text)
		st.CursorLine = lipgloss.NewStyle().Foreground(p.Text)
		st.Placeholder = lipgloss.NewStyle().Foreground(p.Muted)
		st.Prompt = lipgloss.NewStyle()
		st.EndOfBuffer = lipgloss.NewStyle()
	}
	ta.Cursor.Color = p.Accent
	ta.Cursor.Blink = false
	return ta
}
