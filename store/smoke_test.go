package store

import "testing"

func TestSmoke(t *testing.T) {
	s := openTest(t)
	id := must[int64](t)(s.NewConversation(bg, KindChat, ""))
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: id, Role: RoleUser, Text: "write a haiku about lighthouse tea"}))
	r := must[*Reply](t)(s.BeginReply(bg, ReplyStart{ConversationID: id, Family: "alpha", Model: "model-x", RequestJSON: []byte(`{"a":1}`)}))
	if err := r.Append("Steam curls ", ""); err != nil {
		t.Fatal(err)
	}
	if err := r.Finish(ReplyEnd{StopReason: "end_turn"}); err != nil {
		t.Fatal(err)
	}
	hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lightho"}))
	t.Logf("%+v", hits)
	items := must[[]Item](t)(s.Items(bg, ItemFilter{}))
	t.Logf("%+v", items)
}
