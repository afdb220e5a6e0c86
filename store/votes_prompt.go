package store

import (
	"context"
	"fmt"
	"strings"
)

// promptScan is how many recent conversations, and prompts of theirs,
// NextPrompt looks through for one the pair has not been judged on: the
// wait has an end however long the history.
const promptScan = 500

// NextPrompt picks a prompt from the history to judge targets a and b on
// next: the newest prompt that stands alone (a chat's first, any of a
// comparison's) of a chat or comparison that no standing chat
// vote between the two judged (prompts compared by their text), among the
// prompts of the promptScan newest conversations. When every one of those was judged, it is the newest
// prompt, and fresh is false: a new vote on a prompt judged before still
// counts. ok is false when the history holds no prompt.
func (s *Store) NextPrompt(ctx context.Context, a, b string) (prompt string, fresh, ok bool, err error) {
	texts, err := s.texts(ctx, `SELECT DISTINCT m.text FROM votes v
		JOIN vote_targets ta ON ta.vote_id = v.id AND ta.target = ?
		JOIN vote_targets tb ON tb.vote_id = v.id AND tb.target = ?
		JOIN messages m ON m.conversation_id = v.conversation_id AND m.turn = v.turn AND m.role = 'user'
		WHERE v.kind = 'chat' AND v.withdrawn_at = 0`, a, b)
	if err != nil {
		return "", false, false, err
	}
	// The newest conversations first, through their index, and each one's
	// prompts from its last: the messages of promptScan conversations at
	// most are read, never every message.
	// A chat's later prompts lean on what came before ("and now continue
	// please"): only its first stands alone. Each prompt of a comparison is
	// sent alone.
	recent, err := s.texts(ctx, `SELECT m.text FROM
		(SELECT id, kind, updated_at FROM conversations ORDER BY updated_at DESC, id DESC LIMIT ?) c
		JOIN messages m ON m.conversation_id = c.id AND m.role = 'user' AND trim(m.text) <> ''
			AND (c.kind = 'compare' OR m.turn = (SELECT MIN(turn) FROM messages WHERE conversation_id = c.id))
		ORDER BY c.updated_at DESC, c.id DESC, m.turn DESC, m.id DESC LIMIT ?`, promptScan, promptScan)
	if err != nil {
		return "", false, false, err
	}
	prompt, fresh, ok = pickPrompt(texts, recent)
	return prompt, fresh, ok, nil
}

// NextImagePrompt is NextPrompt for two image targets: the newest prompt
// of an image job that no standing image vote between the two judged,
// among the promptScan newest jobs; the newest again, not fresh, when
// every one was.
func (s *Store) NextImagePrompt(ctx context.Context, a, b string) (prompt string, fresh, ok bool, err error) {
	judged, err := s.texts(ctx, `SELECT DISTINCT j.prompt FROM votes v
		JOIN vote_targets ta ON ta.vote_id = v.id AND ta.target = ?
		JOIN vote_targets tb ON tb.vote_id = v.id AND tb.target = ?
		JOIN vote_targets tj ON tj.vote_id = v.id AND tj.image_job_id IS NOT NULL
		JOIN image_jobs j ON j.id = tj.image_job_id
		WHERE v.kind = 'image' AND v.withdrawn_at = 0`, a, b)
	if err != nil {
		return "", false, false, err
	}
	recent, err := s.texts(ctx, `SELECT prompt FROM image_jobs WHERE trim(prompt) <> ''
		ORDER BY created_at DESC, id DESC LIMIT ?`, promptScan)
	if err != nil {
		return "", false, false, err
	}
	prompt, fresh, ok = pickPrompt(judged, recent)
	return prompt, fresh, ok, nil
}

// pickPrompt is the first of recent (newest first) not among judged, by
// its text; the first of recent, not fresh, when every one is; ok is false
// when recent is empty.
func pickPrompt(judged, recent []string) (prompt string, fresh, ok bool) {
	seen := make(map[string]bool, len(judged))
	for _, t := range judged {
		seen[strings.TrimSpace(t)] = true
	}
	for _, t := range recent {
		if !seen[strings.TrimSpace(t)] {
			return t, true, true
		}
	}
	if len(recent) == 0 {
		return "", false, false
	}
	return recent[0], false, true
}

// texts runs a query of one text column for NextPrompt.
func (s *Store) texts(ctx context.Context, query string, args ...any) ([]string, error) {
	out, err := selectAll(ctx, s.r, scanValue[string], query, args...)
	if err != nil {
		return nil, fmt.Errorf("next prompt: %w", err)
	}
	return out, nil
}
