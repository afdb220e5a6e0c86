package store

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"atelier/store/price"
)

// What the history cost, summed by day, by model and by kind:
// the History tab's costs view. Replies are summed by SQLite, grouped by
// kind, model and quarter hour (every time zone's offset is a whole number
// of quarters, so the quarters fall into the person's days exactly), and
// costed per group: a reply's cost is linear in its tokens. Image jobs and
// video tasks are costed one by one from a few columns, as their prices
// depend on their settings.

// CostQuery selects what CostSums adds up. Zero fields select everything.
type CostQuery struct {
	Since, Until time.Time // Until exclusive
	Kind         Kind
	Family       string
	Model        string         // a model, or a video endpoint
	Loc          *time.Location // where days begin; nil: time.Local
}

// CostSum is one line of a costs table.
type CostSum struct {
	Key      string // "2006-01-02", a model or endpoint, a kind
	Cost     float64
	Count    int // replies, image jobs and video tasks with a known cost
	Unpriced int // those without one: a rate is missing; not in Cost
}

// CostSums are the three tables and their total.
type CostSums struct {
	Days   []CostSum // newest first
	Models []CostSum // dearest first
	Kinds  []CostSum // chat, compare, image, video: those with anything
	Total  CostSum   // Key ""
}

// quarter is the bucket replies are grouped in, in milliseconds.
const quarter = 15 * 60 * 1000

// CostSums adds up what the items q selects cost at the rates of t: every
// reply, every finished image job, every video task that did not fail (as
// SpentSince counts them). With no rates, nothing is counted.
func (s *Store) CostSums(ctx context.Context, q CostQuery, t price.Table) (CostSums, error) {
	if len(t) == 0 {
		return CostSums{}, nil
	}
	if q.Loc == nil {
		q.Loc = time.Local
	}
	acc := costAcc{loc: q.Loc, days: map[string]*CostSum{}, models: map[string]*CostSum{}, kinds: map[string]*CostSum{}}
	for _, add := range []func(context.Context, CostQuery, price.Table, *costAcc) error{s.replySums, s.imageSums, s.videoSums} {
		if err := add(ctx, q, t, &acc); err != nil {
			return CostSums{}, fmt.Errorf("cost sums: %w", err)
		}
	}
	return acc.sums(), nil
}

// costWhere is a query's conditions, joined by AND, and their arguments.
type costWhere struct {
	where []string
	args  []any
}

func (w *costWhere) add(cond string, args ...any) {
	w.where, w.args = append(w.where, cond), append(w.args, args...)
}

func (w *costWhere) sql() string { return strings.Join(append([]string{"1"}, w.where...), " AND ") }

func timeWhere(q CostQuery, at string) *costWhere {
	w := &costWhere{}
	if !q.Since.IsZero() {
		w.add(at+" >= ?", ms(q.Since))
	}
	if !q.Until.IsZero() {
		w.add(at+" < ?", ms(q.Until))
	}
	return w
}

// wantsKind reports whether q's kind filter lets a kind through.
func (q CostQuery) wantsKind(k ...Kind) bool { return q.Kind == "" || slices.Contains(k, q.Kind) }

func (s *Store) replySums(ctx context.Context, q CostQuery, t price.Table, acc *costAcc) error {
	if !q.wantsKind(KindChat, KindCompare) {
		return nil
	}
	w := timeWhere(q, "m.created_at")
	if !q.Since.IsZero() {
		// A conversation is touched by every message added (a trigger), so
		// one with a message since then was updated since then: its index
		// finds them without reading every message.
		w.add("c.updated_at >= ?", ms(q.Since))
	}
	w.add("m.role = 'assistant'")
	if q.Kind != "" {
		w.add("c.kind = ?", q.Kind)
	}
	if q.Family != "" {
		w.add("m.family = ?", q.Family)
	}
	if q.Model != "" {
		w.add("m.model = ?", q.Model)
	}
	// Replies that used no input (or no output) are apart from those that
	// did: a missing rate unknowns only the counts that need it.
	rows, err := s.r.QueryContext(ctx, `SELECT c.kind, m.model, m.created_at / `+fmt.Sprint(quarter)+`,
		count(*), sum(ifnull(m.input_tokens, 0)), sum(ifnull(m.output_tokens, 0))
		FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE `+w.sql()+`
		GROUP BY 1, 2, 3, ifnull(m.input_tokens, 0) > 0, ifnull(m.output_tokens, 0) > 0`, w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var kind, model string
		var bucket, in, out int64
		var n int
		if err := rows.Scan(&kind, &model, &bucket, &n, &in, &out); err != nil {
			return err
		}
		cost := MessageCost(t, Message{Role: RoleAssistant, Model: model, Usage: Usage{InputTokens: in, OutputTokens: out}})
		acc.add(time.UnixMilli(bucket*quarter), kind, model, cost, n)
	}
	return rows.Err()
}

