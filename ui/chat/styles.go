package chat

import (
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"atelier/ui/components/form"
	"atelier/ui/components/style"
	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// styles are the Chat tab's looks, built from the shared palette and
// grouped by area.
type styles struct {
	List struct {
		Title  lipgloss.Style // the panel's heading
		Item   lipgloss.Style // a conversation
		Open   lipgloss.Style // the conversation on screen
		Cursor lipgloss.Style // the row under the cursor, while the list has the keyboard
		Age    lipgloss.Style
		Empty  lipgloss.Style
	}
	Reply struct {
		You      lipgloss.Style // the header of a prompt
		Header   lipgloss.Style // the header of a reply
		Figures  lipgloss.Style // its timings and tokens
		Text     lipgloss.Style // a prompt's text
		Thinking lipgloss.Style
		Tool     lipgloss.Style
		Source   lipgloss.Style
		Number   lipgloss.Style // [1] before a source
		Problem  lipgloss.Style // an error, a stop
		Paused   lipgloss.Style
		Hint     lipgloss.Style // the empty conversation's words
	}
	Rule     lipgloss.Style // separators between panes
	More     lipgloss.Style // the "more below" marker
	Label    lipgloss.Style // the composer's heading: editing, attachments
	Picker   pickerStyles
	Input    textinput.Styles
	Composer textarea.Styles
	Markdown markdown.Styles
}

// pickerStyles are the target picker's.
type pickerStyles struct {
	Title, Rule, Problem lipgloss.Style
	Form                 form.Styles // the rows
}

func newStyles(isDark bool) styles {
	p := tab.NewPalette(isDark)
	var s styles
	s.List.Title = lipgloss.NewStyle().Foreground(p.Muted).Bold(true)
	s.List.Item = lipgloss.NewStyle().Foreground(p.Text)
	s.List.Open = lipgloss.NewStyle().Foreground(p.Accent).Bold(true)
	s.List.Cursor = lipgloss.NewStyle().Foreground(p.OnFill).Background(p.Accent)
	s.List.Age = lipgloss.NewStyle().Foreground(p.Muted)
	s.List.Empty = lipgloss.NewStyle().Foreground(p.Muted).Italic(true)

	s.Reply.You = lipgloss.NewStyle().Foreground(p.Accent).Bold(true)
	s.Reply.Header = lipgloss.NewStyle().Foreground(p.Accent).Bold(true)
	s.Reply.Figures = lipgloss.NewStyle().Foreground(p.Muted)
	s.Reply.Text = lipgloss.NewStyle().Foreground(p.Text)
	s.Reply.Thinking = lipgloss.NewStyle().Foreground(p.Muted).Italic(true)
	s.Reply.Tool = lipgloss.NewStyle().Foreground(p.Warning)
	s.Reply.Source = lipgloss.NewStyle().Foreground(p.Muted)
	s.Reply.Number = lipgloss.NewStyle().Foreground(p.Accent)
	s.Reply.Problem = lipgloss.NewStyle().Foreground(p.Error)
	s.Reply.Paused = lipgloss.NewStyle().Foreground(p.Warning)
	s.Reply.Hint = lipgloss.NewStyle().Foreground(p.Muted)

	s.Rule = lipgloss.NewStyle().Foreground(p.Subtle)
	s.More = lipgloss.NewStyle().Foreground(p.Accent).Bold(true)
	s.Label = lipgloss.NewStyle().Foreground(p.Muted)

	s.Picker = pickerStyles{
		Title:   lipgloss.NewStyle().Foreground(p.Accent).Bold(true),
		Rule:    lipgloss.NewStyle().Foreground(p.Muted),
		Problem: lipgloss.NewStyle().Foreground(p.Error),
		Form:    form.DefaultStyles(isDark),
	}
	s.Input = style.Input(isDark)
	s.Composer = composerStyles(isDark, p)
	s.Markdown = markdown.DefaultStyles(isDark)
	return s
}

func composerStyles(isDark bool, p tab.Palette) textarea.Styles {
	ta := tab.AreaDefaults(isDark)
	for _, st := range []*textarea.StyleState{&ta.Focused, &ta.Blurred} {
		st.Base = lipgloss.NewStyle()
		st.CursorLine = lipgloss.NewStyle()
		st.Text = lipgloss.NewStyle().Foreground(p.Text)
		st.Placeholder = lipgloss.NewStyle().Foreground(p.Muted)
		st.EndOfBuffer = lipgloss.NewStyle()
	}
	ta.Focused.Prompt = lipgloss.NewStyle().Foreground(p.Accent).Bold(true)
	ta.Blurred.Prompt = lipgloss.NewStyle().Foreground(p.Muted)
	ta.Cursor.Color = p.Accent
	ta.Cursor.Blink = false
	return ta
}
