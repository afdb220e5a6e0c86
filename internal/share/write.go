package share

import (
	"bytes"
	"context"
	_ "embed"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"atelier/store"
)

// ballotScript is the ballot's one script, allowed by its hash.
//
//go:embed ballot.js
var ballotScript string

// Options tunes a page.
type Options struct {
	// EmbedLimit is the largest image embedded in the page; 0: EmbedLimit.
	EmbedLimit int64
	// Now is the page's "made" time; nil: time.Now.
	Now func() time.Time
	// Board selects the votes of a shared leaderboard (its Kind comes from
	// the ref).
	Board BoardOptions
	// Perm draws a ballot's letters: Perm(n)[k] is the lane shown as
	// letter k; nil: a random order per question.
	Perm func(n int) []int
}

func (o Options) now() time.Time {
	if o.Now != nil {
		return o.Now()
	}
	return time.Now()
}

// Result is what a page wrote.
type Result struct {
	Path   string   // the page, absolute
	Beside []string // media written beside it, in FILE_files/
	Ballot string   // a ballot's id
}

// Write writes one page of refs at path (FILE.html), media that are not
// embedded in FILE_files/ beside it.
func Write(ctx context.Context, db *store.Store, refs []Ref, path string, o Options) (Result, error) {
	path, m, err := start(refs, path, o)
	if err != nil {
		return Result{}, err
	}
	p := page{}
	for _, r := range refs {
		var s section
		switch {
		case r.Board != "":
			bo := o.Board
			bo.Kind = r.Board
			s, err = boardSection(ctx, db, bo)
		case r.Batch != 0:
			s, err = batchSection(ctx, db, r.Batch, m)
		case len(r.Group) > 1:
			err = fmt.Errorf("share %s: a group is for a ballot (--ballot); share each item alone", r)
		default:
			s, err = itemSection(ctx, db, r.Item, m)
		}
		if err != nil {
			return m.abort(err)
		}
		p.Sections = append(p.Sections, s)
	}
	p.Title = "atelier · " + titleOf(p.Sections[0])
	return finish(path, m, p, "", o)
}

// WriteBallot makes a ballot of refs (comparisons, image jobs or video
// tasks judged together), records it in db, and writes its page at path.
func WriteBallot(ctx context.Context, db *store.Store, refs []Ref, path string, o Options) (Result, error) {
	path, m, err := start(refs, path, o)
	if err != nil {
		return Result{}, err
	}
	perm := o.Perm
	if perm == nil {
		perm = rand.Perm
	}
	var qs []question
	for _, r := range refs {
		more, err := questionsOf(ctx, db, r, m, perm, len(qs)+1)
		if err != nil {
			return m.abort(err)
		}
		qs = append(qs, more...)
	}
	if len(qs) > 99 {
		return m.abort(fmt.Errorf("ballot: %d questions: at most 99 on one page", len(qs)))
	}
	var bqs []store.BallotQuestion
	for _, q := range qs {
		bqs = append(bqs, q.BallotQuestion)
	}
	b, err := db.CreateBallot(ctx, bqs)
	if err != nil {
		return m.abort(err)
	}
	v := &ballotView{ID: b.ID}
	for _, q := range qs {
		letters := store.Letters(len(q.Targets))
		for k := range q.view.Lanes {
			q.view.Lanes[k].Letter = letters[k]
			q.view.Letters += letters[k]
		}
		q.view.Ranking = len(letters) > 2
		v.Questions = append(v.Questions, q.view)
	}
	res, err := finish(path, m, page{Title: "atelier · a blind ballot", BallotID: b.ID, Ballot: v}, ballotScript, o)
	res.Ballot = b.ID
	return res, err
}

// start checks the page's path and makes its media placer.
func start(refs []Ref, path string, o Options) (string, *media, error) {
	if len(refs) == 0 {
		return "", nil, errors.New("share: nothing to share: give an item, e.g. compare:12")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", nil, fmt.Errorf("share: %w", err)
	}
	if filepath.Ext(abs) != ".html" {
		return "", nil, fmt.Errorf("share: -o %s: want a file name ending in .html", path)
	}
	limit := o.EmbedLimit
	if limit <= 0 {
		limit = EmbedLimit
	}
	return abs, newMedia(abs, limit), nil
}

// abort removes what was written beside the page.
func (m *media) abort(err error) (Result, error) {
	for _, f := range m.wrote {
		os.Remove(f)
	}
	os.Remove(m.dir) // only if empty: a folder of the person's own stays
	return Result{}, err
}

// finish renders the page and writes it in place through a temporary file.
func finish(path string, m *media, p page, script string, o Options) (Result, error) {
	var b bytes.Buffer
	if err := render(&b, p, script, o.now()); err != nil {
		return m.abort(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return m.abort(fmt.Errorf("share: %w", err))
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".share-*.html")
	if err != nil {
		return m.abort(fmt.Errorf("share: %w", err))
	}
	_, werr := tmp.Write(b.Bytes())
	if err := errors.Join(werr, tmp.Close()); err != nil {
		os.Remove(tmp.Name())
		return m.abort(fmt.Errorf("share: %w", err))
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return m.abort(fmt.Errorf("share: %w", err))
	}
	return Result{Path: path, Beside: m.wrote}, nil
}

// titleOf names a page by its first section.
func titleOf(s section) string {
	switch {
	case s.Conv != nil:
		return s.Conv.Title
	case s.Image != nil:
		return fmt.Sprintf("image %d", s.Image.ID)
	case s.Video != nil:
		return "video"
	case s.Batch != nil:
		return fmt.Sprintf("batch %d: %s", s.Batch.ID, s.Batch.Name)
	case s.Board != nil:
		return s.Board.Kind + " leaderboard"
	}
	return "shared"
}
