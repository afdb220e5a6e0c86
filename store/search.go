package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Markers around the matched words of a Hit's Snippet. They are control
// characters that never occur in stored text, so a view can swap them for
// its own styling (and must, before the text reaches a terminal).
const (
	HighlightStart = "\x02"
	HighlightEnd   = "\x03"
)

// SnippetEllipsis marks text left out at either end of a Snippet.
const SnippetEllipsis = "…"

// SearchQuery is a full-text search as a person types it.
type SearchQuery struct {
	// Text is searched for as typed: words must all occur, "quoted words"
	// as a phrase, and the last word also matches as a prefix (for search
	// as you type). Operators and stray punctuation are taken as text, so
	// no input is an error.
	Text  string
	Kind  Kind // KindChat, KindCompare (messages), KindImage, KindVideo; empty for all
	Limit int  // default 50
}

// Hit is one match, newest first.
type Hit struct {
	Kind           Kind  // the item's kind: chat or compare for a message
	ID             int64 // the item: conversation, image job or video task id
	MessageID      int64 // the message matched, for chat and compare
	ConversationID int64
	RequestID      string // for video
	Family         string
	Model          string
	Snippet        string // as one line of text, not markdown, with HighlightStart and HighlightEnd around matches
	At             time.Time
}

// Search finds messages, image prompts and video prompts, newest first.
// Recency, not relevance, orders the hits: it is what a history wants, and
// it lets SQLite stop after the newest matches instead of scoring them all,
// which keeps a search on a million messages within a few milliseconds.
func (s *Store) Search(ctx context.Context, q SearchQuery) ([]Hit, error) {
	match := ftsQuery(q.Text)
	if match == "" {
		return nil, nil
	}
	if q.Limit <= 0 {
		q.Limit = 50
	}
	var hits []Hit
	for _, src := range searchSources {
		if !src.wants(q.Kind) {
			continue
		}
		h, err := s.searchOne(ctx, src, match, q)
		if err != nil {
			return nil, fmt.Errorf("search %q: %w", q.Text, err)
		}
		hits = append(hits, h...)
	}
	slices.SortStableFunc(hits, func(a, b Hit) int { return b.At.Compare(a.At) })
	if len(hits) > q.Limit {
		hits = hits[:q.Limit]
	}
	for i := range hits {
		hits[i].Snippet = MarkdownText(hits[i].Snippet)
	}
	return hits, nil
}

// searchSource is one FTS table and how its hits join back to their items.
type searchSource struct {
	kinds  []Kind
	query  string // arguments: match, kind (unused), limit
	byKind string // the query when one of several kinds is asked for
}

// wants reports whether a kind filter includes this source.
func (s searchSource) wants(k Kind) bool { return k == "" || slices.Contains(s.kinds, k) }

// searchSources are the three FTS tables. Each takes its newest matches by
// rowid (insertion order) inside FTS5, then joins only those.
var searchSources = []searchSource{
	{kinds: []Kind{KindChat, KindCompare}, query: `
		WITH hits AS (SELECT rowid AS id, snippet(messages_fts, 0, char(2), char(3), '…', 16) AS snip
			FROM messages_fts WHERE messages_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?3)
		SELECT c.kind, c.id, m.id, c.id, '', m.family, m.model, hits.snip, m.created_at
		FROM hits JOIN messages m ON m.id = hits.id JOIN conversations c ON c.id = m.conversation_id`,
		// Filtering inside the scan, so that a page of one kind is full even
		// when the other kind has the newest matches.
		byKind: `
		SELECT c.kind, c.id, m.id, c.id, '', m.family, m.model,
			snippet(messages_fts, 0, char(2), char(3), '…', 16), m.created_at
		FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
			JOIN conversations c ON c.id = m.conversation_id
		WHERE messages_fts MATCH ?1 AND c.kind = ?2 ORDER BY messages_fts.rowid DESC LIMIT ?3`},
	{kinds: []Kind{KindImage}, query: `
		WITH hits AS (SELECT rowid AS id, snippet(image_jobs_fts, 0, char(2), char(3), '…', 16) AS snip
			FROM image_jobs_fts WHERE image_jobs_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?3)
		SELECT 'image', j.id, 0, 0, '', 'gamma', j.model, hits.snip, j.created_at
		FROM hits JOIN image_jobs j ON j.id = hits.id`},
	{kinds: []Kind{KindVideo}, query: `
		WITH hits AS (SELECT rowid AS id, snippet(video_tasks_fts, 0, char(2), char(3), '…', 16) AS snip
			FROM video_tasks_fts WHERE video_tasks_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?3)
		SELECT 'video', v.id, 0, 0, v.request_id, v.family, v.endpoint, hits.snip, v.submitted_at
		FROM hits JOIN video_tasks v ON v.id = hits.id`},
}

// searchOne runs one source's query.
func (s *Store) searchOne(ctx context.Context, src searchSource, match string, q SearchQuery) ([]Hit, error) {
	query := src.query
	if q.Kind != "" && src.byKind != "" {
		query = src.byKind
	}
	return selectAll(ctx, s.r, scanHit, query, match, string(q.Kind), q.Limit)
}

// scanHit reads a search source's row.
func scanHit(sc rowScanner) (Hit, error) {
	var h Hit
	var at sql.NullInt64
	err := sc.Scan(&h.Kind, &h.ID, &h.MessageID, &h.ConversationID, &h.RequestID, &h.Family,
		&h.Model, &h.Snippet, &at)
	h.At = fromMS(at)
	return h, err
}

// ftsQuery turns typed text into an FTS5 query that cannot be a syntax
// error: every word or "quoted phrase" becomes a quoted FTS5 string (so
// AND, OR, NEAR, parentheses, colons and stars are just text), all of them
// must match, and the last one matches as a prefix unless the text ends in
// a space or a closing quote. It returns "" when nothing searchable is left.
func ftsQuery(text string) string {
	// FTS5 reads its query as a C string: a NUL would end it inside a quote.
	text = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(text, " "))
	var parts []string
	prefixLast := false
	rest := text
	for rest != "" {
		rest = strings.TrimLeftFunc(rest, unicode.IsSpace)
		if rest == "" {
			break
		}
		var chunk string
		if rest[0] == '"' {
			end := strings.IndexByte(rest[1:], '"')
			if end < 0 { // an unbalanced quote runs to the end
				chunk, rest, prefixLast = rest[1:], "", true
			} else {
				chunk, rest, prefixLast = rest[1:end+1], rest[end+2:], false
			}
		} else {
			end := strings.IndexFunc(rest, func(r rune) bool { return unicode.IsSpace(r) || r == '"' })
			if end < 0 {
				end = len(rest)
			}
			chunk, rest = rest[:end], rest[end:]
			prefixLast = rest == ""
		}
		if strings.IndexFunc(chunk, isWordRune) < 0 {
			continue // punctuation alone: nothing the tokenizer would index
		}
		parts = append(parts, `"`+strings.ReplaceAll(chunk, `"`, `""`)+`"`)
	}
	if len(parts) == 0 {
		return ""
	}
	if last, _ := utf8.DecodeLastRuneInString(text); prefixLast && isWordRune(last) {
		parts[len(parts)-1] += "*"
	}
	return strings.Join(parts, " ")
}

// isWordRune is what the unicode61 tokenizer keeps as part of a word.
func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}
