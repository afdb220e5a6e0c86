package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"atelier/batch/judge"
	"atelier/client"
	"atelier/store"
)

// Options tune a run; the zero value means the defaults.
type Options struct {
	// Concurrency is how many requests of one family run at once; 0 means
	// the plan's, else DefaultConcurrency.
	Concurrency int
	// RetryFailed runs again the cells that failed in an earlier run.
	RetryFailed bool
	// Progress, when set, receives the run's state at each change (the
	// latest, when the listener is slower than the run) and is closed after
	// the final report. The listener must read it to its end.
	Progress chan<- Progress
	// Clock is the time of the waits; nil means real time.
	Clock client.Clock
	// Attempts bounds the requests sent for one cell when the service says
	// to retry (429, 5xx, overloaded, a refused connection); 0 means 6.
	Attempts int
}

// Create records a new batch for plan, read from file, with every cell
// pending, and returns its id. Run runs it.
func Create(ctx context.Context, db *store.Store, plan *Plan, file string) (int64, error) {
	raw, err := json.Marshal(plan)
	if err != nil {
		return 0, err
	}
	cells := make([]store.CellKey, plan.Cells())
	for i := range cells {
		c, t, r := plan.Cell(i)
		cells[i] = store.CellKey{Cell: i, Prompt: plan.Cases[c].Prompt, Case: c, Target: t, Repeat: r}
	}
	return db.NewBatch(ctx, plan.Name, file, raw, cells)
}

// LoadPlan reads a batch's plan back from the store.
func LoadPlan(b *store.Batch) (*Plan, error) {
	var p Plan
	if err := json.Unmarshal(b.PlanJSON, &p); err != nil {
		return nil, fmt.Errorf("batch %d: its plan: %w", b.ID, err)
	}
	if p.Repeats < 1 || len(p.Targets) == 0 {
		return nil, fmt.Errorf("batch %d: its plan has no targets or repeats", b.ID)
	}
	return &p, nil
}

// Run runs the cells of batch id that are not done — all of them for a new
// batch, the rest for a stopped or killed one — and records each as it
// finishes. It returns when every cell has ended or ctx is cancelled; the
// cells then running are recorded as interrupted, and a later Run resumes
// with them. The error is nil when the run went through, whatever the
// cells' fate; the final Progress counts them.
func Run(ctx context.Context, c *client.Client, db *store.Store, id int64, o Options) (Progress, error) {
	pumping := false // once the run starts, its pump closes o.Progress
	defer func() {
		if o.Progress != nil && !pumping {
			close(o.Progress)
		}
	}()
	b, err := db.Batch(ctx, id)
	if err != nil {
		return Progress{}, err
	}
	plan, err := LoadPlan(b)
	if err != nil {
		return Progress{}, err
	}
	targets, images, err := runTargets(plan)
	if err != nil {
		return Progress{}, fmt.Errorf("batch %d: %w", id, err)
	}
	if err := db.TakeBatch(ctx, id); err != nil {
		return Progress{}, err
	}
	cells, err := db.BatchCells(ctx, id)
	if err == nil && len(cells) != plan.Cells() {
		err = fmt.Errorf("batch %d: %d cells stored for a plan of %d", id, len(cells), plan.Cells())
	}
	if err != nil {
		db.ReleaseBatch(context.WithoutCancel(ctx), id)
		return Progress{}, err
	}
	r := newRun(c, db, b.ID, plan, targets, o)
	r.images = images
	if plan.HasRubric() {
		if r.judge, err = judge.New(c, db, plan.Judge); err != nil {
			db.ReleaseBatch(context.WithoutCancel(ctx), id)
			return Progress{}, fmt.Errorf("batch %d: %w", id, err)
		}
		r.judge.Title, r.judge.BatchID = fmt.Sprintf("batch %s: judge %s", plan.Name, plan.Judge), id
		if r.gates[r.judge.Target.Family] == nil {
			r.gates[r.judge.Target.Family] = newGate(r.o.Concurrency, r.o.Clock)
		}
	}
	r.start(cells)
	pumping = true
	p := r.wait(ctx)
	if _, err := db.ReleaseBatch(context.WithoutCancel(ctx), id); err != nil {
		return p, err
	}
	if ctx.Err() != nil {
		return p, ctx.Err()
	}
	return p, nil
}

