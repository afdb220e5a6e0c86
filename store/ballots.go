package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base32"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Ballot is a set of blind questions shared as a page (internal/share):
// what each question's letters showed, kept here and never in the page.
type Ballot struct {
	ID        string
	At        time.Time
	Questions []BallotQuestion
}

// BallotQuestion is one question of a ballot: a comparison's prompt (chat)
// or two to four image jobs or video tasks of one prompt, with its
// targets in the shown order (letters A, B...).
type BallotQuestion struct {
	N              int // as shown, from 1
	Kind           VoteKind
	ConversationID int64 // chat
	Turn           int   // chat
	Targets        []VoteTarget
}

// ballotIDEncoding writes a ballot's random id in lower-case letters and
// digits.
var ballotIDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newBallotID is an opaque id: 80 random bits, nothing about the ballot.
func newBallotID() string {
	b := make([]byte, 10)
	rand.Read(b)
	return "b" + ballotIDEncoding.EncodeToString(b)
}

// check says what is wrong with a question, naming it.
func (q BallotQuestion) check(n int) error {
	v := Vote{Kind: q.Kind, ConversationID: q.ConversationID, Targets: q.Targets}
	v.Verdict = VerdictTie // any valid verdict: the targets are what is checked
	if err := v.check(); err != nil {
		return fmt.Errorf("question %d: %w", n, err)
	}
	return nil
}

// CreateBallot records a ballot of qs (numbered 1, 2... in order) under a
// new id and returns it.
func (s *Store) CreateBallot(ctx context.Context, qs []BallotQuestion) (Ballot, error) {
	if len(qs) == 0 {
		return Ballot{}, errors.New("ballot: no question")
	}
	b := Ballot{ID: newBallotID(), At: time.UnixMilli(s.nowMS())}
	for i, q := range qs {
		q.N = i + 1
		for k := range q.Targets {
			q.Targets[k].Letter = Letters(len(q.Targets))[k]
		}
		if err := q.check(q.N); err != nil {
			return Ballot{}, fmt.Errorf("ballot: %w", err)
		}
		b.Questions = append(b.Questions, q)
	}
	err := s.tx(ctx, func(tx *txn) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO ballots (id, created_at) VALUES (?, ?)`, b.ID, ms(b.At)); err != nil {
			return err
		}
		for _, q := range b.Questions {
			if _, err := tx.ExecContext(ctx, `INSERT INTO ballot_questions (ballot_id, question, kind, conversation_id, turn)
				VALUES (?, ?, ?, ?, ?)`, b.ID, q.N, q.Kind, nullInt(q.ConversationID), q.Turn); err != nil {
				return err
			}
			for _, t := range q.Targets {
				if _, err := tx.ExecContext(ctx, `INSERT INTO ballot_letters (ballot_id, question, letter, lane,
					image_job_id, video_task_id, family, model, target) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
					b.ID, q.N, t.Letter, t.Lane, nullInt(t.ImageJobID), nullInt(t.VideoTaskID), t.Family, t.Model, t.Target); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return Ballot{}, fmt.Errorf("ballot: %w", err)
	}
	return b, nil
}

// ErrUnknownBallot is the error of a ballot id the history does not hold.
var ErrUnknownBallot = errors.New("unknown ballot")

// Ballot reads a ballot with its questions and letters.
func (s *Store) Ballot(ctx context.Context, id string) (*Ballot, error) {
	return ballotOf(ctx, s.r, id)
}

func ballotOf(ctx context.Context, q querier, id string) (*Ballot, error) {
	var at sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT created_at FROM ballots WHERE id = ?`, id).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("ballot %q: %w: made by no `atelier share --ballot` of this history", id, ErrUnknownBallot)
	}
	if err != nil {
		return nil, fmt.Errorf("ballot %q: %w", id, err)
	}
	b := &Ballot{ID: id, At: fromMS(at)}
	rows, err := q.QueryContext(ctx, `SELECT q.question, q.kind, ifnull(q.conversation_id, 0), q.turn, l.letter, l.lane,
		ifnull(l.image_job_id, 0), ifnull(l.video_task_id, 0), l.family, l.model, l.target
		FROM ballot_questions q JOIN ballot_letters l ON l.ballot_id = q.ballot_id AND l.question = q.question
		WHERE q.ballot_id = ? ORDER BY q.question, l.letter`, id)
	if err != nil {
		return nil, fmt.Errorf("ballot %q: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var bq BallotQuestion
		var t VoteTarget
		if err := rows.Scan(&bq.N, &bq.Kind, &bq.ConversationID, &bq.Turn, &t.Letter, &t.Lane, &t.ImageJobID,
			&t.VideoTaskID, &t.Family, &t.Model, &t.Target); err != nil {
			return nil, fmt.Errorf("ballot %q: %w", id, err)
		}
		if n := len(b.Questions); n == 0 || b.Questions[n-1].N != bq.N {
			b.Questions = append(b.Questions, bq)
		}
		last := &b.Questions[len(b.Questions)-1]
		last.Targets = append(last.Targets, t)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("ballot %q: %w", id, err)
	}
	return b, nil
}

// RaterMe is the name the person's own votes go by: they are stored with
// no rater, and --rater me selects them.
const RaterMe = "me"

// CheckRater says what is wrong with a rater's name, naming the rule:
// 1 to 40 characters, printable, not "me" (the person's own votes).
func CheckRater(name string) error {
	switch {
	case strings.TrimSpace(name) != name || name == "":
		return fmt.Errorf("rater %q: want a name of 1 to 40 characters with no space at either end", name)
	case len([]rune(name)) > 40:
		return fmt.Errorf("rater %q: longer than 40 characters", name)
	case strings.EqualFold(name, RaterMe):
		return fmt.Errorf("rater %q: \"me\" is the name of your own votes; give the colleague's", name)
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fmt.Errorf("rater %q: control characters are not allowed", name)
		}
	}
	return nil
}

// VideoTaskByID reads a video task by its history id (video:ID).
func (s *Store) VideoTaskByID(ctx context.Context, id int64) (*VideoTask, error) {
	rid, err := s.videoRequestID(ctx, id)
	if err != nil {
		return nil, err
	}
	return s.VideoTask(ctx, rid)
}

// ImageTarget is the name the leaderboard ranks an image model under: the
// model, with the settings that change its pictures (the Image tab's
// arena and a ballot name it alike).
func ImageTarget(model, background, quality, size string) string {
	var set []string
	for _, kv := range [][2]string{{"background", background}, {"quality", quality}, {"size", strings.TrimSpace(size)}} {
		if kv[1] != "" {
			set = append(set, kv[0]+"="+kv[1])
		}
	}
	if len(set) == 0 {
		return model
	}
	return model + ":" + strings.Join(set, ",")
}

// UnvotedBlind lists the prompts (turns) of a comparison that ran blind
// and that the person has not voted on yet: their names are still
// hidden, so nothing may show them (a shared page refuses).
func (s *Store) UnvotedBlind(ctx context.Context, conversationID int64) ([]int, error) {
	out, err := selectAll(ctx, s.r, scanValue[int], `SELECT b.turn FROM blind_runs b WHERE b.conversation_id = ?
		AND NOT EXISTS (SELECT 1 FROM votes v WHERE v.conversation_id = b.conversation_id AND v.turn = b.turn
			AND v.rater = '') ORDER BY b.turn`, conversationID)
	if err != nil {
		return nil, fmt.Errorf("comparison %d run blind: %w", conversationID, err)
	}
	return out, nil
}
