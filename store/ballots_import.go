package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
)

// BallotVote is one answer of a votes file: the question as shown (from
// 1) and the verdict as the page writes it: "a", "b", "tie", "both_bad",
// or the shown letters best first ("CAB").
type BallotVote struct {
	Question int    `json:"question"`
	Verdict  string `json:"verdict"`
}

// ImportError is a refused import: one line per refusal, each naming the
// question or letter; nothing of the file was recorded.
type ImportError struct{ Lines []string }

func (e *ImportError) Error() string {
	return "votes not imported, nothing recorded:\n  " + strings.Join(e.Lines, "\n  ")
}

// ballotVerdict reads a votes file's verdict for a question of n letters
// into the stored form.
func ballotVerdict(v string, n int) (string, error) {
	in := strings.ToLower(strings.TrimSpace(v))
	switch in {
	case "tie":
		return VerdictTie, nil
	case "both_bad", "all_bad":
		return VerdictBad, nil
	case "t", "x", "bad", "both bad":
		return "", fmt.Errorf("verdict %q: want %s", v, ballotHelp(n))
	}
	got, err := ParseVerdict(in, n)
	if err != nil {
		return "", fmt.Errorf("verdict %q: want %s", v, ballotHelp(n))
	}
	return got, nil
}

// ballotHelp says what a votes file's verdict may be for n letters.
func ballotHelp(n int) string {
	letters := strings.Join(Letters(n), "")
	if n == 2 {
		return "a or b (that letter better), tie or both_bad: the question shows A and B"
	}
	return fmt.Sprintf("the letters %s best first, each once (e.g. %s), tie or both_bad: the question shows %s",
		letters, reverse(letters), strings.Join(Letters(n), ", "))
}

// ImportBallotVotes records rater's answers to ballot id as blind votes,
// all or none: an unknown ballot, a question the ballot does not have, a
// verdict naming a letter its question does not show, and a second answer
// of the same rater to a question (in the file or recorded before) are
// each refused with a line (*ImportError), and then nothing is recorded.
// It returns how many votes were recorded.
func (s *Store) ImportBallotVotes(ctx context.Context, id, rater string, votes []BallotVote) (int, error) {
	if err := CheckRater(rater); err != nil {
		return 0, &ImportError{Lines: []string{err.Error()}}
	}
	if len(votes) == 0 {
		return 0, &ImportError{Lines: []string{"votes: none in the file"}}
	}
	err := s.tx(ctx, func(tx *txn) error {
		b, err := ballotOf(ctx, tx, id)
		if err != nil {
			return &ImportError{Lines: []string{err.Error()}}
		}
		byN := map[int]BallotQuestion{}
		for _, q := range b.Questions {
			byN[q.N] = q
		}
		var refused []string
		seen := map[int]bool{}
		type answer struct {
			v Vote
			q int
		}
		var recs []answer
		for i, bv := range votes {
			q, ok := byN[bv.Question]
			switch {
			case !ok:
				refused = append(refused, fmt.Sprintf("votes[%d]: question %d: ballot %s has questions 1 to %d",
					i, bv.Question, id, len(b.Questions)))
				continue
			case seen[bv.Question]:
				refused = append(refused, fmt.Sprintf("votes[%d]: question %d: answered twice in the file by %s", i, bv.Question, rater))
				continue
			}
			seen[bv.Question] = true
			var prior int64
			err := tx.QueryRowContext(ctx, `SELECT id FROM votes WHERE ballot_id = ? AND question = ? AND rater = ?
				AND withdrawn_at = 0`, id, bv.Question, rater).Scan(&prior)
			if err == nil {
				refused = append(refused, fmt.Sprintf("votes[%d]: question %d: %s answered it already (vote %d)", i, bv.Question, rater, prior))
				continue
			} else if !errors.Is(err, sql.ErrNoRows) {
				return err
			}
			verdict, err := ballotVerdict(bv.Verdict, len(q.Targets))
			if err != nil {
				refused = append(refused, fmt.Sprintf("votes[%d]: question %d: %v", i, bv.Question, err))
				continue
			}
			recs = append(recs, answer{Vote{Kind: q.Kind, ConversationID: q.ConversationID, Turn: q.Turn, Verdict: verdict,
				Blind: true, Targets: q.Targets}, q.N})
		}
		if len(refused) > 0 {
			return &ImportError{Lines: refused}
		}
		for _, a := range recs {
			if _, err := insertVote(ctx, tx, a.v, s.nowMS(), rater, id, a.q); err != nil {
				return err
			}
		}
		return nil
	})
	var ie *ImportError
	if errors.As(err, &ie) {
		return 0, ie
	}
	if err != nil {
		return 0, fmt.Errorf("import votes of ballot %s: %w", id, err)
	}
	return len(votes), nil
}

// insertVote writes v and its targets in tx, with its rater and, for an
// imported answer, its ballot and question.
func insertVote(ctx context.Context, tx *txn, v Vote, at int64, rater, ballot string, question int) (int64, error) {
	res, err := tx.ExecContext(ctx, `INSERT INTO votes (kind, conversation_id, turn, verdict, blind, created_at,
		rater, ballot_id, question) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, v.Kind, nullInt(v.ConversationID), v.Turn,
		v.Verdict, v.Blind, at, rater, nullString(ballot), question)
	if err != nil {
		return 0, err
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, err
	}
	for _, t := range v.Targets {
		if _, err := tx.ExecContext(ctx, `INSERT INTO vote_targets
			(vote_id, letter, lane, image_job_id, video_task_id, family, model, target)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, id, t.Letter, t.Lane, nullInt(t.ImageJobID),
			nullInt(t.VideoTaskID), t.Family, t.Model, t.Target); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// nullString stores "" as NULL.
func nullString(v string) any {
	if v == "" {
		return nil
	}
	return v
}
