package imagetab

import (
	"context"
	"errors"
	"fmt"
	"image"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// errNoService is what sending says before the shell has a client.
var errNoService = errors.New("no service yet: set the base URL in Settings (alt+6), or run atelier --demo")

// run is one send: a lane per model, one, or two or three to compare.
type run struct {
	id       int
	spec     spec // what was sent, for re-run
	cancel   context.CancelFunc
	stopping bool // esc was pressed; the lanes end as their streams notice
	lanes    []*lane
	blind    *blind // a blind comparison: lanes shown as letters until the vote; nil otherwise
}

// laneState is where a lane is in its life.
type laneState int

const (
	laneStarting  laneState = iota // reading inputs, recording, sending
	laneStreaming                  // events arriving
	laneSaving                     // the stream ended; files being written
	laneDone
	laneFailed
	laneStopped
	laneRefused // the request broke a rule: nothing was sent
)

// lane is one model's share of a run. Only Update touches it.
type lane struct {
	model   string
	state   laneState
	pull    *puller
	rec     jobRecord
	begin   time.Time
	acc     client.ImageAccumulator
	partial *picture  // the latest partial image of the image being made
	finals  []picture // the results, in the order they completed
	err     error
	refused []*client.ValidationError
	total   time.Duration
	job     int64 // the image job recorded; 0 before it ends, or when none was
}

// picture is one image on screen.
type picture struct {
	key     string      // the viewer's name for these pixels
	img     image.Image // display-sized; nil when it could not be decoded
	err     error       // why there is no preview
	partial int         // the partial image's number from 1; 0 for a result
	index   int         // the result's place in the reply (data[i])
	path    string      // where the person finds it, once saved
	media   string      // the copy under the data directory, for "edit this"
	fileID  int64       // its image_files row, for lineage
}

// laneRef names a lane of a run in messages.
type laneRef struct{ run, lane int }

func (r laneRef) key(what string, i int) string {
	return fmt.Sprintf("r%d-l%d-%s%d", r.run, r.lane, what, i)
}

// running reports whether a lane of r is still at work (false for no run).
func (r *run) running() bool {
	if r == nil {
		return false
	}
	for _, l := range r.lanes {
		if l.state < laneDone {
			return true
		}
	}
	return false
}

// lane returns the lane ref names, or nil for a stale ref (or no run).
func (r *run) lane(ref laneRef) *lane {
	if r == nil || r.id != ref.run || ref.lane < 0 || ref.lane >= len(r.lanes) {
		return nil
	}
	return r.lanes[ref.lane]
}

// send sends the form to its model, or shows why it cannot go.
func (m Model) send() (Model, tea.Cmd) {
	if p := droppedPath(m.form.prompt.Value()); p != "" && !m.form.spec().edit() {
		return m, readRecipe(p, false) // a path typed as the prompt: its recipe, as a drop
	}
	if m.form.problems() > 0 {
		m.area = formArea
		return m, m.form.showProblems()
	}
	return m.start([]string{m.form.spec().Model}, "")
}

// launch sends the form's request to each model at once, a lane each. A
// model whose request breaks a rule gets a refused lane and nothing sent.
// parent is the recipe a variation comes from ("" for none).
func (m Model) launch(models []string, parent string) (Model, tea.Cmd) {
	switch {
	case m.page.running():
		return m, tab.Warn("a run is under way: esc stops it")
	case m.client == nil:
		return m, tab.Warn(errNoService.Error())
	}
	s := m.form.spec()
	ctx, cancel := context.WithCancel(context.Background())
	var cmds []tea.Cmd
	m.page.seq++
	r := &run{id: m.page.seq, spec: s, cancel: cancel}
	for i, model := range models {
		l := &lane{model: model}
		if vs := s.violations(model); len(vs) > 0 {
			l.state, l.refused = laneRefused, vs
		} else {
			j := laneJob{ref: laneRef{r.id, i}, spec: s, model: model, client: m.client, db: m.db, outDir: m.outDir, parent: parent,
				altOf: m.page.besideJob(i, model)}
			cmds = append(cmds, j.cmd(ctx))
		}
		r.lanes = append(r.lanes, l)
	}
	if m.arena.blind && len(models) > 1 {
		r.blind = newBlind(m.db, m.arena.perm(len(models)), m.st.dark)
	}
	m.form.fields.Untry()
	cmds = append([]tea.Cmd{m.page.next(r)}, cmds...)
	return m.toResults(), tea.Batch(cmds...)
}

// stop cancels the streams under way (none for no run); what arrived is
// kept and recorded.
func (r *run) stop() {
	if r != nil {
		r.cancel()
		r.stopping = true
	}
}

// forget frees, in v, the images of the run being replaced.
func (r *run) forget(v *imageview.Viewer) tea.Cmd {
	if r == nil {
		return nil
	}
	var cmds []tea.Cmd
	for _, l := range r.lanes {
		for _, p := range l.pictures() {
			cmds = append(cmds, v.Forget(p.key))
		}
	}
	return tea.Batch(cmds...)
}

// pictures are the lane's images on screen: the results, then the
// partial image of the one being made.
func (l *lane) pictures() []picture {
	out := l.finals
	if l.partial != nil {
		out = append(out[:len(out):len(out)], *l.partial)
	}
	return out
}
