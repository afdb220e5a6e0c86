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
	// Kept: a second read takes the kept style (here altered by hand, to
	// tell it from a new measure); a reply changed since is measured again.
	var kept int
	if err := s.r.QueryRow(`SELECT count(*) FROM reply_styles`).Scan(&kept); err != nil || kept != 2 {
		t.Fatalf("%d styles kept (%v), want the 2 replies judged", kept, err)
	}
	if _, err := s.w.Exec(`UPDATE reply_styles SET bold = 9`); err != nil {
		t.Fatal(err)
	}
	for _, byLetter := range must[VoteStyles](t)(s.VoteStyles(bg, VoteFilter{})) {
		if byLetter["A"].Bold != 9 {
			t.Fatalf("A %+v: want the kept style, not a new measure", byLetter["A"])
		}
	}
	if _, err := s.w.Exec(`UPDATE messages SET updated_at = updated_at + 1 WHERE lane = 1`); err != nil {
		t.Fatal(err)
	}
	for _, byLetter := range must[VoteStyles](t)(s.VoteStyles(bg, VoteFilter{})) {
		if byLetter["A"].Bold != 2 || byLetter["B"].Bold != 9 {
			t.Fatalf("A %+v, B %+v: want A measured again, B's kept", byLetter["A"], byLetter["B"])
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
