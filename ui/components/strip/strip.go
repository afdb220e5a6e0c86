// Package strip is the strip of variants: every image of one
// recipe lineage (store.ImageVariants: the same prompt, its variants,
// re-runs and edits) as a row of thumbnails, oldest first, with the one
// field that tells each from its neighbour written under it (Labels).
// ←/→ move a cursor along it; R reloads the chosen one's recipe (prompt,
// target, settings, input images) into the Image form. The Image gallery
// and History open it on the same key (s) and show this one component.
//
// It follows the store: Follow reads the lineage again (the tab calls it
// when the shell says the store changed), the cursor staying on its job.
// Thumbnails are drawn by the tab's painter: kitty placeholders or half
// blocks in the Image tab (its imageview.Viewer), half blocks in History
// (its imageview.Preview); where the painter draws nothing (images off)
// each is a cell of text.
package strip

import (
	"context"
	"errors"
	"fmt"
	"image"
	"slices"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/limits"
	"atelier/store"
	"atelier/ui/components/style"
	"atelier/ui/imageview"
)

// thumbSide is the longest side a thumbnail is kept at: a tile of 30
// cells is about 300 pixels wide in kitty.
const thumbSide = 384

// thumbsKept is how many decoded thumbnails the strip keeps.
const thumbsKept = 48

// Model is the strip.
type Model struct {
	// KeyMap is the strip's keys.
	KeyMap KeyMap
	// Styles are its looks.
	Styles Styles

	wrap   func(tea.Msg) tea.Msg    // addresses a command's answer to the tab
	forget func(key string) tea.Cmd // frees a thumbnail's picture in the terminal

	db     *store.Store
	of     int64 // the job it was opened on
	open   bool
	seq    int // the load whose answer counts
	loaded bool
	err    error
	jobs   []store.ImageJob
	labels []string
	cursor int
	keep   int64 // the job the cursor stays on across a reload
	w, h   int
	thumbs *Cache[thumb]
}

// thumb is a decoded thumbnail, or why there is none.
type thumb struct {
	img image.Image
	err error
}

type (
	loadedMsg struct {
		seq  int
		jobs []store.ImageJob
		err  error
	}
	thumbMsg struct {
		rel string
		thumb
	}
)

// New returns a closed strip. wrap addresses its commands' answers to
// the tab (tab.Result with the tab's id); forget frees a thumbnail the
// terminal holds (imageview.Viewer.Forget), nil when nothing is held.
func New(wrap func(tea.Msg) tea.Msg, forget func(key string) tea.Cmd) Model {
	if forget == nil {
		forget = func(string) tea.Cmd { return nil }
	}
	return Model{KeyMap: DefaultKeyMap(), Styles: DefaultStyles(true), wrap: wrap, forget: forget,
		thumbs: NewCache[thumb](thumbsKept)}
}

// Open shows the lineage of job id from db, the cursor on that job.
func (m Model) Open(db *store.Store, id int64) (Model, tea.Cmd) {
	m.db, m.of, m.open, m.keep, m.loaded, m.err = db, id, true, id, false, nil
	m.jobs, m.labels, m.cursor = nil, nil, 0
	return m, m.load()
}

// Close hides the strip; its thumbnails stay for the next opening.
func (m Model) Close() Model {
	m.open = false
	m.seq++ // an answer on its way is dropped
	return m
}

// Summary names what the strip shows, for the status bar: "variants ·
// 3 of 7".
func (m Model) Summary() string {
	if len(m.jobs) == 0 {
		return "variants"
	}
	return fmt.Sprintf("variants · %d of %d", m.cursor+1, len(m.jobs))
}

// IsOpen reports whether the strip shows.
func (m Model) IsOpen() bool { return m.open }

// SetSize sets the room the strip draws in.
func (m *Model) SetSize(w, h int) { m.w, m.h = w, h }

// Follow reads the lineage again, the cursor staying on its job: call it
// when the store changed while the strip shows.
func (m Model) Follow() (Model, tea.Cmd) {
	if !m.open || m.db == nil {
		return m, nil
	}
	if j, ok := m.Selected(); ok {
		m.keep = j.ID
	}
	return m, m.load()
}

// load reads the lineage in a command; an answer to an earlier load is
// dropped when it comes.
func (m *Model) load() tea.Cmd {
	m.seq++
	seq, db, wrap := m.seq, m.db, m.wrap
	// Any job of a lineage reads the whole of it: the one opened first,
	// then those shown, for a job deleted meanwhile.
	from := []int64{m.of}
	for _, j := range m.jobs {
		from = append(from, j.ID)
	}
	return func() tea.Msg {
		var jobs []store.ImageJob
		var err error
		for _, id := range from {
			if jobs, err = db.ImageVariants(context.Background(), id); !errors.Is(err, store.ErrNotFound) {
				break
			}
		}
		return wrap(loadedMsg{seq: seq, jobs: jobs, err: err})
	}
}

// Selected is the job under the cursor.
func (m Model) Selected() (store.ImageJob, bool) {
	if m.cursor < 0 || m.cursor >= len(m.jobs) {
		return store.ImageJob{}, false
	}
	return m.jobs[m.cursor], true
}

