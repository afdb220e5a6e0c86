package store

import (
	"context"
	"fmt"
	"strings"
)

// The one vocabulary of a history item's status, as listings print it:
// messages, image jobs and video tasks each keep their own word (a
// message "error", a video task the service's "COMPLETED"), which a list
// of them all would mix.
const (
	WordComplete    = "complete"
	WordRunning     = "running"
	WordQueued      = "queued"
	WordInterrupted = "interrupted"
	WordFailed      = "failed"
	// WordDownloadFailed is a video task the service completed whose
	// file is not whole on disk: not complete, not failed.
	WordDownloadFailed = "download failed"
)

// VideoDownloadFailed is the stored word of such a task in listings.
const VideoDownloadFailed = WordDownloadFailed

// StatusWords are the vocabulary, in the order a filter offers them.
var StatusWords = []string{WordComplete, WordRunning, WordQueued, WordInterrupted, WordFailed, WordDownloadFailed}

// statusKept are the stored words each word of StatusWords stands for.
var statusKept = map[string][]string{
	WordComplete:       {StatusComplete, "COMPLETED", BatchDone},
	WordRunning:        {StatusStreaming, StatusRunning, "IN_PROGRESS"}, // a running batch says StatusRunning too
	WordQueued:         {"IN_QUEUE"},
	WordInterrupted:    {StatusInterrupted, BatchStopped},
	WordFailed:         {StatusError, "failed", VideoFailed},
	WordDownloadFailed: {VideoDownloadFailed},
}

// StatusWord is a stored status word (an Item's Status, a message's) in
// the listings' vocabulary; a word the service added is lower-cased.
func StatusWord(kept string) string {
	for w, ks := range statusKept {
		for _, k := range ks {
			if k == kept {
				return w
			}
		}
	}
	return strings.ToLower(kept)
}

// StatusKept are the stored words word (one of StatusWords) stands for,
// for a filter; nil for a word outside the vocabulary.
func StatusKept(word string) []string { return statusKept[word] }

// statusWorst orders a turn's reply statuses: the one a conversation is
// listed with is its last turn's worst.
var statusWorst = []string{StatusError, StatusInterrupted, StatusStreaming, StatusComplete}

// ConversationStatuses are the stored status of each conversation of ids
// (chat or comparison): its last turn's worst reply (a comparison with one
// lane failed is "error"). A conversation with no reply is left out.
func (s *Store) ConversationStatuses(ctx context.Context, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, 0, len(ids)+1)
	args = append(args, RoleAssistant)
	for _, id := range ids {
		args = append(args, id)
	}
	rows, err := s.r.QueryContext(ctx, `SELECT m.conversation_id, m.status FROM messages m
		WHERE m.role = ? AND m.conversation_id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)
		AND m.turn = (SELECT MAX(turn) FROM messages WHERE conversation_id = m.conversation_id)`, args...)
	if err != nil {
		return nil, fmt.Errorf("conversation statuses: %w", err)
	}
	defer rows.Close()
	rank := func(st string) int {
		for i, w := range statusWorst {
			if w == st {
				return i
			}
		}
		return len(statusWorst)
	}
	for rows.Next() {
		var id int64
		var st string
		if err := rows.Scan(&id, &st); err != nil {
			return nil, fmt.Errorf("conversation statuses: %w", err)
		}
		if was, ok := out[id]; !ok || rank(st) < rank(was) {
			out[id] = st
		}
	}
	return out, rows.Err()
}
