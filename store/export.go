package store

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"atelier/internal/termtext"
)

// ExportFormat names the layout of the document ExportJSON writes.
const ExportFormat = "atelier-export/1"

// exportDoc is ExportJSON's document: one item with everything kept of it,
// the native request and response JSON of its calls included.
type exportDoc struct {
	Format       string              `json:"format"`
	Kind         Kind                `json:"kind"`
	Conversation *exportConversation `json:"conversation,omitempty"`
	ImageJob     *exportImageJob     `json:"image_job,omitempty"`
	VideoTask    *exportVideoTask    `json:"video_task,omitempty"`
	Tags         []string            `json:"tags,omitempty"`
	Votes        []exportVote        `json:"votes,omitempty"`
	Calls        []exportCall        `json:"calls"`
}

type exportConversation struct {
	ID        int64           `json:"id"`
	Title     string          `json:"title"`
	CreatedAt time.Time       `json:"created_at"`
	UpdatedAt time.Time       `json:"updated_at"`
	Messages  []exportMessage `json:"messages"`
	Lanes     []exportLane    `json:"lanes,omitempty"`
	// A chat with alternatives or branches (tree.go): the ids of the path
	// kept (the one shown last), and each place it forks.
	KeptPath []int64 `json:"kept_path,omitempty"`
	Forks    []Fork  `json:"forks,omitempty"`
	// Alternatives are a comparison's group run beside each other
	// (ctrl+r in Compare), itself among them, oldest first.
	Alternatives []int64 `json:"alternatives,omitempty"`
}

type exportMessage struct {
	ID           int64           `json:"id"`
	ParentID     int64           `json:"parent_id,omitempty"` // the message it follows (tree.go)
	Turn         int             `json:"turn"`
	Lane         int             `json:"lane"`
	Role         string          `json:"role"`
	Family       string          `json:"family,omitempty"`
	Model        string          `json:"model,omitempty"`
	Settings     json.RawMessage `json:"settings,omitempty"`
	Text         string          `json:"text"`
	Thinking     string          `json:"thinking,omitempty"`
	Status       string          `json:"status"`
	Error        string          `json:"error,omitempty"`
	StopReason   string          `json:"stop_reason,omitempty"`
	InputTokens  int64           `json:"input_tokens,omitempty"`
	OutputTokens int64           `json:"output_tokens,omitempty"`
	TTFTMillis   int64           `json:"ttft_ms,omitempty"`
	TotalMillis  int64           `json:"total_ms,omitempty"`
	CreatedAt    time.Time       `json:"created_at"`
	Cost         *float64        `json:"cost,omitempty"` // at the rates set; a finished reply's
}

type exportLane struct {
	Turn     int             `json:"turn"`
	Lane     int             `json:"lane"`
	Family   string          `json:"family"`
	Model    string          `json:"model"`
	Settings json.RawMessage `json:"settings,omitempty"`
	Rating   int             `json:"rating,omitempty"`
	Note     string          `json:"note,omitempty"`
	Winner   bool            `json:"winner,omitempty"`
}

type exportImageJob struct {
	ID          int64           `json:"id"`
	Endpoint    string          `json:"endpoint"`
	Model       string          `json:"model"`
	Prompt      string          `json:"prompt"`
	Settings    json.RawMessage `json:"settings,omitempty"`
	Request     json.RawMessage `json:"request,omitempty"`
	Response    json.RawMessage `json:"response,omitempty"`
	Usage       json.RawMessage `json:"usage,omitempty"`
	Status      string          `json:"status"`
	Error       string          `json:"error,omitempty"`
	TotalMillis int64           `json:"total_ms,omitempty"`
	CreatedAt   time.Time       `json:"created_at"`
	Files       []ImageFile     `json:"files"`
	Inputs      []ImageInput    `json:"inputs,omitempty"`
	Cost        *float64        `json:"cost,omitempty"` // at the rates set
	Lineage     *exportLineage  `json:"lineage,omitempty"`
	Label       string          `json:"label,omitempty"` // the idea it belongs to (labels.go)
	// Alternatives are the jobs run beside each other (r in the Image
	// results), itself among them, oldest first.
	Alternatives []int64 `json:"alternatives,omitempty"`
}

