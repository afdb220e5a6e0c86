package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"atelier/store/recipe"
)

// ExportMarkdown writes one history item as DIR/NAME.md, with copies of its
// images or video in DIR/NAME-media/ linked from the text and the native
// request and response JSON at the end, and returns the Markdown file's path.
func (s *Store) ExportMarkdown(ctx context.Context, ref ItemRef, dir string) (string, error) {
	d, err := s.load(ctx, ref)
	if err != nil {
		return "", err
	}
	title := ""
	switch {
	case d.conv != nil:
		title = d.conv.Title
	case d.image != nil:
		title = d.image.Prompt
	case d.video != nil:
		title = d.video.Prompt
	}
	name := fmt.Sprintf("%s-%d", ref.Kind, ref.ID)
	if sl := slug(title); sl != "" {
		name += "-" + sl
	}
	md := &mdWriter{s: s, dir: dir, mediaDir: name + "-media", costs: exportCosts{s.exportPrices()}, lin: d.lineage}
	switch {
	case d.conv != nil:
		md.conversation(d.conv)
	case d.image != nil:
		md.imageJob(d.image)
	case d.video != nil:
		md.videoTask(d.video)
	}
	md.votes(d.votes, d.tags)
	md.calls(d.calls)
	if md.err != nil {
		return "", fmt.Errorf("export %s %d: %w", ref.Kind, ref.ID, md.err)
	}
	path := filepath.Join(dir, name+".md")
	if err := writeFileAtomic(path, []byte(s.cleanText(md.buf.String()))); err != nil {
		return "", fmt.Errorf("export %s %d: %w", ref.Kind, ref.ID, err)
	}
	return path, nil
}

// mdWriter gathers the Markdown of one item and copies its media.
type mdWriter struct {
	s        *Store
	dir      string
	mediaDir string // relative to dir
	costs    exportCosts
	lin      *Lineage // an image job's lineage
	buf      bytes.Buffer
	err      error
}

func (w *mdWriter) f(format string, args ...any) { fmt.Fprintf(&w.buf, format, args...) }

// conversation writes a chat or comparison, message by message.
func (w *mdWriter) conversation(c *Conversation) {
	w.f("# %s\n\n%s · started %s · %d messages\n", cmpTitle(c.Title), c.Kind, stamp(c.CreatedAt), len(c.Messages))
	if c.Kind == KindChat && Forked(c.Messages) {
		w.forkedChat(c)
		return
	}
	if c.Kind == KindCompare {
		w.compareSummary(c)
	}
	lanes := map[[2]int]Lane{}
	for _, l := range c.Lanes {
		lanes[[2]int{l.Turn, l.Lane}] = l
	}
	for _, m := range c.Messages {
		w.message(c, m, "", 2, lanes)
	}
}

// message writes one message under a heading of level depth; mark is
// what the heading adds (its place among its siblings).
func (w *mdWriter) message(c *Conversation, m Message, mark string, depth int, lanes map[[2]int]Lane) {
	hashes := strings.Repeat("#", depth)
	if m.Role == RoleUser {
		w.f("\n%s You · %s%s\n\n%s\n", hashes, stamp(m.CreatedAt), mark, demoteHeadings(m.Text, depth))
		return
	}
	head := strings.Join(nonEmpty(m.Family, m.Model), " · ")
	if c.Kind == KindCompare {
		head = fmt.Sprintf("Lane %d · %s", m.Lane+1, head)
	}
	w.f("\n%s %s%s\n\n%s\n", hashes, cmpTitle(head), mark, replyFigures(m, w.costs.reply(m)))
	if v := verdict(lanes[[2]int{m.Turn, m.Lane}]); v != "" {
		w.f("\n%s\n", v)
	}
	if m.Thinking != "" {
		w.f("\n<details><summary>Thinking</summary>\n\n%s\n\n</details>\n", m.Thinking)
	}
	w.f("\n%s\n", demoteHeadings(m.Text, depth))
}

// verdict is a lane's rating, win and note in one line.
func verdict(l Lane) string {
	var parts []string
	if l.Rating > 0 {
		parts = append(parts, strings.Repeat("★", l.Rating)+strings.Repeat("☆", 5-l.Rating))
	}
	if l.Winner {
		parts = append(parts, "winner")
	}
	return strings.Join(append(parts, nonEmpty(l.Note)...), " · ")
}

// replyFigures is the line of figures under a reply's heading.
func replyFigures(m Message, cost *float64) string {
	var parts []string
	if m.TTFT > 0 {
		parts = append(parts, fmt.Sprintf("%.1f s to first token", m.TTFT.Seconds()))
	}
	if m.Total > 0 {
		parts = append(parts, fmt.Sprintf("%.1f s", m.Total.Seconds()))
	}
	if m.Usage.InputTokens+m.Usage.OutputTokens > 0 {
		parts = append(parts, fmt.Sprintf("%d → %d tokens", m.Usage.InputTokens, m.Usage.OutputTokens))
	}
	parts = append(append(parts, costPart(cost)...), nonEmpty(m.StopReason)...)
	if m.Status != StatusComplete {
		parts = append(parts, m.Problem())
	}
	return "*" + strings.Join(append([]string{stamp(m.CreatedAt)}, parts...), " · ") + "*"
}

