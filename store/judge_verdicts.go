package store

import (
	"context"
	"fmt"
	"time"
)

// JudgeVerdict is a judge's verdict on a blind vote's answers, asked in
// the order shown and reversed (see migration 0011).
type JudgeVerdict struct {
	VoteID int64
	Judge  string // the judge target, as -t names it
	// First and Second are the winners, a letter of the shown order or
	// VerdictTie, with the answers in the order shown and reversed.
	First, Second string
	Reason        string
	At            time.Time
}

// RecordJudgeVerdict keeps v, replacing the judge's earlier verdict on
// the same vote.
func (s *Store) RecordJudgeVerdict(ctx context.Context, v JudgeVerdict) error {
	for _, w := range []string{v.First, v.Second} {
		if w != VerdictTie && (len(w) != 1 || w[0] < 'A' || w[0] >= 'A'+maxVoteTargets) {
			return fmt.Errorf("judge verdict: winner %q: want a letter A to D or %q", w, VerdictTie)
		}
	}
	if v.Judge == "" {
		return fmt.Errorf("judge verdict: judge: empty")
	}
	_, err := s.w.ExecContext(ctx, `INSERT OR REPLACE INTO judge_verdicts (vote_id, judge, first, second, reason, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, v.VoteID, v.Judge, v.First, v.Second, v.Reason, s.nowMS())
	if err != nil {
		return fmt.Errorf("judge verdict on vote %d: %w", v.VoteID, err)
	}
	return nil
}

// JudgeVerdicts are judge's verdicts on the votes f selects, by vote id.
func (s *Store) JudgeVerdicts(ctx context.Context, judge string, f VoteFilter) (map[int64]JudgeVerdict, error) {
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT j.vote_id, j.first, j.second, j.reason, j.created_at
		FROM judge_verdicts j JOIN votes v ON v.id = j.vote_id WHERE j.judge = ? AND `+where, append([]any{judge}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("judge verdicts: %w", err)
	}
	defer rows.Close()
	out := map[int64]JudgeVerdict{}
	for rows.Next() {
		v := JudgeVerdict{Judge: judge}
		var at int64
		if err := rows.Scan(&v.VoteID, &v.First, &v.Second, &v.Reason, &at); err != nil {
			return nil, fmt.Errorf("judge verdicts: %w", err)
		}
		v.At = time.UnixMilli(at)
		out[v.VoteID] = v
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("judge verdicts: %w", err)
	}
	return out, nil
}

// VoteAnswers is what a chat vote judged: the prompt and each letter's
// reply (the newest of its lane and turn).
type VoteAnswers struct {
	Prompt  string
	Answers map[string]string // by letter
}

// VoteAnswers reads what the chat votes f selects judged, by vote id.
func (s *Store) VoteAnswers(ctx context.Context, f VoteFilter) (map[int64]VoteAnswers, error) {
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT v.id, t.letter, m.text,
		ifnull((SELECT text FROM messages WHERE conversation_id = v.conversation_id AND turn = v.turn
			AND role = 'user' ORDER BY id DESC LIMIT 1), '')
		FROM votes v JOIN vote_targets t ON t.vote_id = v.id
		JOIN messages m ON m.id = (SELECT id FROM messages WHERE conversation_id = v.conversation_id
			AND turn = v.turn AND lane = t.lane AND role = 'assistant' ORDER BY id DESC LIMIT 1)
		WHERE v.kind = 'chat' AND `+where+` ORDER BY v.created_at, v.id, t.letter`, args...)
	if err != nil {
		return nil, fmt.Errorf("vote answers: %w", err)
	}
	defer rows.Close()
	out := map[int64]VoteAnswers{}
	for rows.Next() {
		var id int64
		var letter, text, prompt string
		if err := rows.Scan(&id, &letter, &text, &prompt); err != nil {
			return nil, fmt.Errorf("vote answers: %w", err)
		}
		a, ok := out[id]
		if !ok {
			a = VoteAnswers{Prompt: prompt, Answers: map[string]string{}}
		}
		a.Answers[letter] = text
		out[id] = a
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("vote answers: %w", err)
	}
	return out, nil
}
