package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// Item is one entry of the history: a conversation, an image job or a video
// task, in the shape a list shows.
type Item struct {
	Kind      Kind
	ID        int64
	RequestID string // a video task's request id
	Title     string // a conversation's title, or the prompt
	Family    string
	Model     string // for a video task: its endpoint
	Status    string // image: StatusComplete...; video: the service's word, "failed" or VideoDownloadFailed; empty for conversations
	At        time.Time
}

// Ref returns the reference to the item, for Delete and the exports.
func (it Item) Ref() ItemRef { return ItemRef{Kind: it.Kind, ID: it.ID} }

// Cursor returns the position after it in a listing.
func (it Item) Cursor() Cursor { return Cursor{At: it.At, Kind: it.Kind, ID: it.ID} }

// ItemRef names one history item.
type ItemRef struct {
	Kind Kind // chat and compare are interchangeable: both name a conversation
	ID   int64
}

// ItemFilter selects history items. Zero fields select everything.
type ItemFilter struct {
	Kind   Kind
	Family string // a conversation matches if any of its messages used it
	Model  string
	Status string // a conversation matches if any of its messages has it
	Since  time.Time
	Until  time.Time // exclusive
	Limit  int       // default 50
	Before *Cursor
	// After lists the items before this position instead, newest first
	// still: the Limit nearest to it, for paging back towards the newest.
	After *Cursor
	Marks Marks // tags and votes (items_marks.go)
	// Batch lists the cells of this batch (its conversations or image
	// jobs) instead. When 0, batch cells stay with their batch: the
	// listing shows each batch as one item (KindBatch), not its cells.
	Batch int64
}

// itemArm is one table's part of the history listing.
type itemArm struct {
	rank   int // order among items at the same instant
	kinds  []Kind
	table  string // with the alias t
	cols   string // kind, id, request id, title, family, model, status
	at     string // the time column
	family string // conditions with one parameter each
	model  string
	status string
	cells  bool // its rows may be batch cells (t.batch_id)
}

// itemArms are the three tables of the history.
var itemArms = []itemArm{
	{rank: 0, kinds: []Kind{KindChat, KindCompare}, table: "conversations t",
		cols: "t.kind, t.id, '', t.title, t.family, t.model, ''", at: "t.updated_at",
		family: "EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = t.id AND m.family = ?)",
		model:  "EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = t.id AND m.model = ?)",
		status: "EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = t.id AND m.status = ?)", cells: true},
	{rank: 1, kinds: []Kind{KindImage}, table: "image_jobs t",
		cols: "'image', t.id, '', t.prompt, 'gamma', t.model, t.status", at: "t.created_at",
		family: "'gamma' = ?", model: "t.model = ?", status: "t.status = ?", cells: true},
	{rank: 2, kinds: []Kind{KindVideo}, table: "video_tasks t",
		cols: "'video', t.id, t.request_id, t.prompt, t.family, t.endpoint, " + videoStatusExpr, at: "t.submitted_at",
		family: "t.family = ?", model: "t.endpoint = ?", status: videoStatusExpr + " = ?"},
	// A batch has no family or model of its own: those filters leave it out.
	{rank: 3, kinds: []Kind{KindBatch}, table: "batches t",
		cols: "'batch', t.id, '', t.name, '', '', t.status", at: "t.created_at",
		family: "'' = ?", model: "'' = ?", status: "t.status = ?"},
}

// videoStatusExpr is a video task's status word in listings: a task the
// service completed whose video was not saved is not listed COMPLETED.
const videoStatusExpr = "CASE WHEN t.failure_json IS NOT NULL THEN 'failed' WHEN t.download_error IS NOT NULL THEN '" +
	VideoDownloadFailed + "' ELSE t.status END"

// rankOf is a kind's rank in itemArms.
func rankOf(k Kind) int {
	for _, a := range itemArms {
		for _, ak := range a.kinds {
			if ak == k {
				return a.rank
			}
		}
	}
	return 0
}

// Items lists the history across kinds, newest first. Each table gives at
// most Limit rows through its time index before the union is sorted, so a
// page costs the same at any depth of history.
func (s *Store) Items(ctx context.Context, f ItemFilter) ([]Item, error) {
	if f.Limit <= 0 {
		f.Limit = 50
	}
	convs, err := s.rareConversations(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("list history: %w", err)
	}
	var arms []string
	var args []any
	for _, a := range itemArms {
		q, aargs, ok := a.query(f, convs)
		if !ok {
			continue
		}
		arms = append(arms, "SELECT * FROM ("+q+")")
		args = append(args, aargs...)
	}
	if len(arms) == 0 {
		return nil, fmt.Errorf("list history: unknown kind %q", f.Kind)
	}
	args = append(args, f.Limit)
	order := " ORDER BY 8 DESC, 9, 2 DESC LIMIT ?"
	if f.After != nil {
		order = " ORDER BY 8, 9 DESC, 2 LIMIT ?" // nearest first; reversed below
	}
	out, err := selectAll(ctx, s.r, scanItem, strings.Join(arms, " UNION ALL ")+order, args...)
	if err != nil {
		return nil, fmt.Errorf("list history: %w", err)
	}
	if f.After != nil {
		slices.Reverse(out)
	}
	return out, nil
}

