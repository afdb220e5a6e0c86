package imagetab

import (
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/homepath"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// galleryView draws the list of jobs over the selected job's image and
// details.
func (g gallery) view(sty *styles, v *imageview.Viewer, prices price.Table, db *store.Store, width, height int) string {
	st := sty.List
	title := "Gallery"
	switch {
	case !g.loaded:
		title += " · loading…"
	case g.err != nil:
		return fit(padAll([]string{st.Title.Render(title), st.Failed.Render("✗ " + oneLine(g.err.Error()))}, width), width, height)
	case len(g.jobs.Items()) == 0:
		return fit(padAll([]string{st.Title.Render(title), "", st.Meta.Render("No image jobs yet: the ones you send are kept here.")}, width), width, height)
	default:
		title += " · " + tab.Plural(len(g.jobs.Items()), "image job")
	}
	lines := padAll(append([]string{st.Title.Render(title)}, g.lines(sty, width, g.listRows(height))...), width)
	lines = append(lines, blank(width))
	lines = append(lines, g.jobDetail(sty, v, prices, db, width, height, height-len(lines))...)
	return fit(lines, width, height)
}

// listRows is how many jobs the list shows in a tab height tall; the
// selected job's image and details take the rest.
func (g gallery) listRows(height int) int { return max(1, min(len(g.jobs.Items()), (height-1)/3)) }

// thumbBox is the room for the selected job's image.
func (g gallery) thumbBox(width, height int) (cols, rows int) {
	return max(10, width*2/5), height - g.listRows(height) - 2
}

// jobLines draws n lines of the list, scrolled to keep the cursor in
// sight, under the filter while there is one.
func (g gallery) lines(st *styles, width, n int) []string {
	l := g.jobs
	var out []string
	if f := l.FilterView(width - 2); f != "" {
		out = append(out, "  "+f)
	}
	if l.Len() == 0 {
		return append(out, "  "+l.EmptyView(width-2, ""))
	}
	l.SetHeight(n - len(out))
	rows, at := l.Window()
	for i, j := range rows {
		out = append(out, st.jobLine(j, i == at, g.altMark(j.ID)))
	}
	return out
}

// jobLine is one job: when, how it ended, the model, its settings, its
// place among its alternatives (alt, "" for none), the prompt.
func (s *styles) jobLine(j store.ImageJob, current bool, alt string) string {
	st := s.List
	marker, item := "  ", st.Item
	if current {
		marker, item = "▸ ", st.Selected
	}
	when := st.Meta.Render(j.CreatedAt.Local().Format("01-02 15:04"))
	if alt != "" {
		alt = "  " + st.Meta.Render(alt)
	}
	tag := ""
	if t := tab.LabelTag(j.Label, 16); t != "" {
		tag = st.Label.Render(t) + " "
	}
	return marker + when + " " + s.statusMark(j.Status) + " " + item.Render(oneLine(j.Model)) + "  " +
		st.Meta.Render(jobSettings(j)) + alt + "  " + tag + item.Render(oneLine(j.Prompt))
}

func (s *styles) statusMark(status string) string {
	st := s.List
	switch status {
	case store.StatusComplete:
		return st.Done.Render("✓")
	case store.StatusError:
		return st.Failed.Render("✗")
	case store.StatusInterrupted:
		return st.Meta.Render("■")
	}
	return st.Meta.Render("…")
}

// jobSettings are a job's settings in a few words.
func jobSettings(j store.ImageJob) string {
	var s map[string]any
	_ = json.Unmarshal(j.SettingsJSON, &s)
	var parts []string
	if j.Endpoint == store.ImageEdit {
		parts = append(parts, "edit")
	}
	for _, k := range []string{"size", "quality", "background", "output_format"} {
		if v, ok := s[k].(string); ok && v != "" {
			parts = append(parts, v)
		}
	}
	if n, ok := s["n"].(float64); ok && n > 1 {
		parts = append(parts, fmt.Sprintf("n %d", int(n)))
	}
	if c, ok := s["output_compression"].(float64); ok {
		parts = append(parts, fmt.Sprintf("compression %d", int(c)))
	}
	if stream, _ := s["stream"].(bool); stream {
		parts = append(parts, "stream")
	}
	if p, ok := s["partial_images"].(float64); ok {
		parts = append(parts, fmt.Sprintf("partials %d", int(p)))
	}
	if len(parts) == 0 {
		return "defaults"
	}
	return oneLine(strings.Join(parts, " · "))
}

// jobDetail draws the selected job's image beside its prompt, settings,
// outcome and files, in h lines of a tab width×height.
func (g gallery) jobDetail(sty *styles, v *imageview.Viewer, prices price.Table, db *store.Store, width, height, h int) []string {
	j, ok := g.selected()
	if !ok || h <= 0 {
		return nil
	}
	imgCols, _ := g.thumbBox(width, height)
	textCols := width - imgCols - 2
	left := g.thumbLines(sty, v, j, imgCols, h)
	right := sty.jobText(j, textCols, prices, db)
	out := make([]string, h)
	for y := range h {
		l := blank(imgCols)
		if y < len(left) {
			l = left[y]
		}
		out[y] = l + "  " + pad(at(right, y), textCols)
	}
	return out
}

func at(lines []string, y int) string {
	if y < len(lines) {
		return lines[y]
	}
	return ""
}

// thumbLines is a job's image in exactly cols×rows, or why there is none.
func (g gallery) thumbLines(sty *styles, v *imageview.Viewer, j store.ImageJob, cols, rows int) []string {
	st := sty.List
	f, ok := shownFile(j)
	t, loaded := g.thumbs.Get(f.Path)
	var text string
	switch {
	case !ok:
		text = st.Meta.Render("no image kept")
	case !loaded:
		text = st.Meta.Render("loading…")
	case t.err != nil:
		text = st.Failed.Render(wrap("no preview: "+oneLine(t.err.Error()), cols))
	default:
		if s := v.View(thumbKey(f.Path), t.img, cols, rows); s != "" {
			return strings.Split(s, "\n")
		}
		text = st.Meta.Render("(images off)")
	}
	return padAll(strings.Split(text, "\n"), cols)
}

// jobText is the job in words, wrapped to cols.
func (s *styles) jobText(j store.ImageJob, cols int, prices price.Table, db *store.Store) []string {
	st := s.List
	out := []string{st.Selected.Render(fmt.Sprintf("job %d", j.ID)) + st.Meta.Render(" · "+j.Endpoint+" · "+oneLine(j.Model))}
	out = append(out, strings.Split(wrap(oneLine(j.Prompt), cols), "\n")...)
	out = append(out, st.Meta.Render(jobSettings(j)))
	switch {
	case j.Status == store.StatusError:
		out = append(out, st.Failed.Render(wrap("✗ "+oneLine(j.Error), cols)))
	case j.Total > 0:
		out = append(out, st.Meta.Render(fmt.Sprintf("%s in %.1f s", j.Status, j.Total.Seconds())+jobCost(prices, j)))
	default:
		out = append(out, st.Meta.Render(j.Status))
	}
	if db != nil {
		for _, f := range j.Files {
			path, err := db.MediaPath(f.Path)
			if err == nil {
				out = append(out, st.Item.Render(homepath.Tilde(path)))
			}
		}
	}
	return out
}

// showsImage reports whether the selected job's image is loaded to show.
func (g gallery) showsImage() bool {
	j, ok := g.selected()
	f, has := shownFile(j)
	t, _ := g.thumbs.Get(f.Path)
	return ok && has && t.img != nil
}

// placeThumb places the gallery's image (see Model.images) in a tab
// width×height.
func (g gallery) placeThumb(v *imageview.Viewer, width, height int) tea.Cmd {
	j, ok := g.selected()
	f, has := shownFile(j)
	t, loaded := g.thumbs.Get(f.Path)
	if !ok || !has || !loaded || t.img == nil {
		return nil
	}
	cols, rows := g.thumbBox(width, height)
	return v.Prepare(thumbKey(f.Path), t.img, cols, rows)
}
