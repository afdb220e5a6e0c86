package store

import (
	"strings"
	"testing"

	"atelier/store/rank"
)

// TestBoardsFitOnlyBlindVotes: the blind votes are fitted with the board's
// seed and rounds; the open ones are counted apart and never fitted.
func TestBoardsFitOnlyBlindVotes(t *testing.T) {
	t.Parallel()
	open := chatVote(1, "BA")
	open.Blind = false
	votes := []Vote{chatVote(1, "AB"), chatVote(1, "AB"), chatVote(1, VerdictTie), open}
	blind, counted, err := Boards(votes, 200)
	if err != nil {
		t.Fatal(err)
	}
	want, err := rank.Compute([]rank.Vote{rank.Better("beta:m2", "alpha:m1"), rank.Better("beta:m2", "alpha:m1"),
		rank.Tied("beta:m2", "alpha:m1")}, rank.Options{Rounds: 200, Seed: BoardSeed})
	if err != nil {
		t.Fatal(err)
	}
	if blind.Votes != 3 || len(blind.Entries) != 2 || blind.Entries[0] != want.Entries[0] || blind.Entries[1] != want.Entries[1] {
		t.Errorf("blind board %+v, want %+v", blind.Entries, want.Entries)
	}
	if counted.Votes != 1 || counted.Entries[0].Target != "alpha:m1" || counted.Entries[0].Wins != 1 || counted.Rounds != 0 {
		t.Errorf("open board %+v: want the one open vote, alpha:m1 winning, no bootstrap", counted)
	}
	none, _, err := Boards(votes, 0)
	if err != nil || none.Rounds != 0 || none.Entries[0].Low != none.Entries[0].Score {
		t.Errorf("rounds 0: %+v, %v; want no bootstrap, the interval the score itself", none, err)
	}
}

// TestNextPromptSkipsJudgedPrompts: the newest prompt the pair has not
// been judged on, by text; the newest of all when every one was.
func TestNextPromptSkipsJudgedPrompts(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	if _, _, ok, err := s.NextPrompt(bg, "beta:m2", "alpha:m1"); ok || err != nil {
		t.Fatalf("empty history: ok %v, %v; want none", ok, err)
	}
	prompt := func(kind Kind, text string) int64 {
		id, _ := newConversation(t, s, kind, "", text)
		return id
	}
	prompt(KindChat, "old question")
	prompt(KindChat, "sort a list")
	cmpID := prompt(KindCompare, "sort a list") // the same text, judged below
	must[int64](t)(s.RecordVote(bg, chatVote(cmpID, "AB")))

	got, fresh, ok, err := s.NextPrompt(bg, "beta:m2", "alpha:m1")
	if err != nil || !ok || !fresh || got != "old question" {
		t.Errorf("NextPrompt = %q fresh %v ok %v, %v; want the newest prompt not judged: old question", got, fresh, ok, err)
	}
	// Another pair was never judged on it: the newest prompt.
	if got, _, _, _ := s.NextPrompt(bg, "gamma:m3", "alpha:m1"); got != "sort a list" {
		t.Errorf("another pair: %q, want the newest prompt", got)
	}
	must[int64](t)(s.RecordVote(bg, Vote{Kind: VoteChat, ConversationID: prompt(KindCompare, "old question"),
		Verdict: "BA", Blind: true, Targets: chatVote(0, "AB").Targets}))
	got, fresh, ok, err = s.NextPrompt(bg, "beta:m2", "alpha:m1")
	if err != nil || !ok || fresh || got != "old question" {
		t.Errorf("all judged: %q fresh %v ok %v, %v; want the newest prompt, not fresh", got, fresh, ok, err)
	}
}

