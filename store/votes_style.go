package store

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"atelier/store/rank"
)

// VoteStyles are the styles of the answers chat votes judged: by vote id,
// then by letter.
type VoteStyles map[int64]map[string]rank.Style

// styleRow is one judged answer as VoteStyles reads it: its kept style,
// or its text to measure.
type styleRow struct {
	vote           int64
	letter         string
	message, stamp int64
	tokens         int64
	text           string
	style          rank.Style
	kept           bool
}

// VoteStyles reads the style of the answers the chat votes f selects
// judged — each letter's reply, the newest of its lane and prompt — for
// the style-controlled board: tokens, headers, bold spans and list items
// (rank.StyleOf). A reply is measured from its text once and its style
// kept (reply_styles, migration 0011); only replies new or changed since
// are parsed, on every core. Image and video votes have none.
func (s *Store) VoteStyles(ctx context.Context, f VoteFilter) (VoteStyles, error) {
	where, args, err := voteWhere(f)
	if err != nil {
		return nil, err
	}
	rows, err := s.r.QueryContext(ctx, `SELECT v.id, t.letter, m.id, m.updated_at, ifnull(m.output_tokens, 0),
		CASE WHEN r.message_id IS NULL THEN m.text ELSE '' END, r.message_id IS NOT NULL,
		ifnull(r.tokens, 0), ifnull(r.headers, 0), ifnull(r.bold, 0), ifnull(r.lists, 0)
		FROM votes v JOIN vote_targets t ON t.vote_id = v.id
		JOIN messages m ON m.id = (SELECT id FROM messages WHERE conversation_id = v.conversation_id
			AND turn = v.turn AND lane = t.lane AND role = 'assistant' ORDER BY id DESC LIMIT 1)
		LEFT JOIN reply_styles r ON r.message_id = m.id AND r.updated_at = m.updated_at
		WHERE v.kind = 'chat' AND `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("vote styles: %w", err)
	}
	var all []styleRow
	for rows.Next() {
		var r styleRow
		st := &r.style
		if err := rows.Scan(&r.vote, &r.letter, &r.message, &r.stamp, &r.tokens, &r.text, &r.kept,
			&st.Tokens, &st.Headers, &st.Bold, &st.Lists); err != nil {
			rows.Close()
			return nil, fmt.Errorf("vote styles: %w", err)
		}
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("vote styles: %w", err)
	}
	s.measure(ctx, all)
	out := VoteStyles{}
	for _, r := range all {
		if out[r.vote] == nil {
			out[r.vote] = map[string]rank.Style{}
		}
		out[r.vote][r.letter] = r.style
	}
	return out, nil
}

// measure parses the rows' replies whose style is not kept, a message
// once however many votes judged it, on every core, and keeps their
// styles. Keeping them is a saving, not a need: a board uses the styles
// measured whether or not they could be written (the next one measures
// again).
func (s *Store) measure(ctx context.Context, all []styleRow) {
	todo := map[int64][]int{} // message → its rows
	var order []int64
	for i, r := range all {
		if r.kept {
			continue
		}
		if _, ok := todo[r.message]; !ok {
			order = append(order, r.message)
		}
		todo[r.message] = append(todo[r.message], i)
	}
	if len(order) == 0 {
		return
	}
	next := make(chan int64)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(order)) {
		wg.Go(func() {
			for m := range next {
				is := todo[m]
				st := rank.StyleOf(all[is[0]].text, all[is[0]].tokens)
				for _, i := range is {
					all[i].style = st
				}
			}
		})
	}
	for _, m := range order {
		next <- m
	}
	close(next)
	wg.Wait()
	_ = s.tx(ctx, func(tx *txn) error {
		stmt, err := tx.PrepareContext(ctx, `INSERT OR REPLACE INTO reply_styles (message_id, updated_at, tokens, headers, bold, lists)
			VALUES (?, ?, ?, ?, ?, ?)`)
		if err != nil {
			return err
		}
		defer stmt.Close()
		for _, m := range order {
			r := all[todo[m][0]]
			if _, err := stmt.ExecContext(ctx, m, r.stamp, r.style.Tokens, r.style.Headers, r.style.Bold, r.style.Lists); err != nil {
				return err
			}
		}
		return nil
	})
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
