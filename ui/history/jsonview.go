package history

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
	"atelier/store"
)

// The native JSON of an item: every call's request and response as the
// service saw them (base64 media replaced by the store's markers), and
// for a video task its last status, result and failure.

// jsonPart is one titled JSON document, indented and cleaned.
type jsonPart struct {
	heading string
	body    string
}

// jsonMsg answers jsonCmd for the item opened as seq.
type jsonMsg struct {
	seq   int
	parts []jsonPart
	err   error
}

// jsonCmd reads the item's calls and makes its JSON readable.
func jsonCmd(db *store.Store, seq int, it *loaded) tea.Cmd {
	return func() tea.Msg {
		parts, err := nativeJSON(context.Background(), db, it)
		return result(jsonMsg{seq: seq, parts: parts, err: err})
	}
}

// nativeJSON gathers the JSON kept of an item.
func nativeJSON(ctx context.Context, db *store.Store, it *loaded) ([]jsonPart, error) {
	var f store.CallFilter
	switch {
	case it.conv != nil:
		f.ConversationID = it.conv.ID
	case it.image != nil:
		f.ImageJobID = it.image.ID
	case it.video != nil:
		f.VideoTaskID = it.video.ID
	}
	calls, err := db.Calls(ctx, f)
	if err != nil {
		return nil, fmt.Errorf("native JSON: %w", err)
	}
	var parts []jsonPart
	for i, c := range calls {
		about := join(" · ", fmt.Sprintf("call %d", i+1), c.Family, c.Endpoint, httpStatus(c.HTTPStatus), stamp(c.StartedAt), seconds(c.Total))
		parts = append(parts, docs(about, "Request", c.RequestJSON, "Response", c.ResponseJSON, "Usage", c.UsageJSON)...)
		if c.Error != "" {
			parts = append(parts, jsonPart{heading: "Error · " + about, body: termtext.String(c.Error)})
		}
	}
	switch {
	case it.image != nil && len(calls) == 0:
		j := it.image
		parts = append(parts, docs("image job", "Request", j.RequestJSON, "Response", j.ResponseJSON, "Usage", j.UsageJSON)...)
	case it.video != nil:
		v := it.video
		parts = append(parts, docs("video task", "Last status", v.StatusJSON, "Result", v.ResultJSON, "Failure", v.FailureJSON)...)
	}
	return parts, nil
}

// docs makes a part of each non-empty document of pairs (name, JSON),
// the name first: a narrow screen cuts the end of a heading.
func docs(about string, pairs ...any) []jsonPart {
	var out []jsonPart
	for i := 0; i+1 < len(pairs); i += 2 {
		raw := pairs[i+1].(json.RawMessage)
		if len(bytes.TrimSpace(raw)) == 0 || string(raw) == "null" {
			continue
		}
		out = append(out, jsonPart{heading: pairs[i].(string) + " · " + about, body: pretty(raw)})
	}
	return out
}

// pretty indents JSON; anything else (a cut stream's bytes) stays as it is.
func pretty(raw json.RawMessage) string {
	var b bytes.Buffer
	if err := json.Indent(&b, raw, "", "  "); err != nil {
		return strings.ReplaceAll(termtext.String(string(raw)), "\t", "    ")
	}
	return termtext.String(b.String())
}

func httpStatus(code int) string {
	if code == 0 {
		return ""
	}
	return fmt.Sprintf("HTTP %d", code)
}

// jsonLoaded shows the JSON, if it answers the item still open.
func (r reader) jsonLoaded(e tabEnv, msg jsonMsg) reader {
	if !r.open || msg.seq != r.seq {
		return r
	}
	r.jsonLoading = false
	if msg.err != nil {
		r.jsonErr = msg.err.Error()
	}
	r.jsonParts = msg.parts
	if r.json {
		r.at.GotoTop()
		r.relayout(e)
	}
	return r
}

// jsonBlocks lays out the JSON parts, long lines broken at the width.
func (lc *layoutCtx) jsonBlocks(r *reader) []block {
	switch {
	case r.jsonErr != "":
		return []block{{lines: paragraph(r.jsonErr, lc.width, lc.st.Problem)}}
	case r.jsonLoading:
		return []block{{lines: []string{lc.st.Hint.Render("reading the native JSON…")}}}
	case len(r.jsonParts) == 0:
		return []block{{lines: []string{lc.st.Hint.Render("No native JSON was kept for this item.")}}}
	}
	var blocks []block
	for _, p := range r.jsonParts {
		lines := []string{lc.st.Label.Render(ansi.Truncate(p.heading, lc.width, "…"))}
		// Unstyled: a response can run to thousands of lines.
		lines = append(lines, strings.Split(ansi.Hardwrap(p.body, max(lc.width, 1), true), "\n")...)
		blocks = append(blocks, block{lines: lines})
	}
	return blocks
}