// scanItem reads a row of the history listing (its rank column read and dropped).
func scanItem(sc rowScanner) (Item, error) {
	var it Item
	var at sql.NullInt64
	var rank int
	err := sc.Scan(&it.Kind, &it.ID, &it.RequestID, &it.Title, &it.Family, &it.Model, &it.Status, &at, &rank)
	it.At = fromMS(at)
	return it, err
}

// query builds one arm's SELECT, or reports that the filter excludes it.
// convs, when not nil, are the only conversations the filter can match.
func (a itemArm) query(f ItemFilter, convs *idSet) (string, []any, bool) {
	var where []string
	var args []any
	switch {
	case f.Batch != 0 && !a.cells:
		return "", nil, false // a batch's cells are conversations or image jobs
	case f.Batch != 0:
		where, args = append(where, "t.batch_id = ?"), append(args, f.Batch)
	case a.cells:
		where = append(where, "t.batch_id IS NULL")
	}
	if f.Marks.Any() && markColumns[a.rank] == "" {
		return "", nil, false // nothing marks a batch: its cells carry the marks
	}
	if convs != nil && a.rank == 0 {
		if len(convs.ids) == 0 {
			return "", nil, false
		}
		where = append(where, "t.id IN ("+convs.list()+")")
	}
	if f.Kind != "" {
		found := false
		for _, k := range a.kinds {
			found = found || k == f.Kind
		}
		if !found {
			return "", nil, false
		}
		if len(a.kinds) > 1 {
			where, args = append(where, "t.kind = ?"), append(args, f.Kind)
		}
	}
	for _, c := range []struct{ cond, val string }{{a.family, f.Family}, {a.model, f.Model}, {a.status, f.Status}} {
		if c.val != "" {
			where, args = append(where, c.cond), append(args, c.val)
		}
	}
	if mw, margs := f.Marks.conds(a.rank); len(mw) > 0 {
		where, args = append(where, mw...), append(args, margs...)
	}
	if !f.Since.IsZero() {
		where, args = append(where, a.at+" >= ?"), append(args, ms(f.Since))
	}
	if !f.Until.IsZero() {
		where, args = append(where, a.at+" < ?"), append(args, ms(f.Until))
	}
	if c := f.Before; c != nil {
		switch r := rankOf(c.Kind); {
		case a.rank > r:
			where, args = append(where, a.at+" <= ?"), append(args, ms(c.At))
		case a.rank == r:
			where, args = append(where, "("+a.at+", t.id) < (?, ?)"), append(args, ms(c.At), c.ID)
		default:
			where, args = append(where, a.at+" < ?"), append(args, ms(c.At))
		}
	}
	order := "DESC"
	if c := f.After; c != nil {
		order = "ASC"
		switch r := rankOf(c.Kind); {
		case a.rank < r:
			where, args = append(where, a.at+" >= ?"), append(args, ms(c.At))
		case a.rank == r:
			where, args = append(where, "("+a.at+", t.id) > (?, ?)"), append(args, ms(c.At), c.ID)
		default:
			where, args = append(where, a.at+" > ?"), append(args, ms(c.At))
		}
	}
	if len(where) == 0 {
		where = []string{"1"}
	}
	args = append(args, f.Limit)
	return fmt.Sprintf("SELECT %s, %s, %d FROM %s WHERE %s ORDER BY %s %s, t.id %s LIMIT ?",
		a.cols, a.at, a.rank, a.table, strings.Join(where, " AND "), a.at, order, order), args, true
}

// Delete deletes a history item with its files.
func (s *Store) Delete(ctx context.Context, ref ItemRef) error {
	switch ref.Kind {
	case KindChat, KindCompare:
		return s.DeleteConversation(ctx, ref.ID)
	case KindImage:
		return s.DeleteImageJob(ctx, ref.ID)
	case KindVideo:
		id, err := s.videoRequestID(ctx, ref.ID)
		if err != nil {
			return err
		}
		return s.DeleteVideoTask(ctx, id)
	case KindBatch:
		return s.DeleteBatch(ctx, ref.ID)
	}
	return fmt.Errorf("delete: unknown kind %q", ref.Kind)
}

// videoRequestID finds a video task's request id from its row id.
func (s *Store) videoRequestID(ctx context.Context, id int64) (string, error) {
	var rid string
	err := s.r.QueryRowContext(ctx, `SELECT request_id FROM video_tasks WHERE id = ?`, id).Scan(&rid)
	if errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("video task %d: %w", id, ErrNotFound)
	}
	return rid, err
}
