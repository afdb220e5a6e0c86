package store

import "testing"

// TestBlindRunsMarked: a comparison marked blind says so for its turn
// only, marking twice is no error, and the mark goes with the comparison.
func TestBlindRunsMarked(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	other := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	for range 2 {
		if err := s.MarkBlind(bg, conv, 0); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		id   int64
		turn int
		want bool
	}{{conv, 0, true}, {conv, 1, false}, {other, 0, false}} {
		if got := must[bool](t)(s.RanBlind(bg, c.id, c.turn)); got != c.want {
			t.Errorf("comparison %d turn %d: blind %v, want %v", c.id, c.turn, got, c.want)
		}
	}
	if err := s.DeleteConversation(bg, conv); err != nil {
		t.Fatal(err)
	}
	if n := must[int](t)(count(s, "blind_runs")); n != 0 {
		t.Errorf("%d marks left after the comparison was deleted", n)
	}
}

func count(s *Store, table string) (int, error) {
	var n int
	err := s.r.QueryRow(`SELECT count(*) FROM ` + table).Scan(&n)
	return n, err
}
