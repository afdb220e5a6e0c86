package store

import (
	"context"
	"strings"
	"unicode/utf8"

	"atelier/internal/limits"
)

// foldEnd is how a streaming message ends: its status and why.
type foldEnd struct {
	status, errText string
	now             int64
	whole           [2]string // the whole text and thinking, when the caller holds them (ReplyEnd)
}

// fold ends a streaming message: its checkpointed chunks, in order, then
// the tail not yet checkpointed, are appended to its text and thinking in
// one UPDATE that also sets the final status (which indexes it for search),
// and the chunks are deleted.
//
// It holds at most limit bytes of reply (text and thinking together, what
// the message held already included), whatever was checkpointed: the
// chunks are read one at a time and reading stops at the limit, so a reply
// of any length, even one an earlier version let grow past what SQLite can
// concatenate, folds in bounded memory. A reply cut here is marked
// interrupted with the limit as its reason.
func fold(ctx context.Context, tx *txn, id int64, tail [2]string, limit int64, end foldEnd) error {
	var held int64
	err := tx.QueryRowContext(ctx, `SELECT octet_length(text) + octet_length(thinking) FROM messages WHERE id = ?`,
		id).Scan(&held)
	if err != nil {
		return err
	}
	acc := replyAcc{left: limit - held}
	var text, thinking int64 // the sizes checkpointed, read without the text
	err = tx.QueryRowContext(ctx, `SELECT coalesce(sum(octet_length(text)), 0), coalesce(sum(octet_length(thinking)), 0)
		FROM message_chunks WHERE message_id = ?`, id).Scan(&text, &thinking)
	if err != nil {
		return err
	}
	if whole := end.whole; held == 0 && whole != [2]string{} &&
		text+int64(len(tail[0])) == int64(len(whole[0])) && thinking+int64(len(tail[1])) == int64(len(whole[1])) &&
		strings.HasSuffix(whole[0], tail[0]) && strings.HasSuffix(whole[1], tail[1]) &&
		int64(len(whole[0])+len(whole[1])) <= acc.left {
		return setFolded(ctx, tx, id, whole, end)
	}
	acc.text.Grow(int(min(text+int64(len(tail[0])), max(acc.left, 0))))
	acc.thinking.Grow(int(min(thinking+int64(len(tail[1])), max(acc.left, 0))))
	rows, err := tx.QueryContext(ctx, `SELECT text, thinking FROM message_chunks WHERE message_id = ? ORDER BY seq`, id)
	if err != nil {
		return err
	}
	for !acc.cut && rows.Next() {
		var text, thinking string
		if err := rows.Scan(&text, &thinking); err != nil {
			rows.Close()
			return err
		}
		acc.add(text, thinking)
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return err
	}
	rows.Close()
	acc.add(tail[0], tail[1])
	if acc.cut {
		end.status = StatusInterrupted
		end.errText = joinReasons(limits.Over("reply text", limit, "the reply is cut there").Error(), end.errText)
	}
	return setFolded(ctx, tx, id, [2]string{acc.text.String(), acc.thinking.String()}, end)
}

// setFolded appends a streaming message's folded text and thinking to what
// it held, sets how it ended, and deletes its chunks. What held nothing
// (a reply streamed from its start) takes the folded text as it is bound:
// joining it to an empty text would make SQLite copy a reply of megabytes once more.
func setFolded(ctx context.Context, tx *txn, id int64, folded [2]string, end foldEnd) error {
	_, err := tx.ExecContext(ctx, `UPDATE messages SET text = iif(text = '', ?2, text || ?2),
		thinking = iif(thinking = '', ?3, thinking || ?3),
		status = ?4, error = ?5, writer_pid = NULL, writer_start = NULL, updated_at = ?6 WHERE id = ?1`,
		id, folded[0], folded[1], end.status, end.errText, end.now)
	if err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM message_chunks WHERE message_id = ?`, id)
	return err
}

// replyAcc gathers a reply's text and thinking while bytes are left.
type replyAcc struct {
	text, thinking strings.Builder
	left           int64
	cut            bool // something did not fit
}

func (a *replyAcc) add(text, thinking string) {
	for i, s := range [2]string{text, thinking} {
		if a.cut || s == "" {
			continue
		}
		if int64(len(s)) > a.left {
			s, a.cut = prefixUTF8(s, a.left), true
		}
		a.left -= int64(len(s))
		if i == 0 {
			a.text.WriteString(s)
		} else {
			a.thinking.WriteString(s)
		}
	}
}

// prefixUTF8 is the longest prefix of s of at most n bytes that does not
// split a character.
func prefixUTF8(s string, n int64) string {
	if n <= 0 {
		return ""
	}
	i := int(min(n, int64(len(s))))
	for i < len(s) && i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}

// joinReasons joins the non-empty reasons with "; ".
func joinReasons(rs ...string) string {
	return strings.Join(nonEmpty(rs...), "; ")
}
