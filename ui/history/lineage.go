package history

import (
	"context"
	"fmt"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
)

// Lineage across kinds: an open video names the image it was
// made from, shown small with its id, never as the elided data URI its
// body keeps; an open image names the image it was edited from, the edits
// made from it and the videos made from it. An image job or a comparison
// run again beside another (r in the Image results, ctrl+r in Compare)
// names its alternatives, "alt 2 of 3" each. Each of these is a link: tab
// marks the next one, enter opens the one marked.

// link is an item the open one came from or led to.
type link struct {
	row  row
	what string // how it is related: "source image", "made from", "edit", "video"
}

// loadLineage reads what an item's links need: an image job's lineage, a
// video's source files.
func loadLineage(ctx context.Context, db *store.Store, it *loaded) error {
	var err error
	switch {
	case it.image != nil:
		if it.lineage, err = db.ImageLineage(ctx, it.image.ID); err == nil {
			it.alts, err = db.Alternatives(ctx, store.AltImageJob, it.image.ID)
		}
		return err
	case it.conv != nil && it.conv.Kind == store.KindCompare:
		it.alts, err = db.CompareAlternatives(ctx, it.conv.ID)
		return err
	case it.video != nil:
		for _, in := range it.video.Inputs {
			if in.JobID != 0 {
				it.files[in.Path] = stat(db, in.Path)
			}
		}
	}
	return nil
}

// links are the open item's links, in the order it shows them.
func (it *loaded) links() []link {
	var out []link
	if it.video != nil {
		for _, in := range it.video.Inputs {
			if in.JobID != 0 {
				out = append(out, link{what: "source image", row: row{ref: store.ItemRef{Kind: store.KindImage, ID: in.JobID},
					title: "image " + fmt.Sprint(in.JobID)}})
			}
		}
	}
	if l := it.lineage; l != nil {
		for _, j := range l.Ancestors {
			out = append(out, link{what: "made from", row: row{ref: store.ItemRef{Kind: store.KindImage, ID: j.ID}, title: j.Prompt}})
		}
		for _, j := range l.Descendants {
			out = append(out, link{what: "edit", row: row{ref: store.ItemRef{Kind: store.KindImage, ID: j.ID}, title: j.Prompt}})
		}
		for _, v := range l.Videos {
			out = append(out, link{what: "video", row: row{ref: store.ItemRef{Kind: store.KindVideo, ID: v.ID},
				requestID: v.RequestID, title: v.Prompt, model: v.Endpoint, status: v.Status}})
		}
	}
	return append(out, it.altLinks()...)
}

// altLinks are the other members of the open item's group of
// alternatives, each with its place in the group.
func (it *loaded) altLinks() []link {
	if len(it.alts) < 2 {
		return nil
	}
	var out []link
	for i, id := range it.alts {
		if id != it.ref.ID {
			out = append(out, link{what: fmt.Sprintf("alt %d of %d", i+1, len(it.alts)), row: row{ref: store.ItemRef{Kind: it.ref.Kind, ID: id}}})
		}
	}
	return out
}

// lineageBlock lists the links, the one marked first with ›; a video's
// source image is shown small above its line.
func (lc *layoutCtx) lineageBlock(it *loaded, marked int) []block {
	links := it.links()
	if len(links) == 0 {
		return nil
	}
	var lines []string
	for i, l := range links {
		if l.what == "source image" {
			lines = append(lines, lc.sourceThumb(it, i)...)
		}
		mark := "  "
		if i == marked {
			mark = "› "
		}
		text := fmt.Sprintf("%s%-13s %s:%d", mark, l.what, l.row.ref.Kind, l.row.ref.ID)
		if l.row.requestID != "" {
			text += " · " + termtext.String(l.row.requestID) + " · " + termtext.String(l.row.model) + " · " + termtext.String(l.row.status)
		}
		if l.row.title != "" && l.row.ref.Kind == store.KindImage && l.what != "source image" {
			text += " · " + termtext.String(l.row.title)
		}
		lines = append(lines, ansi.Truncate(text, lc.width-2, "…"))
	}
	lines = append(lines, lc.st.Hint.Render("tab marks the next link · enter opens it"))
	return []block{lc.section("Lineage", lines)}
}

// sourceThumb is a video's source image, small, over its path.
func (lc *layoutCtx) sourceThumb(it *loaded, i int) []string {
	n := 0
	for _, in := range it.video.Inputs {
		if in.JobID == 0 {
			continue
		}
		if n == i {
			f := store.ImageFile{ID: in.FileID, Path: in.Path}
			b := lc.thumb(it, f)
			return b.lines
		}
		n++
	}
	return nil
}

// linkKeys are an open item's link keys: tab marks the next, enter opens.
func linkKeys(k keyMap) []key.Binding {
	return []key.Binding{k.NextLink, k.OpenLink}
}

// sourceFields are the body's fields that held a source image of the
// history: the Lineage shows them, not their elided data URI.
func sourceFields(v *store.VideoTask) []string {
	var out []string
	for _, in := range v.Inputs {
		if in.JobID != 0 {
			out = append(out, in.Field)
		}
	}
	return out
}

// links are the open item's links, none until it is read.
func (r reader) links() []link {
	if r.it == nil || r.json {
		return nil
	}
	return r.it.links()
}