// exportLineage is where an image job's pictures came from and went:
// the jobs it edited, the jobs that edited it, the videos made from it.
type exportLineage struct {
	Parents []int64          `json:"parents,omitempty"` // image jobs, oldest first
	Edits   []int64          `json:"edits,omitempty"`   // image jobs, oldest first
	Videos  []exportVideoRef `json:"videos,omitempty"`
}

// exportVideoRef names a video task.
type exportVideoRef struct {
	ID        int64  `json:"id"`
	RequestID string `json:"request_id"`
	Endpoint  string `json:"endpoint"`
	Status    string `json:"status"`
}

type exportVideoTask struct {
	RequestID   string          `json:"request_id"`
	Endpoint    string          `json:"endpoint"`
	Family      string          `json:"family"`
	Mode        string          `json:"mode,omitempty"`
	Prompt      string          `json:"prompt"`
	Body        json.RawMessage `json:"body,omitempty"`
	Webhook     string          `json:"webhook,omitempty"`
	Status      string          `json:"status"`
	StatusURL   string          `json:"status_url,omitempty"`
	ResponseURL string          `json:"response_url,omitempty"`
	LastStatus  json.RawMessage `json:"last_status,omitempty"`
	Result      json.RawMessage `json:"result,omitempty"`
	Failure     json.RawMessage `json:"failure,omitempty"`
	// DownloadFailed is why the video of a task the service completed
	// was not saved: such a task is not done.
	DownloadFailed string       `json:"download_failed,omitempty"`
	VideoPath      string       `json:"video_path,omitempty"`
	SubmittedAt    time.Time    `json:"submitted_at"`
	CompletedAt    *time.Time   `json:"completed_at,omitempty"`
	Events         []VideoEvent `json:"events"`
	Cost           *float64     `json:"cost,omitempty"`          // at the rates set
	Sources        []VideoInput `json:"source_images,omitempty"` // the images it was made from (lineage)
	Label          string       `json:"label,omitempty"`         // the idea it belongs to (labels.go)
}

type exportCall struct {
	ID          int64           `json:"id"`
	MessageID   int64           `json:"message_id,omitempty"`
	Family      string          `json:"family,omitempty"`
	Endpoint    string          `json:"endpoint"`
	HTTPStatus  int             `json:"http_status,omitempty"`
	Error       string          `json:"error,omitempty"`
	StartedAt   time.Time       `json:"started_at"`
	TTFTMillis  int64           `json:"ttft_ms,omitempty"`
	TotalMillis int64           `json:"total_ms,omitempty"`
	Request     json.RawMessage `json:"request,omitempty"`
	Response    json.RawMessage `json:"response,omitempty"`
	Usage       json.RawMessage `json:"usage,omitempty"`
}

// ExportJSON writes one history item as an indented JSON document (see
// ExportFormat) with the native request and response JSON of its calls,
// every control character in it escaped as \uXXXX.
// Media are referred to by their paths relative to the data directory.
func (s *Store) ExportJSON(ctx context.Context, ref ItemRef, w io.Writer) error {
	doc, err := s.export(ctx, ref)
	if err != nil {
		return err
	}
	// Every control character is escaped alike: encoding/json escapes C0
	// in strings but leaves DEL and C1 (the one-byte CSI, U+009B) raw.
	enc := json.NewEncoder(termtext.JSONWriter(w))
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("export %s %d: %w", ref.Kind, ref.ID, err)
	}
	return nil
}

// itemData is everything kept of one item, as the exports read it.
type itemData struct {
	conv    *Conversation
	image   *ImageJob
	lineage *Lineage // an image job's
	alts    []int64  // a comparison's or an image job's group of alternatives, when it has one
	video   *VideoTask
	calls   []Call
	votes   []Vote
	tags    []string
}

