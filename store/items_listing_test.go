package store

import (
	"testing"
	"time"
)

// Listing speaks one vocabulary whichever table an item lives in (issue
// 30): "failed" is a chat's error reply and a failed video task alike, a
// conversation is listed under its own status only, and more says whether
// a page is the last.
func TestListingSpeaksOneVocabulary(t *testing.T) {
	s := openTest(t)
	seedHistory(t, s)
	for _, tc := range []struct {
		f        ItemFilter
		want     string
		wantMore bool
	}{
		{ItemFilter{Status: WordFailed}, "video2,chat1", false},
		{ItemFilter{Status: "error"}, "chat1", false}, // a stored word: the items that keep it
		{ItemFilter{Status: WordComplete}, "image2,compare2,image1", false},
		{ItemFilter{Status: WordQueued}, "video1", false},
		{ItemFilter{Status: WordFailed, Limit: 1}, "video2", true},
		{ItemFilter{Limit: 3}, "video2,chat3,image2", true},
		{ItemFilter{Limit: 7}, "video2,chat3,image2,video1,compare2,image1,chat1", false},
		{ItemFilter{Status: WordFailed, Limit: 1, After: &Cursor{Kind: KindChat, ID: 1, At: itemAt(t, s, KindChat, 1)}}, "video2", false},
	} {
		items, more, err := s.Listing(bg, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		if got := kindsOf(items); got != tc.want || more != tc.wantMore {
			t.Errorf("%+v: %s (more %v), want %s (more %v)", tc.f, got, more, tc.want, tc.wantMore)
		}
		for _, it := range items {
			if StatusWord(it.Status) != it.Status {
				t.Errorf("%s%d: status %q is not a listing's word", it.Kind, it.ID, it.Status)
			}
		}
	}
}

// itemAt is when the listing places an item.
func itemAt(t *testing.T, s *Store, k Kind, id int64) (at time.Time) {
	t.Helper()
	for _, it := range must[[]Item](t)(s.Items(bg, ItemFilter{Kind: k})) {
		if it.ID == id {
			return it.At
		}
	}
	t.Fatalf("no %s%d", k, id)
	return at
}