// TestRankedVotesAreVotesRanked: the narrow listing gives the same votes,
// in the same order, ranked the same, as Votes, under the same filter.
func TestRankedVotesAreVotesRanked(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv := must[int64](t)(s.NewConversation(bg, KindCompare, "sorting"))
	other := must[int64](t)(s.NewConversation(bg, KindCompare, "poems"))
	if err := s.SetTags(bg, ItemRef{Kind: KindCompare, ID: other}, []string{"poetry"}); err != nil {
		t.Fatal(err)
	}
	open := chatVote(conv, "AB")
	open.Blind = false
	three := Vote{Kind: VoteChat, ConversationID: other, Verdict: "CAB", Blind: true, Targets: append(chatVote(0, "").Targets,
		VoteTarget{Letter: "C", Lane: 2, Family: "gamma", Model: "m3", Target: "gamma:m3"})}
	for _, v := range []Vote{chatVote(conv, "BA"), open, three, chatVote(other, VerdictBad), chatVote(conv, VerdictTie)} {
		must[int64](t)(s.RecordVote(bg, v))
	}
	for _, f := range []VoteFilter{{}, {Kind: VoteChat}, {Tag: "poetry"}, {Family: "alpha"}, {Kind: VoteImage}} {
		full := must[[]Vote](t)(s.Votes(bg, f))
		narrow := must[[]Vote](t)(s.RankedVotes(bg, f))
		if len(full) != len(narrow) {
			t.Fatalf("filter %+v: %d votes, Votes gives %d", f, len(narrow), len(full))
		}
		for i := range full {
			a, tieA, badA := full[i].Ranked()
			b, tieB, badB := narrow[i].Ranked()
			if full[i].ID != narrow[i].ID || full[i].Blind != narrow[i].Blind || full[i].Kind != narrow[i].Kind ||
				strings.Join(a, " ") != strings.Join(b, " ") || tieA != tieB || badA != badB {
				t.Errorf("filter %+v, vote %d: %+v, Votes gives %+v", f, i, narrow[i], full[i])
			}
		}
	}
}

// TestNextPromptStandsAlone: a chat's later prompt leans on what came
// before it ("and now continue please"): the Arena never picks it, only a
// chat's first prompt or any of a comparison's (issue 30).
func TestNextPromptStandsAlone(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	chat := must[int64](t)(s.NewConversation(bg, KindChat, ""))
	for turn, text := range []string{"explain CRDTs", "and now continue please"} {
		must[int64](t)(s.AddMessage(bg, Message{ConversationID: chat, Turn: turn, Role: RoleUser, Text: text}))
		must[int64](t)(s.AddMessage(bg, Message{ConversationID: chat, Turn: turn, Role: RoleAssistant, Text: "..."}))
	}
	got, _, ok, err := s.NextPrompt(bg, "beta:m2", "alpha:m1")
	if err != nil || !ok || got != "explain CRDTs" {
		t.Errorf("NextPrompt = %q ok %v, %v; want the chat's first prompt", got, ok, err)
	}
	cmp := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	for turn, text := range []string{"sort a list", "write a haiku"} {
		must[int64](t)(s.AddMessage(bg, Message{ConversationID: cmp, Turn: turn, Role: RoleUser, Text: text}))
	}
	if got, _, _, _ := s.NextPrompt(bg, "beta:m2", "alpha:m1"); got != "write a haiku" {
		t.Errorf("NextPrompt = %q; want the comparison's newest prompt", got)
	}
}

// TestBoardsStampMovesWithWhatBoardsRead: a vote cast or withdrawn, a tag
// set and a lane rated each move the stamp; a chat recorded does not.
func TestBoardsStampMovesWithWhatBoardsRead(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	stamp := must[string](t)(s.BoardsStamp(bg))
	moved := func(why string, want bool) {
		t.Helper()
		now := must[string](t)(s.BoardsStamp(bg))
		if (now != stamp) != want {
			t.Fatalf("%s: stamp %q then %q, moved %v, want %v", why, stamp, now, now != stamp, want)
		}
		stamp = now
	}
	c, _ := newConversation(t, s, KindCompare, "cmp", "q")
	moved("a comparison recorded", false)
	id := must[int64](t)(s.RecordVote(bg, chatVote(c, "AB")))
	moved("a vote", true)
	noErr(t, s.SetTags(bg, ItemRef{Kind: KindCompare, ID: c}, []string{"code"}))
	moved("a tag", true)
	noErr(t, s.SetLane(bg, Lane{ConversationID: c, Lane: 0, Family: "alpha", Model: "m1", Rating: 4}))
	moved("a rating", true)
	noErr(t, s.WithdrawVote(bg, id))
	moved("a withdrawal", true)
	must[int64](t)(s.NewConversation(bg, KindChat, "chat"))
	moved("a chat", false)
}
