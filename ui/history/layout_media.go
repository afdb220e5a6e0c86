package history

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/limits"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/price"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// imageJob lays out an image job: its prompt and settings, the inputs of an
// edit, and each picture as a preview over its file path.
func (lc *layoutCtx) imageJob(it *loaded) []block {
	j := it.image
	meta := join(" · ", j.Endpoint, lc.status(j.Status), stamp(j.CreatedAt), seconds(j.Total), price.Label(imageCost(lc.prices, j)))
	blocks := []block{{lines: []string{lc.st.Heading.Render(ansi.Truncate("Image · "+termtext.String(j.Model), lc.width, "…")), meta}}}
	blocks = append(blocks, lc.section("Prompt", paragraph(j.Prompt, lc.width-2, lc.st.Text)))
	for _, f := range shownFiles(j.Files) {
		blocks = append(blocks, lc.picture(it, f))
	}
	if fs := lc.fields(j.SettingsJSON, unsetCount(j.SettingsJSON)); len(fs) > 0 {
		blocks = append(blocks, lc.section("Settings", fs))
	}
	if len(j.Inputs) > 0 {
		var ls []string
		for _, in := range j.Inputs {
			ls = append(ls, lc.st.Label.Render(fit(in.Role, 6))+lc.path(it.files[in.Path], in.Path))
		}
		blocks = append(blocks, lc.section("Inputs", ls))
	}
	blocks = append(blocks, lc.lineageBlock(it, lc.link)...)
	if j.Error != "" {
		blocks = append(blocks, lc.section("Error", paragraph(j.Error, lc.width-2, lc.st.Problem)))
	}
	return blocks
}

// picture is one image: its preview (once decoded) and its file.
func (lc *layoutCtx) picture(it *loaded, f store.ImageFile) block {
	return lc.pictureIn(it, f, max(min(lc.width-2, 72), 8), max(min(lc.height-8, 24), 4))
}

// thumb is an image shown small: a video's source.
func (lc *layoutCtx) thumb(it *loaded, f store.ImageFile) block {
	return lc.pictureIn(it, f, max(min(lc.width-4, 24), 8), max(min(lc.height/4, 6), 3))
}

// pictureIn is picture within maxCols × maxRows cells.
func (lc *layoutCtx) pictureIn(it *loaded, f store.ImageFile, maxCols, maxRows int) block {
	fl, key := it.files[f.Path], imageKey(lc.seq, f.ID)
	img := lc.images[key]
	w, h := f.Width, f.Height
	if img != nil {
		w, h = img.Bounds().Dx(), img.Bounds().Dy()
	}
	// Small enough that the heading, the prompt and the caption fit on the
	// first screen with it.
	var cw, ch int
	if lc.preview != nil {
		cw, ch = lc.preview.CellWidth, lc.preview.CellHeight
	}
	cols, rows := imageview.FitCells(max(w, 1), max(h, 1), maxCols, maxRows, cw, ch)
	var lines []string
	switch {
	case !fl.found:
	case lc.imageErrs[key] != "":
		lines = []string{lc.st.Problem.Render(ansi.Truncate("cannot show: "+lc.imageErrs[key], lc.width, "…"))}
	case img != nil && lc.preview != nil:
		lines = strings.Split(lc.preview.View(key, img, cols, rows), "\n")
	default:
		lines = make([]string, rows)
		lines[0] = lc.st.Hint.Render("decoding…")
	}
	caption := join(" · ", fmt.Sprintf("%d", f.Index+1), lc.path(fl, f.Path), dims(f.Width, f.Height))
	if f.Partial {
		caption += lc.st.Hint.Render(" · partial")
	}
	return block{lines: append(indent(lines, 2), "  "+caption)}
}

// unsetCount names "n" when a job's settings record it as 0: the service's
// default count, which the form leaves unset; "n 0" would read as no image.
func unsetCount(settings json.RawMessage) []string {
	var s struct {
		N *json.Number `json:"n"`
	}
	if json.Unmarshal(settings, &s) == nil && s.N != nil && s.N.String() == "0" {
		return []string{"n"}
	}
	return nil
}

// videoTask lays out a video task: its prompt, its file, its parameters,
// and every status it went through.
func (lc *layoutCtx) videoTask(it *loaded) []block {
	v := it.video
	took := ""
	if !v.CompletedAt.IsZero() {
		took = "took " + v.CompletedAt.Sub(v.SubmittedAt).Round(time.Second).String()
	}
	meta := join(" · ", lc.status(videoStatus(v)), termtext.String(v.RequestID), "submitted "+stamp(v.SubmittedAt), took,
		price.Label(videoCost(lc.prices, v)))
	blocks := []block{{lines: []string{lc.st.Heading.Render(ansi.Truncate("Video · "+termtext.String(v.Endpoint), lc.width, "…")), meta}}}
	blocks = append(blocks, lc.section("Prompt", paragraph(v.Prompt, lc.width-2, lc.st.Text)))
	blocks = append(blocks, lc.section("File", []string{lc.videoFile(it)}))
	blocks = append(blocks, lc.framesBlock()...)
	blocks = append(blocks, lc.lineageBlock(it, lc.link)...)
	if fs := lc.fields(v.BodyJSON, append([]string{"prompt"}, sourceFields(v)...)); len(fs) > 0 {
		blocks = append(blocks, lc.section("Parameters", fs))
	}
	var events []string
	for _, e := range v.Events {
		events = append(events, lc.event(e))
	}
	blocks = append(blocks, lc.section("Status history", events))
	if len(v.FailureJSON) > 0 {
		blocks = append(blocks, lc.section("Failure", paragraph(tab.VideoFailure(v.FailureJSON), lc.width-2, lc.st.Problem)))
	}
	if v.DownloadFailed() {
		blocks = append(blocks, lc.section("Download failed", paragraph(termtext.String(v.DownloadError)+" · D retries",
			lc.width-2, lc.st.Problem)))
	}
	if v.Webhook != "" {
		blocks = append(blocks, lc.section("Webhook", paragraph(v.Webhook, lc.width-2, lc.st.Text)))
	}
	return blocks
}