// Update takes the strip's own answers and, while it is open, its keys;
// handled is false for anything else (and for esc, which the tab takes
// to close it, and keys the strip has no use for).
func (m Model) Update(msg tea.Msg) (_ Model, cmd tea.Cmd, handled bool) {
	switch msg := msg.(type) {
	case loadedMsg:
		if msg.seq != m.seq {
			return m, nil, true
		}
		m.loaded, m.err = true, msg.err
		if msg.err == nil {
			m.setJobs(msg.jobs)
		}
		return m, m.loadThumbs(), true
	case thumbMsg:
		return m, m.thumbLoaded(msg), true
	case reloadMsg:
		return m, reloaded(msg), true
	case tea.KeyPressMsg:
		if !m.open {
			return m, nil, false
		}
		return m.key(msg)
	case tea.MouseWheelMsg: // a notch is a variant: the strip is short
		if !m.open {
			return m, nil, false
		}
		m, cmd = m.moveTo(m.cursor + sign(style.WheelStep(msg)))
		return m, cmd, true
	}
	return m, nil, false
}

// Answer is Update for a tab that routes keys itself, by what has the
// keyboard: the strip's own answers and, while it is open, the wheel;
// handled is false for a key and anything else.
func (m Model) Answer(msg tea.Msg) (_ Model, cmd tea.Cmd, handled bool) {
	if _, isKey := msg.(tea.KeyPressMsg); isKey {
		return m, nil, false
	}
	return m.Update(msg)
}

// setJobs shows a lineage read, the cursor on the job it was on (or the
// one opened), else as near its place as the strip now allows.
func (m *Model) setJobs(jobs []store.ImageJob) {
	m.jobs, m.labels = jobs, Labels(jobs)
	if i := slices.IndexFunc(jobs, func(j store.ImageJob) bool { return j.ID == m.keep }); i >= 0 {
		m.cursor = i
		return
	}
	m.cursor = max(0, min(m.cursor, len(jobs)-1))
}

// key moves the cursor or reloads the chosen job into the form.
func (m Model) key(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k := m.KeyMap
	to := m.cursor
	switch {
	case key.Matches(msg, k.Prev):
		to--
	case key.Matches(msg, k.Next):
		to++
	case key.Matches(msg, k.First):
		to = 0
	case key.Matches(msg, k.Last):
		to = len(m.jobs) - 1
	case key.Matches(msg, k.Reload):
		j, ok := m.Selected()
		if !ok {
			return m, nil, true
		}
		return m, m.reload(j), true
	default:
		return m, nil, false
	}
	m, cmd := m.moveTo(to)
	return m, cmd, true
}

// moveTo puts the cursor on job i (within the strip) and loads the
// thumbnails that come into sight.
func (m Model) moveTo(i int) (Model, tea.Cmd) {
	m.cursor = max(0, min(i, len(m.jobs)-1))
	if j, ok := m.Selected(); ok {
		m.keep = j.ID
	}
	return m, m.loadThumbs()
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}

// loadThumbs reads and decodes, once each, the thumbnails of the tiles in
// sight.
func (m *Model) loadThumbs() tea.Cmd {
	first, shown, _ := m.window()
	var cmds []tea.Cmd
	for _, j := range m.jobs[first : first+shown] {
		f, ok := ShownFile(j)
		if !ok || !m.thumbs.Want(f.Path) {
			continue
		}
		cmds = append(cmds, m.decode(f.Path))
	}
	return tea.Batch(cmds...)
}

// decode reads a file of the data folder and shrinks it to a thumbnail.
func (m *Model) decode(rel string) tea.Cmd {
	db, wrap := m.db, m.wrap
	return func() tea.Msg {
		msg := thumbMsg{rel: rel}
		path, err := db.MediaPath(rel)
		var b []byte
		if err == nil {
			b, err = limits.ReadFile(path, limits.Image, "image file")
		}
		var img image.Image
		if err == nil {
			img, _, err = imageview.Decode(b, imageview.Limits{})
		}
		if err == nil {
			msg.img = imageview.Shrink(img, thumbSide, thumbSide)
		}
		msg.err = err
		return wrap(msg)
	}
}

// thumbLoaded keeps a thumbnail, dropping the oldest past thumbsKept.
func (m *Model) thumbLoaded(msg thumbMsg) tea.Cmd {
	var cmds []tea.Cmd
	for _, old := range m.thumbs.Put(msg.rel, msg.thumb) {
		cmds = append(cmds, m.forget(m.ThumbKey(old)))
	}
	return tea.Batch(cmds...)
}

// ThumbKey names a thumbnail for the painter: apart from the gallery's
// own picture of the same file, which is drawn at another size.
func (m Model) ThumbKey(rel string) string { return "strip:" + rel }

// ShownFile is the file a job shows: its first result, else the last
// partial image kept from a stream cut short.
func ShownFile(j store.ImageJob) (store.ImageFile, bool) {
	for _, f := range j.Files {
		if !f.Partial {
			return f, true
		}
	}
	if len(j.Files) > 0 {
		return j.Files[len(j.Files)-1], true
	}
	return store.ImageFile{}, false
}
