package rank

import (
	"reflect"
	"testing"
)

func board(entries ...Entry) Board { return Board{Entries: entries} }

func span(name string, lo, hi float64) Entry {
	return Entry{Target: name, Score: (lo + hi) / 2, Low: lo, High: hi}
}

// X is surely ahead of Y and Z on code and surely behind both on poetry:
// two flips. Z is ahead of Y on code but overlaps it on poetry: no flip.
// On prose X and Y overlap; W is on one board only.
func TestFlipsBetweenTags(t *testing.T) {
	got := Flips([]TagBoard{
		{Tag: "code", Board: board(span("X", 1100, 1200), span("Z", 1000, 1080), span("Y", 900, 980), span("W", 800, 850))},
		{Tag: "poetry", Board: board(span("Y", 1100, 1200), span("Z", 1050, 1150), span("X", 900, 1000))},
		{Tag: "prose", Board: board(span("X", 900, 1100), span("Y", 950, 1050))},
	})
	want := []Flip{
		{A: "X", B: "Y", AheadOn: "code", BehindOn: "poetry"},
		{A: "X", B: "Z", AheadOn: "code", BehindOn: "poetry"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("flips %+v, want %+v", got, want)
	}
}
