package markdown

import (
	"reflect"

	"charm.land/glamour/v2/ansi"
	glamourstyles "charm.land/glamour/v2/styles"
	"charm.land/lipgloss/v2"

	"atelier/ui/tab"
)

// Styles are the looks of the markdown view.
type Styles struct {
	// Markdown is glamour's style for the reply itself.
	Markdown ansi.StyleConfig
	// CodeLabel draws the `[N] lang` marker above each code block.
	CodeLabel lipgloss.Style
}

// DefaultStyles returns glamour's built-in dark or light style and a muted
// code label. The caller says which: nothing here asks the terminal. On a
// 16-colour terminal (tab.BasicColors) it is BasicStyles.
func DefaultStyles(isDark bool) Styles {
	if tab.BasicColors() {
		return BasicStyles()
	}
	md := glamourstyles.LightStyleConfig
	if isDark {
		md = glamourstyles.DarkStyleConfig
	}
	ld := lipgloss.LightDark(isDark)
	muted := ld(lipgloss.Color("244"), lipgloss.Color("243"))
	return Styles{
		Markdown:  md,
		CodeLabel: lipgloss.NewStyle().Foreground(muted),
	}
}

// BareStyles are DefaultStyles without the document's margin and block
// prefix and suffix, for a screen that indents replies itself (History's
// reader, a batch cell's replies).
func BareStyles(isDark bool) Styles {
	st := DefaultStyles(isDark)
	zero := uint(0)
	st.Markdown.Document.Margin = &zero
	st.Markdown.Document.BlockPrefix, st.Markdown.Document.BlockSuffix = "", ""
	return st
}

// BasicStyles are for a terminal with the 16 ANSI colours only: glamour's
// colours (code comments in grey 7, #E5E5E5 in xterm, links in green) do
// not read on both a light and a dark background there, so the reply keeps
// the terminal's own colours and glamour's bold, italics and underlines,
// code is not highlighted, and the code label takes the palette's muted
// colour.
func BasicStyles() Styles {
	md := withoutColors(glamourstyles.LightStyleConfig)
	md.CodeBlock.Chroma = nil
	return Styles{Markdown: md, CodeLabel: lipgloss.NewStyle().Foreground(tab.BasicPalette().Muted)}
}

// withoutColors is cfg with every Color and BackgroundColor left unset. The
// copy shares what cfg's other pointers point to, which it leaves alone.
func withoutColors(cfg ansi.StyleConfig) ansi.StyleConfig {
	stripColors(reflect.ValueOf(&cfg).Elem())
	return cfg
}

// stripColors sets v's (a struct's) Color and BackgroundColor fields to
// nil, in it and in the structs it holds by value.
func stripColors(v reflect.Value) {
	for i := range v.NumField() {
		f, name := v.Field(i), v.Type().Field(i).Name
		switch {
		case f.Kind() == reflect.Struct:
			stripColors(f)
		case (name == "Color" || name == "BackgroundColor") && f.Kind() == reflect.Pointer:
			f.SetZero()
		}
	}
}