// load reads an item and its calls.
func (s *Store) load(ctx context.Context, ref ItemRef) (*itemData, error) {
	var d itemData
	var f CallFilter
	var err error
	switch ref.Kind {
	case KindChat, KindCompare:
		d.conv, err = s.Conversation(ctx, ref.ID)
		if err == nil && d.conv.Kind == KindCompare {
			d.alts, err = s.CompareAlternatives(ctx, ref.ID)
		}
		f.ConversationID = ref.ID
	case KindImage:
		if d.image, err = s.ImageJob(ctx, ref.ID); err == nil {
			d.lineage, err = s.ImageLineage(ctx, ref.ID)
		}
		if err == nil {
			d.alts, err = s.Alternatives(ctx, AltImageJob, ref.ID)
		}
		f.ImageJobID = ref.ID
	case KindVideo:
		var rid string
		if rid, err = s.videoRequestID(ctx, ref.ID); err == nil {
			d.video, err = s.VideoTask(ctx, rid)
		}
		f.VideoTaskID = ref.ID
	default:
		err = fmt.Errorf("unknown kind %q", ref.Kind)
	}
	if err == nil {
		d.calls, err = s.Calls(ctx, f)
	}
	if err == nil {
		err = s.loadVotes(ctx, ref, &d)
	}
	if err != nil {
		return nil, fmt.Errorf("export %s %d: %w", ref.Kind, ref.ID, err)
	}
	return &d, nil
}

// export builds ExportJSON's document.
func (s *Store) export(ctx context.Context, ref ItemRef) (*exportDoc, error) {
	d, err := s.load(ctx, ref)
	if err != nil {
		return nil, err
	}
	doc := &exportDoc{Format: ExportFormat, Kind: ref.Kind, Calls: []exportCall{}}
	costs := exportCosts{s.exportPrices()}
	if c := d.conv; c != nil {
		doc.Kind = c.Kind
		ec := &exportConversation{ID: c.ID, Title: c.Title, CreatedAt: c.CreatedAt, UpdatedAt: c.UpdatedAt,
			Messages: []exportMessage{}}
		for _, m := range c.Messages {
			ec.Messages = append(ec.Messages, exportMessage{ID: m.ID, ParentID: m.ParentID, Turn: m.Turn, Lane: m.Lane, Role: m.Role,
				Family: m.Family, Model: m.Model, Settings: js(m.SettingsJSON), Text: m.Text, Thinking: m.Thinking,
				Status: m.Status, Error: m.Error, StopReason: m.StopReason, InputTokens: m.Usage.InputTokens,
				OutputTokens: m.Usage.OutputTokens, TTFTMillis: m.TTFT.Milliseconds(),
				TotalMillis: m.Total.Milliseconds(), CreatedAt: m.CreatedAt, Cost: costs.reply(m)})
		}
		for _, l := range c.Lanes {
			ec.Lanes = append(ec.Lanes, exportLane{Turn: l.Turn, Lane: l.Lane, Family: l.Family, Model: l.Model,
				Settings: js(l.SettingsJSON), Rating: l.Rating, Note: l.Note, Winner: l.Winner})
		}
		if c.Kind == KindChat && Forked(c.Messages) {
			for _, st := range KeptPath(c.Messages) {
				ec.KeptPath = append(ec.KeptPath, st.ID)
			}
			ec.Forks = Forks(c.Messages)
		}
		ec.Alternatives = group(d.alts)
		doc.Conversation = ec
	}
	if j := d.image; j != nil {
		doc.ImageJob = &exportImageJob{ID: j.ID, Endpoint: j.Endpoint, Model: j.Model, Prompt: j.Prompt,
			Settings: js(j.SettingsJSON), Request: js(j.RequestJSON), Response: js(j.ResponseJSON), Usage: js(j.UsageJSON),
			Status: j.Status, Error: j.Error, TotalMillis: j.Total.Milliseconds(), CreatedAt: j.CreatedAt,
			Files: nonNil(j.Files), Inputs: j.Inputs, Cost: costs.image(j), Lineage: lineageOf(d.lineage),
			Label: j.Label, Alternatives: group(d.alts)}
	}
	if v := d.video; v != nil {
		ev := &exportVideoTask{RequestID: v.RequestID, Endpoint: v.Endpoint, Family: v.Family, Mode: v.Mode,
			Prompt: v.Prompt, Body: js(v.BodyJSON), Webhook: v.Webhook, Status: v.Status, StatusURL: v.StatusURL,
			ResponseURL: v.ResponseURL, LastStatus: js(v.StatusJSON), Result: js(v.ResultJSON), Failure: js(v.FailureJSON),
			VideoPath: v.VideoPath, SubmittedAt: v.SubmittedAt, Events: nonNil(v.Events), Cost: costs.video(v),
			Sources: v.Inputs, Label: v.Label}
		if v.DownloadFailed() {
			ev.DownloadFailed = v.DownloadError
		}
		if !v.CompletedAt.IsZero() {
			ev.CompletedAt = &v.CompletedAt
		}
		doc.VideoTask = ev
	}
	doc.Tags, doc.Votes = d.tags, exportVotes(d.votes)
	for _, c := range d.calls {
		doc.Calls = append(doc.Calls, exportCall{ID: c.ID, MessageID: c.MessageID, Family: c.Family,
			Endpoint: c.Endpoint, HTTPStatus: c.HTTPStatus, Error: c.Error, StartedAt: c.StartedAt,
			TTFTMillis: c.TTFT.Milliseconds(), TotalMillis: c.Total.Milliseconds(),
			Request: js(c.RequestJSON), Response: js(c.ResponseJSON), Usage: js(c.UsageJSON)})
	}
	return doc, nil
}

