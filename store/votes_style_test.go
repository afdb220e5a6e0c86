package store

import (
	"testing"

	"atelier/store/rank"
)

// TestVoteStylesReadTheJudgedReplies: each letter's style is measured
// from its lane's newest reply to the judged prompt, and a board of votes
// with styles carries the style-controlled fit; an image board has none.
func TestVoteStylesReadTheJudgedReplies(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := must[int64](t)(s.NewConversation(bg, KindCompare, "styles"))
	add := func(lane int, text string, tokens int64) {
		must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Lane: lane, Role: RoleAssistant, Text: text,
			Usage: Usage{OutputTokens: tokens}}))
	}
	must[int64](t)(s.AddMessage(bg, Message{ConversationID: conv, Role: RoleUser, Text: "# a prompt with **style**"}))
	add(0, "old", 1)
	add(0, "# Short\n\n- one\n- two", 40) // lane 0's newest: alpha:m1, shown as B
	add(1, "**a** and **b**, much longer", 120)
	must[int64](t)(s.RecordVote(bg, chatVote(conv, "AB")))
	must[int64](t)(s.RecordVote(bg, chatVote(conv, "BA")))

	styles := must[VoteStyles](t)(s.VoteStyles(bg, VoteFilter{}))
	if len(styles) != 2 {
		t.Fatalf("styles of %d votes, want 2", len(styles))
	}
	for id, byLetter := range styles {
		a, b := byLetter["A"], byLetter["B"]
		if a != (rank.Style{Tokens: 120, Bold: 2}) || b != (rank.Style{Tokens: 40, Headers: 1, Lists: 2}) {
			t.Errorf("vote %d: A %+v, B %+v: want lane 1's reply as A, lane 0's newest as B", id, a, b)
		}
	}
	votes := must[[]Vote](t)(s.Votes(bg, VoteFilter{}))
	blind, _, err := StyledBoards(votes, styles, 0)
	if err != nil || blind.Style == nil || len(blind.Style.Entries) != 2 {
		t.Fatalf("styled board %+v, %v: want a style fit of both targets", blind.Style, err)
	}
	if plain, _, _ := Boards(votes, 0); plain.Style != nil {
		t.Errorf("a board without styles has a style fit: %+v", plain.Style)
	}
}
