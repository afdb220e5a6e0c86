package rank

import (
	"cmp"
	"slices"
)

// Flip is a pair whose order differs between two tags' boards, with their
// intervals apart in both: A is surely ahead of B on AheadOn and surely
// behind on BehindOn ("A ahead on code, behind on poetry").
type Flip struct {
	A        string `json:"a"`
	B        string `json:"b"`
	AheadOn  string `json:"ahead_on"`
	BehindOn string `json:"behind_on"`
}

// TagBoard is one tag's board, for Flips.
type TagBoard struct {
	Tag   string `json:"tag"`
	Board Board  `json:"board"`
}

// Flips lists the pairs whose order flips between two of the boards:
// in one, A's lower bound is above B's upper bound; in another, B's lower
// bound above A's upper. A pair that flips between several tags is listed
// once per pair of tags, each in the boards' order.
func Flips(boards []TagBoard) []Flip {
	type bounds struct{ lo, hi float64 }
	at := make([]map[string]bounds, len(boards))
	for k, b := range boards {
		at[k] = map[string]bounds{}
		for _, e := range b.Board.Entries {
			at[k][e.Target] = bounds{e.Low, e.High}
		}
	}
	var out []Flip
	for x := range boards {
		for y := range boards {
			if x == y {
				continue
			}
			for _, a := range boards[x].Board.Entries {
				for _, b := range boards[x].Board.Entries {
					ax, bx := at[x][a.Target], at[x][b.Target]
					ay, oka := at[y][a.Target]
					by, okb := at[y][b.Target]
					if a.Target == b.Target || !oka || !okb || ax.lo <= bx.hi || by.lo <= ay.hi {
						continue
					}
					out = append(out, Flip{A: a.Target, B: b.Target, AheadOn: boards[x].Tag, BehindOn: boards[y].Tag})
				}
			}
		}
	}
	// Each flip was found from both of its tags: keep the one where A
	// comes first by name.
	out = slices.DeleteFunc(out, func(f Flip) bool { return f.A > f.B })
	slices.SortStableFunc(out, func(p, q Flip) int {
		return cmp.Or(cmp.Compare(p.A, q.A), cmp.Compare(p.B, q.B), cmp.Compare(p.AheadOn, q.AheadOn), cmp.Compare(p.BehindOn, q.BehindOn))
	})
	return out
}
