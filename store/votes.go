package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// VoteKind is what a vote judged.
type VoteKind string

const (
	VoteChat  VoteKind = "chat"  // the replies to one prompt of a comparison
	VoteImage VoteKind = "image" // image jobs of one prompt
	VoteVideo VoteKind = "video" // finished video tasks of one prompt
)

// The verdicts that are not a ranking.
const (
	VerdictTie = "tie" // no reply better than another
	VerdictBad = "bad" // every reply bad: counted as a tie, shown apart
)

// Vote is one judgement in the arena.
type Vote struct {
	ID             int64
	Kind           VoteKind
	ConversationID int64 // chat: the comparison
	Turn           int   // chat: the prompt judged
	// Verdict is the letters best first ("BA", "CABD"), VerdictTie or
	// VerdictBad (see ParseVerdict).
	Verdict string
	Blind   bool // cast with the names hidden; only these enter the fit
	Targets []VoteTarget
	At      time.Time
	// WithdrawnAt is when the person took the vote back; zero if never.
	WithdrawnAt time.Time
}

// VoteTarget is what one letter showed.
type VoteTarget struct {
	Letter      string // "A".."D", in shown order
	Lane        int    // chat: the comparison's lane
	ImageJobID  int64  // image
	VideoTaskID int64  // video
	Family      string
	Model       string // for video: the endpoint
	Target      string // the name the leaderboard ranks, e.g. family:model:settings
}

// maxVoteTargets is the most a comparison shows side by side.
const maxVoteTargets = 4

// ParseVerdict reads a verdict as a person types it for n shown targets:
// for two, "a" or "b" (that one better), "t" (tie) or "x" (both bad); for
// any number, the letters best first ("cabd"), each once, and "tie" or
// "bad". It returns the stored form: upper-case letters best first ("AB"
// for "a"), VerdictTie or VerdictBad.
func ParseVerdict(s string, n int) (string, error) {
	if n < 2 || n > maxVoteTargets {
		return "", fmt.Errorf("verdict: %d targets: want 2 to %d", n, maxVoteTargets)
	}
	in := strings.ToUpper(strings.TrimSpace(s))
	switch in {
	case "T", "TIE":
		return VerdictTie, nil
	case "X", "BAD", "BOTH BAD":
		return VerdictBad, nil
	}
	if n == 2 && len(in) == 1 {
		switch in {
		case "A":
			return "AB", nil
		case "B":
			return "BA", nil
		}
	}
	if len(in) != n {
		return "", fmt.Errorf("verdict %q: want %s", s, verdictHelp(n))
	}
	seen := map[rune]bool{}
	for _, r := range in {
		if r < 'A' || r >= 'A'+rune(n) || seen[r] {
			return "", fmt.Errorf("verdict %q: want %s", s, verdictHelp(n))
		}
		seen[r] = true
	}
	return in, nil
}

// verdictHelp says what a verdict for n targets may be.
func verdictHelp(n int) string {
	letters := strings.Join(Letters(n), "")
	if n == 2 {
		return "a or b (that one better), t (tie) or x (both bad)"
	}
	return fmt.Sprintf("the letters %s best first, each once (e.g. %s), t (tie) or x (all bad)", letters, reverse(letters))
}

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

// Letters names n shown targets: A, B, C...
func Letters(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('A' + i))
	}
	return out
}

// Ranked returns v's targets best first by name, and whether the verdict
// was a tie or both bad (then in shown order).
func (v Vote) Ranked() (names []string, tie, bad bool) {
	byLetter := map[string]string{}
	for _, t := range v.Targets {
		byLetter[t.Letter] = t.Target
		names = append(names, t.Target)
	}
	switch v.Verdict {
	case VerdictTie:
		return names, true, false
	case VerdictBad:
		return names, false, true
	}
	names = names[:0]
	for _, r := range v.Verdict {
		names = append(names, byLetter[string(r)])
	}
	return names, false, false
}

// check says what is wrong with a vote to record, naming the field.
func (v Vote) check() error {
	switch v.Kind {
	case VoteChat:
		if v.ConversationID == 0 {
			return errors.New("conversation id: a chat vote needs its comparison")
		}
	case VoteImage, VoteVideo:
		if v.ConversationID != 0 {
			return fmt.Errorf("conversation id: a %s vote has none", v.Kind)
		}
	default:
		return fmt.Errorf("kind %q: want chat, image or video", v.Kind)
	}
	n := len(v.Targets)
	if n < 2 || n > maxVoteTargets {
		return fmt.Errorf("targets: %d: want 2 to %d", n, maxVoteTargets)
	}
	names := map[string]bool{}
	for i, t := range v.Targets {
		if want := Letters(n)[i]; t.Letter != want {
			return fmt.Errorf("targets[%d]: letter %q: want %q (letters in shown order)", i, t.Letter, want)
		}
		if t.Target == "" {
			return fmt.Errorf("targets[%d]: target: empty", i)
		}
		if names[t.Target] {
			return fmt.Errorf("targets[%d]: target %q shown twice", i, t.Target)
		}
		names[t.Target] = true
		switch {
		case v.Kind == VoteImage && t.ImageJobID == 0:
			return fmt.Errorf("targets[%d]: image job id: empty", i)
		case v.Kind == VoteVideo && t.VideoTaskID == 0:
			return fmt.Errorf("targets[%d]: video task id: empty", i)
		}
	}
	if got, err := ParseVerdict(v.Verdict, n); err != nil {
		return err
	} else if got != v.Verdict {
		return fmt.Errorf("verdict %q: want the stored form %q", v.Verdict, got)
	}
	return nil
}

// RecordVote stores a vote and returns its id. Its time is now.
func (s *Store) RecordVote(ctx context.Context, v Vote) (int64, error) {
	if err := v.check(); err != nil {
		return 0, fmt.Errorf("record vote: %w", err)
	}
	var id int64
	err := s.tx(ctx, func(tx *txn) error {
		var err error
		id, err = insertVote(ctx, tx, v, s.nowMS(), "", "", 0) // the person's own vote: no rater
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("record vote: %w", err)
	}
	return id, nil
}

// ErrWithdrawn is the error of withdrawing a vote twice.
var ErrWithdrawn = errors.New("already withdrawn")

// WithdrawVote takes a vote back: it stays in the history, marked, and
// leaves the leaderboard. A vote is never changed; a new one may be cast.
func (s *Store) WithdrawVote(ctx context.Context, id int64) error {
	err := s.tx(ctx, func(tx *txn) error {
		var at int64
		err := tx.QueryRowContext(ctx, `SELECT withdrawn_at FROM votes WHERE id = ?`, id).Scan(&at)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			return ErrNotFound
		case err != nil:
			return err
		case at != 0:
			return ErrWithdrawn
		}
		_, err = tx.ExecContext(ctx, `UPDATE votes SET withdrawn_at = ? WHERE id = ?`, s.nowMS(), id)
		return err
	})
	if err != nil {
		return fmt.Errorf("withdraw vote %d: %w", id, err)
	}
	return nil
}
