package store

import (
	"context"
	"fmt"
	"testing"
)

// benchComparisons is how many comparisons BenchmarkCompareAlternatives'
// store holds: each a prompt and two replies, the last three runs of one
// prompt on the same targets, linked as alternatives (as ctrl+r links them).
const benchComparisons = 5_000

// BenchmarkCompareAlternatives reads the alternatives of a comparison in a
// store of 5,000: before the alternatives migration every comparison's first prompt and targets
// were read and matched; now the group is read by its index.
func BenchmarkCompareAlternatives(b *testing.B) {
	s, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	ctx := context.Background()
	err = s.tx(ctx, func(tx *txn) error {
		for c := 1; c <= benchComparisons; c++ {
			prompt := fmt.Sprintf("compare prompt %d", c)
			if c > benchComparisons-3 {
				prompt = "the prompt run three times"
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO conversations (id, kind, created_at, updated_at)
				VALUES (?, 'compare', ?, ?)`, c, c, c); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO messages (conversation_id, turn, lane, role, text, status,
				created_at, updated_at) VALUES (?, 0, 0, 'user', ?, 'complete', ?, ?)`, c, prompt, c, c); err != nil {
				return err
			}
			for lane, model := range []string{"model-a", "model-b"} {
				if _, err := tx.ExecContext(ctx, `INSERT INTO messages (conversation_id, turn, lane, role, family, model,
					text, status, created_at, updated_at) VALUES (?, 0, ?, 'assistant', 'alpha', ?, 'a reply', 'complete', ?, ?)`,
					c, lane+1, model, c, c); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	first := int64(benchComparisons - 2)
	for id := first + 1; id <= benchComparisons; id++ {
		if err := s.LinkAlternative(ctx, AltComparison, id-1, id); err != nil {
			b.Fatal(err)
		}
	}
	for b.Loop() {
		alts, err := s.CompareAlternatives(ctx, benchComparisons)
		if err != nil || len(alts) != 3 || alts[0] != first {
			b.Fatal(alts, err)
		}
	}
}
