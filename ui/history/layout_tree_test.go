package history

import (
	"strings"
	"testing"

	"atelier/store"
	"atelier/ui/tab/tabtest"
)

// A chat that forks opens on its path kept, each fork saying its place,
// with every alternative and branch not kept below it.
func TestForkedChatShowsTheKeptPathAndTheOthers(t *testing.T) {
	db := tabtest.OpenStore(t, "")
	c := tabtest.Must[int64](t)(db.NewConversation(bg, store.KindChat, ""))
	p := tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: c, Role: store.RoleUser, Text: "a lighthouse haiku"}))
	var alts []int64
	for _, text := range []string{"beam one", "beam two", "beam three"} {
		alts = append(alts, tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: c, ParentID: p,
			Role: store.RoleAssistant, Family: "alpha", Model: "model-x", Text: text})))
	}
	check(t, db.ShowMessage(bg, alts[1]))
	for _, text := range []string{"and the harbour", "and the harbour at dawn"} {
		tabtest.Must[int64](t)(db.AddMessage(bg, store.Message{ConversationID: c, Turn: 1, ParentID: alts[1],
			Role: store.RoleUser, Text: text}))
	}
	hs := newHarness(t, db, 120, 60)
	hs.to("lighthouse").Keys("enter")
	v := hs.view()
	for _, want := range []string{"model-x · 2 of 3 · kept", "branch 2 of 2 · kept", "Alternatives and branches not kept",
		"beam one", "beam three", "and the harbour"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in\n%s", want, v)
		}
	}
	if i, j := strings.Index(v, "beam two"), strings.Index(v, "beam one"); i < 0 || i > j {
		t.Errorf("the kept alternative does not come first:\n%s", v)
	}
}
