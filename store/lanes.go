package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
)

// Lane is one column of a comparison for one prompt: its target and the
// person's verdict on the reply it gave.
type Lane struct {
	ConversationID int64
	Turn           int
	Lane           int
	Family         string
	Model          string
	SettingsJSON   json.RawMessage
	Rating         int // 0 unrated, 1..5
	Note           string
	Winner         bool
}

// SetLane stores a lane's target and verdict, replacing what was there.
// Making a lane the winner takes the title from the other lanes of its turn.
func (s *Store) SetLane(ctx context.Context, l Lane) error {
	if l.Rating < 0 || l.Rating > 5 {
		return fmt.Errorf("set lane: rating %d is not between 0 and 5", l.Rating)
	}
	err := s.tx(ctx, func(tx *txn) error {
		if l.Winner {
			if _, err := tx.ExecContext(ctx, `UPDATE compare_lanes SET winner = 0
				WHERE conversation_id = ? AND turn = ? AND lane <> ?`, l.ConversationID, l.Turn, l.Lane); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO compare_lanes
			(conversation_id, turn, lane, family, model, settings_json, rating, note, winner)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (conversation_id, turn, lane) DO UPDATE SET
			family = excluded.family, model = excluded.model, settings_json = excluded.settings_json,
			rating = excluded.rating, note = excluded.note, winner = excluded.winner`,
			l.ConversationID, l.Turn, l.Lane, l.Family, l.Model, jsonArg(l.SettingsJSON), l.Rating, l.Note, l.Winner)
		return err
	})
	if err != nil {
		return fmt.Errorf("set lane %d of conversation %d: %w", l.Lane, l.ConversationID, err)
	}
	return nil
}

// lanesOf reads a conversation's lanes in order.
func lanesOf(ctx context.Context, q querier, conversationID int64) ([]Lane, error) {
	return selectAll(ctx, q, scanLane, `SELECT conversation_id, turn, lane, family, model, settings_json,
		rating, note, winner FROM compare_lanes WHERE conversation_id = ? ORDER BY turn, lane`, conversationID)
}

// scanLane reads a row of compare_lanes.
func scanLane(sc rowScanner) (Lane, error) {
	var l Lane
	var settings sql.NullString
	err := sc.Scan(&l.ConversationID, &l.Turn, &l.Lane, &l.Family, &l.Model, &settings,
		&l.Rating, &l.Note, &l.Winner)
	l.SettingsJSON = rawJSON(settings)
	return l, err
}

// Lanes returns a comparison's lanes, every turn's, in order: its targets
// without its messages, for a list to name them.
func (s *Store) Lanes(ctx context.Context, conversationID int64) ([]Lane, error) {
	ls, err := lanesOf(ctx, s.r, conversationID)
	if err != nil {
		return nil, fmt.Errorf("lanes of conversation %d: %w", conversationID, err)
	}
	return ls, nil
}

// LastTurnTargets are what a comparison is named by in a listing: the
// families and the models of its last turn's lanes, each once, in lane
// order, and how many lanes that turn has (a sweep runs one model
// several ways). The listing itself carries a single lane's target.
func LastTurnTargets(ls []Lane) (families, models []string, lanes int) {
	if len(ls) == 0 {
		return nil, nil, 0
	}
	turn := ls[len(ls)-1].Turn
	for _, l := range ls {
		if l.Turn != turn {
			continue
		}
		lanes++
		if !slices.Contains(families, l.Family) {
			families = append(families, l.Family)
		}
		if !slices.Contains(models, l.Model) {
			models = append(models, l.Model)
		}
	}
	return families, models, lanes
}