// runTargets are the plan's targets as the run sends them: chat targets,
// or for an image batch its image requests, with chat targets standing in
// for them that name only their family (images are gamma's) and model,
// which is all the gates and queues read.
func runTargets(plan *Plan) ([]client.ChatTarget, []client.ImageRequest, error) {
	if !plan.IsImage() {
		t, err := plan.ChatTargets()
		return t, nil, err
	}
	images, err := plan.ImageTargets()
	if err != nil {
		return nil, nil, err
	}
	targets := make([]client.ChatTarget, len(images))
	for i, req := range images {
		targets[i] = client.ChatTarget{Family: client.Gamma, Model: req.Model}
	}
	return targets, images, nil
}

// run is one Run under way.
type run struct {
	c       *client.Client // retries nothing by itself: the gates do
	db      *store.Store
	id      int64
	plan    *Plan
	targets []client.ChatTarget
	images  []client.ImageRequest // an image batch's targets, by index; nil for chat
	judge   *judge.Judge          // grades the rubric checks; nil without
	o       Options
	gates   map[client.Group]*gate
	queues  map[client.Group][]store.BatchCell
	begun   time.Time

	mu       sync.Mutex
	p        Progress
	reports  chan Progress // to the pump; nil without a listener
	pumpDone chan struct{}
}

func newRun(c *client.Client, db *store.Store, id int64, plan *Plan, targets []client.ChatTarget, o Options) *run {
	if o.Clock == nil {
		o.Clock = client.SystemClock{}
	}
	if o.Attempts <= 0 {
		o.Attempts = 6
	}
	if o.Concurrency <= 0 {
		o.Concurrency = plan.Concurrency
	}
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	own := *c // a copy: the run decides retries itself, so that a 429 holds the whole family
	own.MaxRetries = 0
	r := &run{c: &own, db: db, id: id, plan: plan, targets: targets, o: o,
		gates: map[client.Group]*gate{}, queues: map[client.Group][]store.BatchCell{}}
	for _, t := range targets {
		if r.gates[t.Family] == nil {
			r.gates[t.Family] = newGate(o.Concurrency, o.Clock)
		}
	}
	return r
}

// start counts the cells and queues those to run, per family, in plan
// order.
func (r *run) start(cells []store.BatchCell) {
	r.begun = r.o.Clock.Now()
	r.p = Progress{BatchID: r.id, Total: len(cells)}
	for _, cell := range cells {
		switch {
		case cell.Status == store.CellDone:
			r.p.Done++
		case cell.Status == store.CellFailed && !r.o.RetryFailed:
			r.p.Failed++
		default:
			fam := r.targets[cell.Target].Family
			r.queues[fam] = append(r.queues[fam], cell)
		}
	}
	if r.o.Progress != nil {
		r.reports, r.pumpDone = make(chan Progress), make(chan struct{})
		go func() {
			pump(r.reports, r.o.Progress)
			close(r.pumpDone)
		}()
		r.report(func(*Progress) {})
	}
}

// wait runs every family's queue with its gate's number of workers and
// returns the final progress.
func (r *run) wait(ctx context.Context) Progress {
	var wg sync.WaitGroup
	for fam, queue := range r.queues {
		next := make(chan store.BatchCell, len(queue))
		for _, cell := range queue {
			next <- cell
		}
		close(next)
		for range min(r.o.Concurrency, len(queue)) {
			wg.Go(func() {
				for cell := range next {
					if ctx.Err() != nil {
						return
					}
					r.cell(ctx, r.gates[fam], cell)
				}
			})
		}
	}
	wg.Wait()
	r.report(func(p *Progress) { p.Final = true })
	if r.reports != nil {
		close(r.reports)
		<-r.pumpDone
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.p
}

// report changes the progress and sends it to the listener.
func (r *run) report(change func(*Progress)) {
	r.mu.Lock()
	change(&r.p)
	r.p.Elapsed = r.o.Clock.Now().Sub(r.begun)
	r.p = r.p.withRate()
	defer r.mu.Unlock()
	if r.reports != nil {
		r.reports <- r.p // under the lock, so reports arrive in order; the pump takes them at once
	}
}