func (lc *layoutCtx) videoFile(it *loaded) string {
	v := it.video
	switch {
	case v.VideoPath != "":
		return lc.path(it.files[v.VideoPath], v.VideoPath)
	case v.Failed():
		return lc.st.Hint.Render("none: the task failed")
	case v.DownloadFailed():
		return lc.st.Problem.Render("none: download failed")
	case v.DownloadedBytes > 0:
		return lc.st.Hint.Render("downloading: " + limits.Size(v.DownloadedBytes) + " so far")
	}
	return lc.st.Hint.Render("not saved yet")
}

// event is one line of a video task's status history.
func (lc *layoutCtx) event(e store.VideoEvent) string {
	pos := ""
	if e.QueuePosition != nil {
		pos = fmt.Sprintf("position %d", *e.QueuePosition)
	}
	line := lc.st.Hint.Render(e.At.Local().Format("2006-01-02 15:04:05")) + "  " +
		fit(lc.status(termtext.String(e.Status)), 12) + " " + lc.st.Text.Render(join(" · ", pos, lastLog(e.LogsJSON)))
	return ansi.Truncate(line, lc.width-2, "…")
}

// section is a titled run of lines, indented under its title.
func (lc *layoutCtx) section(title string, lines []string) block {
	return block{lines: append([]string{lc.st.Label.Render(title)}, indent(lines, 2)...)}
}

// path shows a media file's path, and its size or absence.
func (lc *layoutCtx) path(f file, rel string) string {
	if f.abs == "" {
		return lc.st.Problem.Render(termtext.String(rel) + " (outside the media folder)")
	}
	if !f.found {
		return lc.st.Problem.Render(f.shown + " (missing)")
	}
	return lc.st.Text.Render(f.shown) + lc.st.Hint.Render(" · "+limits.Size(f.size))
}

// status styles a status word by what it means.
func (lc *layoutCtx) status(s string) string { return statusStyle(lc.st, s).Render(s) }

// fields lists a JSON object's members as "name  value", leaving out skip.
func (lc *layoutCtx) fields(raw json.RawMessage, skip []string) []string {
	var obj map[string]json.RawMessage
	if json.Unmarshal(raw, &obj) != nil || len(obj) == 0 {
		return nil
	}
	names := make([]string, 0, len(obj))
	for k, v := range obj {
		if !slices.Contains(skip, k) && string(v) != `""` && string(v) != "null" {
			names = append(names, k) // empty values are settings left unset
		}
	}
	slices.Sort(names)
	w := 0
	for _, k := range names {
		w = max(w, min(ansi.StringWidth(termtext.String(k)), 20))
	}
	var out []string
	for _, k := range names {
		line := lc.st.Label.Render(fit(termtext.String(k), w)) + "  " + lc.st.Text.Render(compact(obj[k]))
		out = append(out, ansi.Truncate(line, lc.width-2, "…"))
	}
	return out
}

// compact is a JSON value on one line, a string without its quotes.
func compact(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return oneLine(s, 400)
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return oneLine(string(raw), 400)
	}
	return oneLine(b.String(), 400)
}

// lastLog is the last message of a video task's logs, as text, when they
// are the usual list of {"message": ...} (or of lines); the logs as JSON
// otherwise.
func lastLog(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" || string(raw) == "[]" {
		return ""
	}
	var logs []struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &logs) == nil && len(logs) > 0 && logs[len(logs)-1].Message != "" {
		return oneLine(logs[len(logs)-1].Message, 200)
	}
	var messages []string
	if json.Unmarshal(raw, &messages) == nil && len(messages) > 0 { // a list of plain lines
		return oneLine(messages[len(messages)-1], 200)
	}
	return compact(raw)
}

// videoStatus is a task's status word as the list shows it.
func videoStatus(v *store.VideoTask) string {
	switch {
	case v.Failed():
		return "failed"
	case v.DownloadFailed():
		return store.VideoDownloadFailed
	}
	return v.Status
}

func dims(w, h int) string {
	if w <= 0 || h <= 0 {
		return ""
	}
	return fmt.Sprintf("%d×%d", w, h)
}

func seconds(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// stamp is a time as the tab shows it, in local time.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.Local().Format("2006-01-02 15:04")
}
