package imagetab

import (
	"context"
	"image"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/limits"
	"atelier/internal/share"
	"atelier/store"
	"atelier/ui/components/list"
	"atelier/ui/components/sharepage"
	"atelier/ui/components/strip"
	"atelier/ui/tab"
)

// galleryLimit is how many earlier jobs the gallery lists.
const galleryLimit = 200

// thumbSide is the longest side a gallery image is kept at, and
// thumbsKept how many are kept.
const (
	thumbSide  = 768
	thumbsKept = 24
)

// gallery lists earlier image jobs, newest first, in the list component
// (cursor, window, a filter on model and prompt), with their thumbnails.
type gallery struct {
	jobs   list.Model[store.ImageJob]
	loaded bool
	err    error
	seq    int // the load whose answer counts
	thumbs *strip.Cache[thumb]
	alts   map[int64][]int64 // the alternatives of each job listed that has some (galleryalts.go)
}

// thumb is a job's first image, decoded for the gallery.
type thumb struct {
	img image.Image
	err error
}

type (
	galleryLoadedMsg struct {
		seq  int
		jobs []store.ImageJob
		alts map[int64][]int64
		err  error
	}
	thumbLoadedMsg struct {
		rel string
		thumb
	}
	// jobFilledMsg is an earlier job read back as a form.
	jobFilledMsg struct {
		id   int64
		spec spec
		err  error
	}
)

// openGallery shows the gallery and loads the jobs afresh.
func (m Model) openGallery() (Model, tea.Cmd) {
	if m.db == nil {
		return m, tab.Warn("no history here: the gallery needs the data folder")
	}
	m.form.blur()
	m.area = galleryArea
	return m, m.gallery.reload(m.db)
}

// reload reads the jobs from db afresh; a reply to an earlier reload is
// dropped when it comes.
func (g *gallery) reload(db *store.Store) tea.Cmd {
	g.seq++
	seq := g.seq
	return func() tea.Msg {
		jobs, err := db.ImageJobs(context.Background(), store.ImageQuery{Limit: galleryLimit})
		msg := galleryLoadedMsg{seq: seq, jobs: jobs, err: err}
		if err == nil {
			msg.alts, msg.err = db.AlternativeGroups(context.Background(), store.AltImageJob, jobIDs(jobs))
		}
		return result(msg)
	}
}

// followStore reads the gallery open again when the store changed while
// the tab shows it, or changed out of sight and the tab is shown now: a
// job another process made shows, the cursor staying on its job.
func (m *Model) followStore(msg tea.Msg) tea.Cmd {
	if (m.area != galleryArea && m.area != stripArea) || m.db == nil || !m.stale.Follow(msg, tab.Image) {
		return nil
	}
	if m.area == stripArea {
		var cmd tea.Cmd
		m.strip, cmd = m.strip.Follow()
		return cmd
	}
	return m.gallery.reload(m.db)
}

// jobsLoaded shows the jobs read, then loads the selected one's image
// from db.
func (g *gallery) jobsLoaded(msg galleryLoadedMsg, db *store.Store) tea.Cmd {
	if msg.seq != g.seq {
		return nil
	}
	g.jobs.SetItems(msg.jobs)
	g.err, g.loaded, g.alts = msg.err, true, msg.alts
	return g.loadThumb(db)
}

// newJobList is the gallery's list of jobs: found by model or prompt.
func newJobList() list.Model[store.ImageJob] {
	return list.New(list.Options[store.ImageJob]{
		ID:   func(j store.ImageJob) string { return strconv.FormatInt(j.ID, 10) },
		Name: func(j store.ImageJob) string { return oneLine(j.Prompt) },
		Match: func(j store.ImageJob, q string) bool { // label:NAME keeps a label's jobs, as in Video and History
			if l, rest, ok := tab.LabelTerm(q); ok {
				if !tab.SameLabel(j.Label, l) {
					return false
				}
				q = rest
			}
			return strings.Contains(strings.ToLower(j.Model+" "+j.Prompt+" "+j.Label), q)
		},
	})
}

