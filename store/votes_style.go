package store

import (
	"context"
	"fmt"

	"atelier/store/rank"
)

// VoteStyles are the styles of the answers chat votes judged: by vote id,
// then by letter.
type VoteStyles map[int64]map[string]rank.Style

// VoteStyles reads the answers the chat votes f selects judged — each
// letter's reply, the newest of its lane and prompt — and measures their
// style (rank.StyleOf: tokens, headers, bold spans, list items) for the
// style-controlled board. Image and video votes have none.
func (s *Store) VoteStyles(ctx context.Context, f VoteFilter) (VoteStyles, error) {
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT v.id, t.letter, m.text, ifnull(m.output_tokens, 0)
		FROM votes v JOIN vote_targets t ON t.vote_id = v.id
		JOIN messages m ON m.id = (SELECT id FROM messages WHERE conversation_id = v.conversation_id
			AND turn = v.turn AND lane = t.lane AND role = 'assistant' ORDER BY id DESC LIMIT 1)
		WHERE v.kind = 'chat' AND `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("vote styles: %w", err)
	}
	defer rows.Close()
	out := VoteStyles{}
	for rows.Next() {
		var id, tokens int64
		var letter, text string
		if err := rows.Scan(&id, &letter, &text, &tokens); err != nil {
			return nil, fmt.Errorf("vote styles: %w", err)
		}
		if out[id] == nil {
			out[id] = map[string]rank.Style{}
		}
		out[id][letter] = rank.StyleOf(text, tokens)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("vote styles: %w", err)
	}
	return out, nil
}

// styles are v's answers' styles in the order of names (v's targets by
// name, as Ranked returns them); nil when one is unknown.
func (vs VoteStyles) styles(v Vote, names []string) []rank.Style {
	byLetter := vs[v.ID]
	if byLetter == nil {
		return nil
	}
	letter := make(map[string]string, len(v.Targets))
	for _, t := range v.Targets {
		letter[t.Target] = t.Letter
	}
	out := make([]rank.Style, len(names))
	for i, name := range names {
		st, ok := byLetter[letter[name]]
		if !ok {
			return nil
		}
		out[i] = st
	}
	return out
}