// group is a group of alternatives as the export writes it: nil for an
// item alone.
func group(alts []int64) []int64 {
	if len(alts) < 2 {
		return nil
	}
	return alts
}

// lineageOf is an image job's lineage as the export writes it; nil when
// the job has none.
func lineageOf(l *Lineage) *exportLineage {
	if l == nil || len(l.Ancestors)+len(l.Descendants)+len(l.Videos) == 0 {
		return nil
	}
	var out exportLineage
	for _, j := range l.Ancestors {
		out.Parents = append(out.Parents, j.ID)
	}
	for _, j := range l.Descendants {
		out.Edits = append(out.Edits, j.ID)
	}
	for _, v := range l.Videos {
		out.Videos = append(out.Videos, exportVideoRef{ID: v.ID, RequestID: v.RequestID, Endpoint: v.Endpoint, Status: v.Status})
	}
	return &out
}

// js passes valid JSON through and turns anything else a row may hold (a
// cut stream's bytes, say) into a JSON string, so one bad column cannot
// make the whole export fail.
func js(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || json.Valid(raw) {
		return raw
	}
	b, _ := json.Marshal(string(raw))
	return b
}

// nonNil makes an empty list encode as [] rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// ExportFiles writes both exports of one item into dir (made if needed):
// the Markdown file with its media folder, and the JSON beside it under
// the same name. It returns their absolute paths.
func (s *Store) ExportFiles(ctx context.Context, ref ItemRef, dir string) (md, js string, err error) {
	abs, err := filepath.Abs(dir)
	if err == nil {
		err = os.MkdirAll(abs, 0o755)
	}
	if err != nil {
		return "", "", fmt.Errorf("export: %w", err)
	}
	md, err = s.ExportMarkdown(ctx, ref, abs)
	if err != nil {
		return "", "", err
	}
	js = strings.TrimSuffix(md, ".md") + ".json"
	f, err := os.Create(js)
	if err != nil {
		return md, "", fmt.Errorf("export: %w", err)
	}
	err = s.ExportJSON(ctx, ref, f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(js)
		return md, "", err
	}
	return md, js, nil
}
