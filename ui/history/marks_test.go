package history

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab/tabtest"
)

func TestParseSearch(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, text string
		marks    store.Marks
	}{
		{"lighthouse", "lighthouse", store.Marks{}},
		{"#Code lighthouse", "lighthouse", store.Marks{Tags: []string{"code"}}},
		{`tag:"product shots" is:blind fog `, "fog ", store.Marks{Tags: []string{"product shots"}, Blind: true}},
		{"is:voted", "", store.Marks{Voted: true}},
		{"# tag: is:", "# tag: is:", store.Marks{}}, // filter words begun, not finished: text
		{`"two words" #a`, `"two words"`, store.Marks{Tags: []string{"a"}}},
	} {
		got := parseSearch(c.in)
		if got.text != c.text || fmt.Sprint(got.marks) != fmt.Sprint(c.marks) {
			t.Errorf("%q: text %q marks %+v, want %q %+v", c.in, got.text, got.marks, c.text, c.marks)
		}
	}
}

// TestSearchByTagsAndVotes: the search line's filter words narrow the
// list (paged as the list is) and a search's matches to the items with a
// tag or a standing vote; an open item's heading shows its tags and vote.
func TestSearchByTagsAndVotes(t *testing.T) {
	t.Parallel()
	f := newFixture(t, t.TempDir())
	check(t, f.db.SetTags(bg, store.ItemRef{Kind: store.KindCompare, ID: f.compare}, []string{"code", "teaching"}))
	check(t, f.db.SetTags(bg, store.ItemRef{Kind: store.KindImage, ID: f.image}, []string{"art"}))
	check(t, f.db.SetTags(bg, store.ItemRef{Kind: store.KindChat, ID: f.stopped}, []string{"travel", "code"}))
	tabtest.Must[int64](t)(f.db.RecordVote(bg, store.Vote{Kind: store.VoteChat, ConversationID: f.compare, Verdict: "BA", Blind: true,
		Targets: []store.VoteTarget{{Letter: "A", Lane: 0, Family: "alpha", Model: "model-x", Target: "alpha:model-x"},
			{Letter: "B", Lane: 1, Family: "beta", Model: "model-y", Target: "beta:model-y"}}}))
	tabtest.Must[int64](t)(f.db.RecordVote(bg, store.Vote{Kind: store.VoteImage, Verdict: "AB", Blind: false,
		Targets: []store.VoteTarget{{Letter: "A", ImageJobID: f.image, Family: "gamma", Model: "m", Target: "gamma:a"},
			{Letter: "B", ImageJobID: f.edit, Family: "gamma", Model: "m", Target: "gamma:b"}}}))

	cases := []struct {
		typed string
		want  []string // titles, in order
	}{
		{"#code", []string{"plan a trip to the lighthouse", "explain CRDTs to a new engineer"}},
		{"#code #travel", []string{"plan a trip to the lighthouse"}},
		{"is:voted", []string{"add a red boat", "explain CRDTs to a new engineer", "a lighthouse in fog, watercolor"}},
		{"is:blind", []string{"explain CRDTs to a new engineer"}},
		{"lighthouse #art", []string{"a lighthouse in fog, watercolor"}},
		{"lighthouse is:voted", []string{"a lighthouse in fog, watercolor"}},
		{"#nothing", nil},
	}
	for _, c := range cases {
		t.Run(c.typed, func(t *testing.T) {
			hs := newHarness(t, f.db, 120, 40)
			hs.Keys("/").Type(c.typed)
			hs.NoErrors()
			var got []string
			for _, r := range hs.m.browse.list.rows() {
				got = append(got, strings.Join(strings.Fields(flat(plainTitle(r))), " "))
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("rows %q, want %q\n%s", got, c.want, hs.view())
			}
		})
	}

	hs := newHarness(t, f.db, 120, 40)
	hs.to("CRDT").Keys("enter")
	head := strings.SplitN(hs.view(), "\n", 2)[0]
	if !strings.Contains(head, "#code #teaching · blind vote: beta:model-y better") {
		t.Errorf("heading %q: no tags and vote", head)
	}
	hs.Keys("esc")
	hs.to("haiku").Keys("enter")
	if head := strings.SplitN(hs.view(), "\n", 2)[0]; strings.Contains(head, "#") || strings.Contains(head, "vote") {
		t.Errorf("an item without marks: heading %q", head)
	}
}
