package share

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
	"time"

	"atelier/store"
)

// A history item is read through the store's JSON export
// (store.ExportFormat): the page shows what the export holds, minus the
// native calls and the service's URLs, which may name the base URL.

// exported is the part of an atelier-export/1 document a page shows.
type exported struct {
	Format       string `json:"format"`
	Kind         store.Kind
	Conversation *struct {
		ID        int64
		Title     string
		CreatedAt time.Time `json:"created_at"`
		Messages  []exportedMessage
		Lanes     []struct {
			Turn, Lane int
			Family     string
			Model      string
			Settings   json.RawMessage
			Rating     int
			Note       string
			Winner     bool
		}
	} `json:"conversation"`
	ImageJob *struct {
		ID          int64
		Endpoint    string
		Model       string
		Prompt      string
		Settings    json.RawMessage
		Status      string
		Error       string
		TotalMillis int64     `json:"total_ms"`
		CreatedAt   time.Time `json:"created_at"`
		Files       []store.ImageFile
		Inputs      []store.ImageInput
		Cost        *float64
	} `json:"image_job"`
	VideoTask *struct {
		Endpoint    string
		Family      string
		Mode        string
		Prompt      string
		Status      string
		VideoPath   string     `json:"video_path"`
		SubmittedAt time.Time  `json:"submitted_at"`
		CompletedAt *time.Time `json:"completed_at"`
		Events      []store.VideoEvent
		Cost        *float64
	} `json:"video_task"`
	Tags []string
}

type exportedMessage struct {
	Turn, Lane   int
	Role         string
	Family       string
	Model        string
	Settings     json.RawMessage
	Text         string
	Thinking     string
	Status       string
	Error        string
	StopReason   string    `json:"stop_reason"`
	InputTokens  int64     `json:"input_tokens"`
	OutputTokens int64     `json:"output_tokens"`
	TTFTMillis   int64     `json:"ttft_ms"`
	TotalMillis  int64     `json:"total_ms"`
	CreatedAt    time.Time `json:"created_at"`
	Cost         *float64
}

// readItem reads one history item as its JSON export has it.
func readItem(ctx context.Context, db *store.Store, ref store.ItemRef) (*exported, error) {
	var b bytes.Buffer
	if err := db.ExportJSON(ctx, ref, &b); err != nil {
		return nil, err
	}
	var doc exported
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		return nil, fmt.Errorf("share %s:%d: the export: %w", ref.Kind, ref.ID, err)
	}
	if doc.Format != store.ExportFormat {
		return nil, fmt.Errorf("share %s:%d: export format %q: want %q", ref.Kind, ref.ID, doc.Format, store.ExportFormat)
	}
	return &doc, nil
}

// itemSection is the page's section of one history item.
func itemSection(ctx context.Context, db *store.Store, ref store.ItemRef, m *media) (section, error) {
	if ref.Kind == store.KindCompare || ref.Kind == store.KindChat {
		turns, err := db.UnvotedBlind(ctx, ref.ID)
		if err != nil {
			return section{}, err
		}
		if len(turns) > 0 {
			return section{}, fmt.Errorf("share %s:%d: prompt %d ran blind and is not voted yet: vote first (a shared page names the targets), or send it as a ballot (--ballot)",
				ref.Kind, ref.ID, turns[0]+1)
		}
	}
	doc, err := readItem(ctx, db, ref)
	if err != nil {
		return section{}, err
	}
	switch {
	case doc.Conversation != nil:
		return section{Conv: convOf(doc)}, nil
	case doc.ImageJob != nil:
		v, err := imageOf(db, doc, m)
		return section{Image: v}, err
	case doc.VideoTask != nil:
		v, err := videoOf(db, doc, m)
		return section{Video: v}, err
	}
	return section{}, fmt.Errorf("share %s:%d: nothing to show", ref.Kind, ref.ID)
}

// stamp is a time as the page writes it.
func stamp(t time.Time) string {
	if t.IsZero() {
		return "?"
	}
	return t.UTC().Format("2006-01-02 15:04 UTC")
}

// secs is milliseconds as seconds, "" for none.
func secs(ms int64) string {
	if ms <= 0 {
		return ""
	}
	return fmt.Sprintf("%.1f s", float64(ms)/1000)
}

// costText is a cost at the configured rates, "" when unknown.
func costText(c *float64) string {
	if c == nil {
		return ""
	}
	return fmt.Sprintf("$%.4f", *c)
}

// joinSome joins the non-empty parts with a middle dot.
func joinSome(parts ...string) string {
	var out []string
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, " · ")
}

// indentJSON is raw JSON indented for a <pre>, "" when empty.
func indentJSON(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}

// html is model text as safe HTML.
func html(text string) template.HTML { return Markdown(text) }