func (s *Store) imageSums(ctx context.Context, q CostQuery, t price.Table, acc *costAcc) error {
	if !q.wantsKind(KindImage) || q.Family != "" && q.Family != "gamma" {
		return nil
	}
	w := timeWhere(q, "j.created_at")
	w.add("j.status = ?", StatusComplete)
	if q.Model != "" {
		w.add("j.model = ?", q.Model)
	}
	rows, err := s.r.QueryContext(ctx, `SELECT j.model, j.settings_json, j.usage_json, j.created_at,
		(SELECT count(*) FROM image_files f WHERE f.job_id = j.id AND f.partial = 0),
		EXISTS (SELECT 1 FROM image_files f WHERE f.job_id = j.id)
		FROM image_jobs j WHERE `+w.sql(), w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var model string
		var settings, usage []byte
		var at int64
		var done int
		var files bool
		if err := rows.Scan(&model, &settings, &usage, &at, &done, &files); err != nil {
			return err
		}
		acc.add(time.UnixMilli(at), string(KindImage), model, imageCost(t, model, settings, usage, done, files), 1)
	}
	return rows.Err()
}

func (s *Store) videoSums(ctx context.Context, q CostQuery, t price.Table, acc *costAcc) error {
	if !q.wantsKind(KindVideo) {
		return nil
	}
	w := timeWhere(q, "submitted_at")
	w.add("ifnull(length(failure_json), 0) = 0") // a failed task is not billed
	if q.Family != "" {
		w.add("family = ?", q.Family)
	}
	if q.Model != "" {
		w.add("endpoint = ?", q.Model)
	}
	rows, err := s.r.QueryContext(ctx, `SELECT endpoint, body_json, submitted_at FROM video_tasks WHERE `+w.sql(), w.args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	defaults := map[string]videoDefault{} // the client's table is built per lookup: once per endpoint
	for rows.Next() {
		var endpoint string
		var body []byte
		var at int64
		if err := rows.Scan(&endpoint, &body, &at); err != nil {
			return err
		}
		d, ok := defaults[endpoint]
		if !ok {
			d = videoDefaults(endpoint)
			defaults[endpoint] = d
		}
		var fields map[string]any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		dec.Decode(&fields) // a body that is not an object names nothing: the defaults
		acc.add(time.UnixMilli(at), string(KindVideo), endpoint, videoCostWith(t, endpoint, fields, d), 1)
	}
	return rows.Err()
}

// costAcc gathers the sums as rows are read.
type costAcc struct {
	loc                 *time.Location
	days, models, kinds map[string]*CostSum
	total               CostSum
}

// add counts n items of a kind and model made at at, which cost cost
// together (nil: not known).
func (a *costAcc) add(at time.Time, kind, model string, cost *float64, n int) {
	for _, s := range []*CostSum{a.sum(a.days, at.In(a.loc).Format(time.DateOnly)), a.sum(a.models, model),
		a.sum(a.kinds, kind), &a.total} {
		if cost == nil {
			s.Unpriced += n
			continue
		}
		s.Cost += *cost
		s.Count += n
	}
}

func (a *costAcc) sum(m map[string]*CostSum, key string) *CostSum {
	if s, ok := m[key]; ok {
		return s
	}
	s := &CostSum{Key: key}
	m[key] = s
	return s
}

// kindOrder is the order of the kinds table.
var kindOrder = []Kind{KindChat, KindCompare, KindImage, KindVideo}

func (a *costAcc) sums() CostSums {
	list := func(m map[string]*CostSum, less func(a, b CostSum) int) []CostSum {
		out := make([]CostSum, 0, len(m))
		for _, s := range m {
			out = append(out, *s)
		}
		slices.SortFunc(out, less)
		return out
	}
	return CostSums{
		Days: list(a.days, func(x, y CostSum) int { return strings.Compare(y.Key, x.Key) }),
		Models: list(a.models, func(x, y CostSum) int {
			return cmp.Or(cmp.Compare(y.Cost, x.Cost), strings.Compare(x.Key, y.Key))
		}),
		Kinds: list(a.kinds, func(x, y CostSum) int {
			return cmp.Compare(slices.Index(kindOrder, Kind(x.Key)), slices.Index(kindOrder, Kind(y.Key)))
		}),
		Total: a.total,
	}
}
