package strip

import (
	"fmt"
	"image"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
	"atelier/ui/components/style"
	"atelier/ui/tab"
)

// Painter draws a thumbnail in cols×rows cells: imageview.Viewer (kitty
// placeholders, else half blocks) or imageview.Preview (half blocks); ""
// when images are off, and the strip draws a cell of text instead.
type Painter interface {
	View(key string, img image.Image, cols, rows int) string
}

// Styles are the strip's looks.
type Styles struct {
	Title, Meta, Label, Chosen, Failed lipgloss.Style
}

// DefaultStyles are the looks on a dark or light background.
func DefaultStyles(isDark bool) Styles {
	p := tab.NewPalette(isDark)
	return Styles{Title: style.Fg(p.Accent).Bold(true), Meta: style.Fg(p.Muted), Label: style.Fg(p.Text),
		Chosen: style.Fg(p.Accent).Bold(true).Reverse(true), Failed: style.Fg(p.Error)}
}

// Tile sizes: a tile is a sixth of the width, within these.
const (
	minTile = 16
	maxTile = 30
)

// textLines are the lines around the tiles: the title and a blank over
// them, the label, the id and the scroll line under them, a blank, and
// the chosen job's four lines of detail.
const textLines = 2 + 3 + 1 + 4

// window is which tiles fit side by side, the cursor in sight, and how
// wide each is.
func (m Model) window() (first, shown, cols int) {
	n := len(m.jobs)
	if n == 0 || m.w <= 0 {
		return 0, 0, 0
	}
	tile := max(minTile, min(maxTile, m.w/6))
	shown = max(1, min(n, (m.w+1)/(tile+1)))
	first = max(0, min(m.cursor-shown/2, n-shown))
	return first, shown, max(1, min(maxTile, (m.w-(shown-1))/shown))
}

// thumbRows is how tall a thumbnail is: about square in cells of 1:2,
// in what the text leaves; 0 when nothing is left (labels only).
func (m Model) thumbRows(cols int) int {
	return max(0, min((cols+1)/2, m.h-textLines))
}

// Shown is a thumbnail in sight: its key, picture and cells, for a tab
// whose painter must send pictures ahead (imageview.Viewer.Prepare).
type Shown struct {
	Key        string
	Img        image.Image
	Cols, Rows int
}

// Visible are the thumbnails in sight, decoded.
func (m Model) Visible() []Shown {
	if !m.open {
		return nil
	}
	first, shown, cols := m.window()
	rows := m.thumbRows(cols)
	var out []Shown
	for _, j := range m.jobs[first : first+shown] {
		f, ok := ShownFile(j)
		if t, _ := m.thumbs.Get(f.Path); ok && t.img != nil && rows > 0 {
			out = append(out, Shown{Key: m.ThumbKey(f.Path), Img: t.img, Cols: cols, Rows: rows})
		}
	}
	return out
}

// View draws the strip in its size with p.
func (m Model) View(p Painter) string {
	st := m.Styles
	title := "Variants"
	switch {
	case !m.loaded:
		return m.fit([]string{st.Title.Render(title + " · loading…")})
	case m.err != nil:
		return m.fit([]string{st.Title.Render(title), st.Failed.Render(ansi.Truncate("✗ "+line(m.err.Error()), m.w, "…"))})
	}
	if j, ok := m.Selected(); ok {
		title += fmt.Sprintf(" · %s · “%s”", tab.Plural(len(m.jobs), "image job"), line(m.origin().Prompt))
		lines := []string{st.Title.Render(ansi.Truncate(title, m.w, "…")), ""}
		lines = append(lines, m.tiles(p)...)
		lines = append(lines, "")
		return m.fit(append(lines, m.detail(j)...))
	}
	return m.fit([]string{st.Title.Render(title), "", st.Meta.Render("No image jobs in this lineage.")})
}

// origin is the job the lineage starts from: the oldest.
func (m Model) origin() store.ImageJob { return m.jobs[0] }

// tiles are the thumbnails side by side, each over its label and its id,
// and a line saying what is out of sight either way.
func (m Model) tiles(p Painter) []string {
	first, shown, cols := m.window()
	rows := m.thumbRows(cols)
	out := make([]string, rows+2)
	for i := first; i < first+shown; i++ {
		j, chosen := m.jobs[i], i == m.cursor
		cell := m.thumbCell(p, j, cols, rows)
		under := []string{m.labelCell(i, cols, chosen), m.idCell(j, cols, chosen)}
		for y, l := range append(cell, under...) {
			if i > first {
				out[y] += " "
			}
			out[y] += l
		}
	}
	var more string
	if first > 0 {
		more = fmt.Sprintf("‹ %d more", first)
	}
	if rest := len(m.jobs) - first - shown; rest > 0 {
		right := fmt.Sprintf("%d more ›", rest)
		more += strings.Repeat(" ", max(1, m.w-ansi.StringWidth(more)-ansi.StringWidth(right))) + right
	}
	return append(out, m.Styles.Meta.Render(more))
}

