package video

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
)

// picker is the endpoint chooser: the table's 16 endpoints, in its order;
// or, for an image to animate, the image-to-video endpoints.
type picker struct {
	eps    []client.VideoEndpoint
	cursor int
	back   mode // where esc goes

	image  string // the image to animate (absolute); "" for the plain chooser
	prompt string // the image's prompt
	mode   string // the mode last chosen with an image, for videob
}

// move is a chooser's cursor among n rows after msg (the grammar's moves:
// ↑/↓, k/j, pgup/pgdn, g/G, home/end), and whether msg moved it.
func (k keyMap) move(msg tea.KeyPressMsg, cursor, n int) (int, bool) {
	return k.Moves.Move(msg, cursor, n, chooserPage)
}

// chooserPage is how far pgup and pgdn go in a chooser.
const chooserPage = 8

// endpointName is an endpoint as the chooser and the header write it.
func endpointName(e client.VideoEndpoint, mode string) string {
	parts := strings.Split(e.PathFor(mode), "/")
	return strings.Join(parts, " / ")
}

// lines draws the chooser in h lines, scrolled to the cursor.
func (p picker) lines(st styles, w, h int) []string {
	s := st.Pick
	title := "Choose an endpoint"
	if p.image != "" {
		title = "Animate " + clean(filepath.Base(p.image)) + " · choose an image-to-video endpoint"
	}
	out := []string{ansi.Truncate(st.Title.Render(title), w, "…")}
	rows := h - 1
	first := max(0, min(p.cursor-rows/2, len(p.eps)-rows))
	for i := first; i < len(p.eps) && len(out) < h; i++ {
		e := p.eps[i]
		name := fmt.Sprintf("%-10s %-5s %s", e.Family, e.Model, strings.TrimSuffix(e.Task, "/"))
		if e.Variant != "" {
			name += " · " + e.Variant
		}
		var notes []string
		switch {
		case p.image != "" && e.TakesLocalImage():
			notes = append(notes, "takes this image")
		case p.image != "":
			notes = append(notes, "image URL only")
		}
		if len(e.Modes) > 0 {
			notes = append(notes, "modes "+strings.Join(e.Modes, " | "))
		}
		if e.Webhook {
			notes = append(notes, "webhook")
		}
		line := "  " + s.Item.Render(fmt.Sprintf("%-44s", name))
		if i == p.cursor {
			line = s.Selected.Render("› " + fmt.Sprintf("%-44s", name))
		}
		line += " " + s.Muted.Render(strings.Join(notes, " · "))
		out = append(out, ansi.Truncate(line, w, "…"))
	}
	return out
}

// newPicker is the chooser on the endpoint with path, esc going back to
// mode back.
func newPicker(path string, back mode) picker {
	eps := client.VideoEndpoints()
	i := slices.IndexFunc(eps, func(e client.VideoEndpoint) bool { return e.Path == path })
	return picker{eps: eps, cursor: max(i, 0), back: back}
}
