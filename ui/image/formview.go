package imagetab

import (
	"fmt"
	"path/filepath"
	"strings"

	"atelier/internal/termtext"
	"atelier/store/price"
)

// The prompt's row is drawn in the columns of ui/components/form's rows
// below it: the longest label ("compression") and the value column the
// component gives a form of this width.
const labelCols = len("compression")

// promptWidth is the width of the prompt's value column in a form w wide,
// as the component sizes its values.
func promptWidth(w int) int {
	lw := min(labelCols, max(10, w/4+2))
	return max(min((w-2-lw-3)*2/5, 48), 12)
}

// lines draws the form width wide: the prompt, the rows and the estimate
// at prices while it has the keyboard (focused), else the three folded
// lines (hidden: a blind run before its vote).
func (d draft) lines(sty *styles, prices price.Table, width int, focused, hidden bool) []string {
	if !focused {
		return d.folded(sty, hidden)
	}
	out := d.promptLines(sty, width)
	out = append(out, d.fields.Lines(d.fields.Height())...)
	if e := estimateLine(sty, prices, d.spec(), []string{d.spec().Model}); e != "" {
		out = append(out, "  "+e)
	}
	return out
}

// promptLines draws the prompt's row: its name, the text, and beside it
// its problem or (with the cursor) its rule, whole, wrapped.
func (d draft) promptLines(sty *styles, width int) []string {
	st := sty.Fields
	lw := min(labelCols, max(10, width/4+2))
	vw := promptWidth(width)
	marker, ls := "  ", st.Label
	if d.onPrompt {
		marker, ls = "› ", st.Focused
	}
	head := ls.Render(marker + pad("prompt", lw))
	values := strings.Split(d.prompt.View(), "\n")
	nw := max(width-2-lw-1-vw-2, 10)
	var notes []string
	switch p := d.promptProblem(false); {
	case p != "":
		for _, l := range strings.Split(wrap("✗ "+termtext.String(p), nw), "\n") {
			notes = append(notes, st.Problem.Render(l))
		}
	case d.onPrompt:
		for _, l := range strings.Split(wrap("required · ctrl+o editor · ctrl+j new line", nw), "\n") {
			notes = append(notes, st.Doc.Render(l))
		}
	}
	out := make([]string, max(len(values), len(notes)))
	for y := range out {
		lead := strings.Repeat(" ", 2+lw)
		if y == 0 {
			lead = head
		}
		out[y] = lead + " " + pad(at(values, y), vw) + "  " + at(notes, y)
	}
	return out
}

// refName is how an input is named on screen: a file by its name, an
// earlier result as such, a URL cut short.
func refName(in inputRef) string {
	switch {
	case strings.HasPrefix(strings.ToLower(in.Ref), "data:"):
		return "data URI"
	case isURL(in.Ref):
		return termtext.String(in.Ref)
	case in.FileID != 0:
		return "result " + termtext.String(filepath.Base(in.Ref))
	}
	return termtext.String(filepath.Base(in.Ref))
}

// folded is the form in three lines, for while the results have the
// keyboard; hidden (a blind run before its vote) leaves out the settings,
// which would name the models.
func (d draft) folded(sty *styles, hidden bool) []string {
	st := sty.Form
	s := d.spec()
	if hidden { // the form's settings would name the models
		return []string{st.Headline.Render("blind comparison"), st.Label.Render("prompt ▸ ") + st.Headline.Render(oneLine(s.Prompt)), ""}
	}
	parts := []string{st.Label.Render("model ") + st.Headline.Render(termtext.String(s.Model))}
	add := func(label, v string) {
		if v = strings.TrimSpace(v); v != "" {
			parts = append(parts, st.Label.Render(label)+st.Headline.Render(termtext.String(v)))
		}
	}
	add("size ", s.Size)
	add("quality ", s.Quality)
	add("background ", s.Background)
	add("n ", s.N)
	add("format ", s.Format)
	add("compression ", s.Compression)
	if s.Stream {
		parts = append(parts, st.Headline.Render("stream")+sty.partialsNote(s.Partials))
	}
	sep := st.Label.Render(" · ")
	prompt := oneLine(s.Prompt)
	if prompt == "" {
		prompt = st.Default.Render("none")
	}
	inputs := st.Label.Render("inputs ▸ ") + sty.inputsValue(s) + st.Label.Render("   mask ▸ ") + sty.maskValue(s)
	if n := d.fields.Count(); n > 0 {
		inputs += st.Problem.Render(fmt.Sprintf("   ✗ %d to fix in the form", n))
	}
	return []string{strings.Join(parts, sep), st.Label.Render("prompt ▸ ") + st.Headline.Render(prompt), inputs}
}

func (st *styles) partialsNote(p string) string {
	if p = strings.TrimSpace(p); p == "" {
		return ""
	}
	return st.Form.Label.Render(", partials ") + st.Form.Headline.Render(termtext.String(p))
}

// inputsValue lists the input images by name.
func (st *styles) inputsValue(s spec) string {
	if len(s.Inputs) == 0 {
		return st.Form.Default.Render("none")
	}
	names := make([]string, len(s.Inputs))
	for i, in := range s.Inputs {
		names[i] = refName(in)
	}
	return st.Form.Value.Render(fmt.Sprintf("%d: %s", len(names), strings.Join(names, ", ")))
}

// maskValue names the mask.
func (st *styles) maskValue(s spec) string {
	if s.Mask == nil {
		return st.Form.Default.Render("none")
	}
	return st.Form.Value.Render(refName(*s.Mask))
}
