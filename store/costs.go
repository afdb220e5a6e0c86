package store

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"atelier/client"
	"atelier/store/price"
)

// The costs of history items, from what each recorded and the person's
// rates (store/price): nil wherever a rate is missing.

// MessageCost is the cost of one reply.
func MessageCost(t price.Table, m Message) *float64 {
	if m.Role != "assistant" {
		return nil
	}
	return t.Reply(m.Model, price.Usage{Input: m.Usage.InputTokens, Output: m.Usage.OutputTokens})
}

// ImageJobCost is the cost of an image job: its result images, or its
// token usage, at the model's rates.
func ImageJobCost(t price.Table, j ImageJob) *float64 {
	n := 0
	for _, f := range j.Files {
		if !f.Partial {
			n++
		}
	}
	return imageCost(t, j.Model, j.SettingsJSON, j.UsageJSON, n, j.Files != nil)
}

// imageCost is an image job's cost from its columns: done result images
// of the job, or, when it kept no file at all, the n its settings asked.
func imageCost(t price.Table, model string, settings, usage json.RawMessage, done int, files bool) *float64 {
	var st struct {
		Size, Quality string
		N             int
	}
	json.Unmarshal(settings, &st)
	if !files {
		done = max(st.N, 1)
	}
	var u *price.Usage
	if got, ok := price.UsageOf(usage); ok {
		u = &got
	}
	return t.Image(model, st.Size, st.Quality, done, u)
}

// VideoTaskCost is the cost of a video task that did not fail: its length
// at the endpoint's price for its resolution.
func VideoTaskCost(t price.Table, v VideoTask) *float64 {
	if len(v.FailureJSON) > 0 {
		return nil
	}
	var body map[string]any
	d := json.NewDecoder(bytes.NewReader(v.BodyJSON))
	d.UseNumber()
	d.Decode(&body)
	return VideoCost(t, v.Endpoint, body)
}

// VideoCost is what a video request costs: the resolution and duration
// its body names, where it names none the endpoint's documented defaults
// (what the service will make). One rule for the command line, the tabs
// and the day's count.
func VideoCost(t price.Table, endpoint string, body map[string]any) *float64 {
	if len(t) == 0 {
		return nil
	}
	return videoCostWith(t, endpoint, body, videoDefaults(endpoint))
}

// videoDefault is what an endpoint makes when a body names no resolution
// or duration.
type videoDefault struct {
	res  string
	secs float64
}

// videoDefaults reads an endpoint's defaults from the client's table (an
// unknown endpoint has none).
func videoDefaults(endpoint string) videoDefault {
	var d videoDefault
	if e, _, err := client.LookupVideoEndpoint(endpoint); err == nil {
		if f, ok := e.Field("resolution"); ok {
			d.res = f.Default
		}
		if f, ok := e.Field("duration"); ok {
			_, d.secs = price.VideoParams(map[string]any{"duration": f.Default})
		}
	}
	return d
}

// videoCostWith is VideoCost with the endpoint's defaults already read:
// a sum over many tasks reads them once per endpoint.
func videoCostWith(t price.Table, endpoint string, body map[string]any, d videoDefault) *float64 {
	res, secs := price.VideoParams(body)
	if res == "" {
		res = d.res
	}
	if secs == 0 {
		secs = d.secs
	}
	return t.Video(endpoint, res, secs)
}

// ItemCost is the cost of one history item: a conversation's replies
// summed (nil if any is not known), an image job's, a video task's.
func (s *Store) ItemCost(ctx context.Context, ref ItemRef, t price.Table) (*float64, error) {
	if len(t) == 0 {
		return nil, nil
	}
	switch ref.Kind {
	case KindImage:
		j, err := s.ImageJob(ctx, ref.ID)
		if err != nil {
			return nil, err
		}
		return ImageJobCost(t, *j), nil
	case KindVideo:
		id, err := s.videoRequestID(ctx, ref.ID)
		if err != nil {
			return nil, err
		}
		v, err := s.VideoTask(ctx, id)
		if err != nil {
			return nil, err
		}
		return VideoTaskCost(t, *v), nil
	}
	rows, err := s.r.QueryContext(ctx, `SELECT model, COALESCE(input_tokens, 0), COALESCE(output_tokens, 0)
		FROM messages WHERE conversation_id = ? AND role = 'assistant'`, ref.ID)
	if err != nil {
		return nil, fmt.Errorf("item cost: %w", err)
	}
	return sumReplies(rows, t)
}

// sumReplies adds up rows of (model, input, output): nil when none has a
// known cost, and nil too when any reply's cost is not known, since a sum
// that leaves one out would pretend.
func sumReplies(rows *sql.Rows, t price.Table) (*float64, error) {
	defer rows.Close()
	var sum *float64
	for rows.Next() {
		var m Message
		m.Role = "assistant"
		if err := rows.Scan(&m.Model, &m.Usage.InputTokens, &m.Usage.OutputTokens); err != nil {
			return nil, err
		}
		c := MessageCost(t, m)
		if c == nil {
			return nil, rows.Err()
		}
		if sum == nil {
			sum = new(float64)
		}
		*sum += *c
	}
	return sum, rows.Err()
}

// SpentSince is what the history has cost since a moment (the start of
// today, for the day's budget): every reply, image job and video task at
// the rates known; items without a known cost count nothing.
func (s *Store) SpentSince(ctx context.Context, since time.Time, t price.Table) (float64, error) {
	if len(t) == 0 {
		return 0, nil
	}
	from := since.UnixMilli()
	total := 0.0
	add := func(c *float64) {
		if c != nil {
			total += *c
		}
	}
	rows, err := s.r.QueryContext(ctx, `SELECT model, COALESCE(input_tokens, 0), COALESCE(output_tokens, 0)
		FROM messages WHERE role = 'assistant' AND created_at >= ?`, from)
	if err != nil {
		return 0, fmt.Errorf("spent: %w", err)
	}
	for rows.Next() {
		m := Message{Role: "assistant"}
		if err := rows.Scan(&m.Model, &m.Usage.InputTokens, &m.Usage.OutputTokens); err != nil {
			rows.Close()
			return 0, fmt.Errorf("spent: %w", err)
		}
		add(MessageCost(t, m))
	}
	rows.Close()
	jobs, err := s.imageJobsWhere(ctx, `created_at >= ? AND status = ? ORDER BY id`, from, StatusComplete)
	if err != nil {
		return 0, fmt.Errorf("spent: %w", err)
	}
	if err := s.attachImageFiles(ctx, jobs); err != nil {
		return 0, fmt.Errorf("spent: %w", err)
	}
	for _, j := range jobs {
		add(ImageJobCost(t, j))
	}
	// Newest first, a page at a time, until the tasks are older than since.
	q := VideoQuery{Limit: 200}
	for {
		tasks, err := s.VideoTasks(ctx, q)
		if err != nil {
			return 0, fmt.Errorf("spent: %w", err)
		}
		for _, v := range tasks {
			if v.SubmittedAt.Before(since) {
				return total, nil
			}
			add(VideoTaskCost(t, v))
		}
		if len(tasks) < q.Limit {
			break
		}
		c := tasks[len(tasks)-1].Cursor()
		q.Before = &c
	}
	return total, nil
}