// thumbCell is a job's thumbnail in exactly cols×rows, or a cell of text
// saying why there is none.
func (m Model) thumbCell(p Painter, j store.ImageJob, cols, rows int) []string {
	if rows == 0 {
		return nil
	}
	st := m.Styles
	f, ok := ShownFile(j)
	t, loaded := m.thumbs.Get(f.Path)
	var text string
	switch {
	case !ok && j.Status == store.StatusError:
		text = st.Failed.Render("✗ failed")
	case !ok:
		text = st.Meta.Render("no image · " + j.Status)
	case !loaded:
		text = st.Meta.Render("loading…")
	case t.err != nil:
		text = st.Failed.Render("✗ no preview")
	default:
		if s := p.View(m.ThumbKey(f.Path), t.img, cols, rows); s != "" {
			return box(strings.Split(s, "\n"), cols, rows)
		}
		text = st.Meta.Render(fmt.Sprintf("#%d · %dx%d", j.ID, f.Width, f.Height))
	}
	return textCell(text, cols, rows)
}

// textCell is text in a frame of cols×rows, centred: a tile without a
// picture still reads as a tile.
func textCell(text string, cols, rows int) []string {
	if rows < 3 || cols < 4 {
		return box([]string{ansi.Truncate(text, cols, "…")}, cols, rows)
	}
	inner := cols - 2
	out := []string{"╭" + strings.Repeat("─", inner) + "╮"}
	for y := 1; y < rows-1; y++ {
		l := ""
		if y == (rows-1)/2 {
			l = ansi.Truncate(text, inner, "…")
		}
		out = append(out, "│"+centre(l, inner)+"│")
	}
	return append(out, "╰"+strings.Repeat("─", inner)+"╯")
}

// box is lines cut or padded to exactly cols×rows.
func box(lines []string, cols, rows int) []string {
	out := make([]string, rows)
	for y := range out {
		if y < len(lines) {
			out[y] = lines[y]
		}
		out[y] = pad(out[y], cols)
	}
	return out
}

// labelCell is what tells job i from its neighbour, cols wide.
func (m Model) labelCell(i, cols int, chosen bool) string {
	st := m.Styles.Label
	if chosen {
		st = m.Styles.Chosen
	}
	return centre(st.Render(ansi.Truncate(line(m.labels[i]), cols, "…")), cols)
}

// idCell is a job's id and how it ended, the chosen one's marked.
func (m Model) idCell(j store.ImageJob, cols int, chosen bool) string {
	mark := "  "
	if chosen {
		mark = "▲ "
	}
	return centre(m.Styles.Meta.Render(ansi.Truncate(fmt.Sprintf("%s#%d %s", mark, j.ID, statusMark(j.Status)), cols, "…")), cols)
}

// centre puts s in the middle of w cells.
func centre(s string, w int) string {
	left := max(0, (w-ansi.StringWidth(s))/2)
	return pad(strings.Repeat(" ", left)+s, w)
}

func statusMark(status string) string {
	switch status {
	case store.StatusComplete:
		return "✓"
	case store.StatusError:
		return "✗"
	case store.StatusInterrupted:
		return "■"
	}
	return "…"
}

// detail is the chosen job: its id, endpoint and model, how it ended, its
// request's fields, its prompt and its file (or its error).
func (m Model) detail(j store.ImageJob) []string {
	st := m.Styles
	head := fmt.Sprintf("#%d · %s · %s · %s", j.ID, j.Endpoint, line(j.Model), j.Status)
	if j.Total > 0 {
		head += fmt.Sprintf(" in %.1f s", j.Total.Seconds())
	}
	out := []string{st.Label.Render(ansi.Truncate(head, m.w, "…")), st.Meta.Render(ansi.Truncate(line(settings(j)), m.w, "…")),
		st.Label.Render(ansi.Truncate(line(j.Prompt), m.w, "…"))}
	if f, ok := ShownFile(j); ok {
		out = append(out, st.Meta.Render(ansi.Truncate(f.Path, m.w, "…")))
	} else if j.Error != "" {
		out = append(out, st.Failed.Render(ansi.Truncate("✗ "+line(j.Error), m.w, "…")))
	}
	return out
}

// settings are a job's request fields that Labels compares, prompt and
// model aside, as key=value.
func settings(j store.ImageJob) string {
	req := fields(j)
	delete(req, "prompt")
	delete(req, "model")
	var parts []string
	for _, k := range sortedKeys(req) {
		parts = append(parts, k+"="+value(req[k]))
	}
	if len(parts) == 0 {
		return "the service's defaults"
	}
	return strings.Join(parts, " · ")
}

// fit is lines cut or padded to the strip's size.
func (m Model) fit(lines []string) string {
	out := make([]string, m.h)
	for y := range out {
		if y < len(lines) {
			out[y] = ansi.Truncate(lines[y], m.w, "")
		}
		out[y] = pad(out[y], m.w)
	}
	return strings.Join(out, "\n")
}

// pad fills s with spaces to w cells.
func pad(s string, w int) string {
	if n := ansi.StringWidth(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// line is untrusted text made safe for one line of the terminal.
func line(s string) string {
	return strings.Join(strings.Fields(termtext.String(s)), " ")
}
