package compare

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// formView draws the targets form in h lines.
func (m Model) formView(h int) []string {
	st, f := m.st, m.form
	out := []string{
		st.Label.Render("Targets") + st.Muted.Render(" · 2 to 4; the same model twice with other settings is a sweep"),
		"",
		st.Muted.Render(fmt.Sprintf("    %-9s  %-*s  %s", "family", m.form.rows[0].model.Width()+1, "model", "settings")),
	}
	for i, r := range f.rows {
		out = append(out, fit(m.formRow(i, r), m.width))
		if r.err != "" {
			for _, e := range strings.Split(ansi.Wrap(r.err, max(m.width-6, 10), " "), "\n") {
				out = append(out, "      "+st.Error.Render(e)) // as typed, before any run
			}
		}
	}
	help := "Settings: system, max_tokens, temperature, top_p, top_k, stop_sequences, thinking_budget, " +
		"thinking_display, effort, summary, verbosity, web_search; any other key goes into the request as it is. " +
		"Values are JSON when they read as JSON: temperature=0.2,stop_sequences=[\"END\"]."
	out = append(out, "")
	for _, l := range strings.Split(ansi.Wordwrap(help, max(m.width-2, 20), " "), "\n") {
		out = append(out, st.Muted.Render(l))
	}
	if len(out) > h {
		out = out[:max(h, 0)]
	}
	for len(out) < h {
		out = append(out, "")
	}
	return out
}

// formRow is one target's line: its number, family, model and settings.
func (m Model) formRow(i int, r formRow) string {
	st, f := m.st, m.form
	marker := "  "
	switch {
	case i == f.row:
		marker = st.Current.Render("▸ ")
	case r.err != "":
		marker = st.Error.Render("✗ ")
	}
	fam, famSt := "off", st.Muted
	if families[r.family] != "" {
		fam, famSt = string(families[r.family]), st.Text
	}
	if i == f.row && f.field == familyField {
		famSt = st.Current
	}
	return marker + st.Muted.Render(fmt.Sprintf("%d ", i+1)) + famSt.Render(fmt.Sprintf("‹ %-5s ›", fam)) + "  " +
		r.model.View() + "  " + r.settings.View()
}