// imageJob writes an image job with its pictures.
func (w *mdWriter) imageJob(j *ImageJob) {
	w.f("# Image %d\n\n%s\n\n## Prompt\n\n%s\n", j.ID,
		strings.Join(append(append([]string{j.Model, j.Endpoint, j.Status, stamp(j.CreatedAt)}, costPart(w.costs.image(j))...),
			labelPart(j.Label)...), " · "), j.Prompt)
	if j.Error != "" {
		w.f("\n**Error:** %s\n", j.Error)
	}
	if len(j.Inputs) > 0 {
		w.f("\n## Inputs\n\n")
		for _, in := range j.Inputs {
			if in.FileID != 0 {
				w.f("- %s: result file %d of an earlier job\n", in.Role, in.FileID)
			} else {
				w.f("- %s: %s\n", in.Role, w.media(in.Path))
			}
		}
	}
	w.f("\n## Images\n\n")
	for _, f := range j.Files {
		if !f.Partial {
			w.f("![image %d](%s)\n\n", f.Index+1, w.media(f.Path))
		}
	}
	w.lineage()
	w.json("Settings", j.SettingsJSON)
	w.json("Request", j.RequestJSON)
	w.json("Response", j.ResponseJSON)
}

// labelPart is an item's label as a part of its heading line, if it has one.
func labelPart(label string) []string {
	if label == "" {
		return nil
	}
	return []string{"label " + label}
}

// videoTask writes a video task with its status history.
func (w *mdWriter) videoTask(v *VideoTask) {
	w.f("# Video %s\n\n%s\n\n## Prompt\n\n%s\n", v.RequestID,
		strings.Join(append(append([]string{v.Endpoint, v.Status, "submitted " + stamp(v.SubmittedAt)}, costPart(w.costs.video(v))...),
			labelPart(v.Label)...), " · "),
		v.Prompt)
	if v.VideoPath != "" && v.Done {
		w.f("\n## Video\n\n[%s](%s)\n", filepath.Base(v.VideoPath), w.media(v.VideoPath))
	}
	if v.DownloadFailed() {
		w.f("\n## Video\n\ndownload failed: %s\n", v.DownloadError)
	}
	if len(v.Inputs) > 0 {
		w.f("\n## Source images\n\n")
		for _, in := range v.Inputs {
			if in.JobID != 0 {
				w.f("- %s: image:%d · ![image](%s)\n", in.Field, in.JobID, w.media(in.Path))
			} else {
				w.f("- %s: %s (outside the history)\n", in.Field, in.Path)
			}
		}
	}
	w.f("\n## Status history\n\n| time | status | queue position |\n|---|---|---|\n")
	for _, e := range v.Events {
		pos := ""
		if e.QueuePosition != nil {
			pos = fmt.Sprint(*e.QueuePosition)
		}
		w.f("| %s | %s | %s |\n", stamp(e.At), e.Status, pos)
	}
	w.json("Request body", v.BodyJSON)
	w.json("Last status", v.StatusJSON)
	w.json("Result", v.ResultJSON)
	w.json("Failure", v.FailureJSON)
}

// calls writes the native exchanges at the end.
func (w *mdWriter) calls(calls []Call) {
	if len(calls) == 0 {
		return
	}
	w.f("\n## Calls\n")
	for i, c := range calls {
		w.f("\n### Call %d · %s · HTTP %d · %s\n", i+1, c.Endpoint, c.HTTPStatus, stamp(c.StartedAt))
		w.json("Request", c.RequestJSON)
		w.json("Response", c.ResponseJSON)
	}
}

// json writes a collapsed, indented JSON block.
func (w *mdWriter) json(label string, raw json.RawMessage) {
	if len(raw) == 0 {
		return
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		b.Reset()
		b.Write(raw)
	}
	fence := "```"
	for strings.Contains(b.String(), fence) {
		fence += "`"
	}
	w.f("\n<details><summary>%s</summary>\n\n%sjson\n%s\n%s\n\n</details>\n", label, fence, b.String(), fence)
}

// media copies a media file beside the Markdown and returns its link.
func (w *mdWriter) media(rel string) string {
	src, err := w.s.MediaPath(rel)
	if err != nil {
		return rel
	}
	link := w.mediaDir + "/" + filepath.Base(src)
	dst := filepath.Join(w.dir, filepath.FromSlash(link))
	if err := CopyFile(src, dst); err != nil {
		if os.IsNotExist(err) {
			return link + " (missing from the data directory)"
		}
		w.err = err
	}
	// A video's recipe travels with it (an image carries its own).
	if side := recipe.SidecarPath(src); side != src {
		if err := CopyFile(side, recipe.SidecarPath(dst)); err != nil && !os.IsNotExist(err) {
			w.err = err
		}
	}
	return link
}

// CopyFile copies src to dst, creating dst's folder: an export's media,
// a shared page's (internal/share).
func CopyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// writeFileAtomic writes a file through a temporary one and a rename.
func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

// slug makes a short file-name part of a title.
func slug(s string) string {
	s = strings.Trim(slugRE.ReplaceAllString(strings.ToLower(s), "-"), "-")
	if len(s) > 40 {
		s = strings.TrimRight(s[:40], "-")
	}
	return s
}

// stamp formats a time for the export.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "?"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

// cmpTitle stands in for an empty heading.
func cmpTitle(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(untitled)"
	}
	return strings.ReplaceAll(s, "\n", " ")
}

// nonEmpty drops empty strings.
func nonEmpty(ss ...string) []string {
	var out []string
	for _, s := range ss {
		if s != "" {
			out = append(out, s)
		}
	}
	return out
}
