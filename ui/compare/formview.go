package compare

import (
	"strings"

	"atelier/client"
	"atelier/ui/components/form"

	"github.com/charmbracelet/x/ansi"
)

// formView draws the targets form f, w wide, in h lines: a line on what it is, the
// form's rows, and what the settings take.
func formView(f *form.Model, st *styles, w, h int) []string {
	out := []string{
		st.Label.Render("Targets") + st.Muted.Render(" · 2 to 4; the same model twice with other settings is a sweep"),
		"",
	}
	help := "Settings: " + strings.Join(client.ChatSettingNames(), ", ") + "; any other key goes into the request as it is. " +
		"Values are JSON when they read as JSON: temperature=0.2,stop_sequences=[\"END\"]."
	var foot []string
	for _, l := range strings.Split(ansi.Wordwrap(help, max(w-2, 20), " "), "\n") {
		foot = append(foot, st.Muted.Render(l))
	}
	out = append(out, f.Lines(max(h-len(out)-len(foot)-2, 1))...)
	out = append(out, ansi.Truncate(f.Detail(), w, "…"), "")
	out = append(out, foot...)
	if len(out) > h {
		out = out[:max(h, 0)]
	}
	for len(out) < h {
		out = append(out, "")
	}
	return out
}