// galleryExit is what a key in the gallery asks of the tab: to close it,
// or to take the job's image (in) to the form, to edit.
type galleryExit struct {
	close bool
	edit  bool
	in    inputRef
	label *store.ImageJob // L: the job whose label to ask for
}

// key acts on the job selected (db holds it; open shows it), else moves
// through the jobs or filters them in a tab height tall; while the filter
// is typed, it has every key. With an edit, cmd says why there is no image
// to edit, if there is none.
func (g *gallery) key(msg tea.KeyPressMsg, km keyMap, height int, db *store.Store, open func(string) error) (cmd tea.Cmd, out galleryExit) {
	job, ok := g.selected()
	switch {
	case g.jobs.Filtering():
	case key.Matches(msg, km.Back):
		return nil, galleryExit{close: true}
	case !ok:
	case key.Matches(msg, km.Open):
		return openJob(db, open, job), out
	case key.Matches(msg, km.Rerun):
		return fillFrom(db, job), out
	case key.Matches(msg, km.EditThis):
		in, warn := jobEditRef(db, job)
		return warn, galleryExit{edit: true, in: in}
	case key.Matches(msg, km.Recipe, km.Vary):
		return recipeOf(jobPath(db, job), key.Matches(msg, km.Vary)), out
	case key.Matches(msg, km.Share):
		return sharepage.Cmd(db, share.Options{}, share.Ref{Item: store.ItemRef{Kind: store.KindImage, ID: job.ID}}), out
	case key.Matches(msg, km.ToVideo):
		return toVideo(jobPath(db, job), job.Prompt), out
	case key.Matches(msg, km.Label):
		return nil, galleryExit{label: &job}
	case key.Matches(msg, km.PrevAlt, km.NextAlt):
		return g.stepAlt(job, key.Matches(msg, km.NextAlt), db), out
	}
	return g.update(msg, height, db), out
}

// update moves through the jobs or filters them in a tab height tall,
// then loads the selected one's image from db.
func (g *gallery) update(msg tea.KeyPressMsg, height int, db *store.Store) tea.Cmd {
	var cmd tea.Cmd
	g.jobs.SetHeight(g.listRows(height))
	g.jobs, cmd = g.jobs.Update(msg)
	return tea.Batch(cmd, g.loadThumb(db))
}

// jobPath is the file the gallery shows for j, "" when it kept none.
func jobPath(db *store.Store, j store.ImageJob) string {
	f, ok := shownFile(j)
	if !ok {
		return ""
	}
	path, err := db.MediaPath(f.Path)
	if err != nil {
		return ""
	}
	return path
}

// selected is the job under the cursor.
func (g gallery) selected() (store.ImageJob, bool) { return g.jobs.Selected() }

// shownFile is the file the gallery shows for a job, as the strip of
// variants does: its first result, else the partial image kept from a
// stream cut short.
var shownFile = strip.ShownFile

// loadThumb reads and decodes the selected job's image from db, once.
func (g *gallery) loadThumb(db *store.Store) tea.Cmd {
	job, ok := g.selected()
	f, has := shownFile(job)
	if !ok || !has || !g.thumbs.Want(f.Path) {
		return nil
	}
	rel := f.Path
	return func() tea.Msg {
		msg := thumbLoadedMsg{rel: rel}
		path, err := db.MediaPath(rel)
		var b []byte
		if err == nil {
			b, err = limits.ReadFile(path, limits.Image, "image file")
		}
		if err == nil {
			msg.img, err = decodeSmall(b, thumbSide)
		}
		msg.err = err
		return result(msg)
	}
}

// thumbLoaded keeps a decoded image, dropping the oldest past thumbsKept
// (forget frees its picture in the terminal).
func (g *gallery) thumbLoaded(msg thumbLoadedMsg, forget func(key string) tea.Cmd) tea.Cmd {
	var cmds []tea.Cmd
	for _, old := range g.thumbs.Put(msg.rel, msg.thumb) {
		cmds = append(cmds, forget(thumbKey(old)))
	}
	return tea.Batch(cmds...)
}

func thumbKey(rel string) string { return "gallery:" + rel }
