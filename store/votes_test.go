package store

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
	"time"
)

// chatVote is a blind vote on a two-lane comparison with the given verdict.
func chatVote(conv int64, verdict string) Vote {
	return Vote{Kind: VoteChat, ConversationID: conv, Verdict: verdict, Blind: true, Targets: []VoteTarget{
		{Letter: "A", Lane: 1, Family: "beta", Model: "m2", Target: "beta:m2"},
		{Letter: "B", Lane: 0, Family: "alpha", Model: "m1", Target: "alpha:m1"},
	}}
}

// votedComparison records a comparison titled title and a blind vote of
// verdict on it (chatVote's), and returns their ids.
func votedComparison(t testing.TB, s *Store, title, verdict string) (conv, vote int64) {
	t.Helper()
	conv = must[int64](t)(s.NewConversation(bg, KindCompare, title))
	return conv, must[int64](t)(s.RecordVote(bg, chatVote(conv, verdict)))
}

func TestParseVerdict(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"a", 2, "AB"}, {"B", 2, "BA"}, {"t", 2, VerdictTie}, {"x", 2, VerdictBad}, {" tie ", 3, VerdictTie},
		{"cabd", 4, "CABD"}, {"ba", 2, "BA"}, {"BCA", 3, "BCA"},
	} {
		if got, err := ParseVerdict(c.in, c.n); err != nil || got != c.want {
			t.Errorf("ParseVerdict(%q, %d) = %q, %v; want %q", c.in, c.n, got, err, c.want)
		}
	}
	for _, c := range []struct {
		in   string
		n    int
		rule string
	}{
		{"c", 2, "a or b"}, {"a", 3, "the letters ABC best first"}, {"AAB", 3, "each once"},
		{"ABE", 3, "each once"}, {"ABCD", 3, "ABC"}, {"a", 5, "2 to 4"}, {"", 2, "a or b"},
	} {
		_, err := ParseVerdict(c.in, c.n)
		if err == nil || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("ParseVerdict(%q, %d): error %v, want one saying %q", c.in, c.n, err, c.rule)
		}
	}
}

func TestRecordListWithdrawVotes(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv, id := votedComparison(t, s, "sorting", "BA")
	open := chatVote(conv, "AB")
	open.Blind, open.Turn = false, 1
	must[int64](t)(s.RecordVote(bg, open))

	all := must[[]Vote](t)(s.Votes(bg, VoteFilter{}))
	if len(all) != 2 || all[0].ID != id || len(all[0].Targets) != 2 || all[0].Targets[1].Target != "alpha:m1" {
		t.Fatalf("votes %+v: want both, oldest first, with their shown order", all)
	}
	if names, tie, bad := all[0].Ranked(); strings.Join(names, ">") != "alpha:m1>beta:m2" || tie || bad {
		t.Errorf("verdict BA ranks %v (tie %v, bad %v): want alpha:m1 (shown as B) first", names, tie, bad)
	}
	blind := true
	if got := must[[]Vote](t)(s.Votes(bg, VoteFilter{Blind: &blind})); len(got) != 1 || got[0].ID != id {
		t.Errorf("blind votes %+v: want the first only", got)
	}

	must[struct{}](t)(struct{}{}, s.WithdrawVote(bg, id))
	if err := s.WithdrawVote(bg, id); !errors.Is(err, ErrWithdrawn) {
		t.Errorf("withdrawing twice: %v, want ErrWithdrawn", err)
	}
	if err := s.WithdrawVote(bg, 999); !errors.Is(err, ErrNotFound) {
		t.Errorf("withdrawing no vote: %v, want ErrNotFound", err)
	}
	if got := must[[]Vote](t)(s.Votes(bg, VoteFilter{})); len(got) != 1 || got[0].ID == id {
		t.Errorf("after withdrawal: %+v, want the other vote only", got)
	}
	got := must[[]Vote](t)(s.Votes(bg, VoteFilter{Withdrawn: true}))
	if len(got) != 2 || got[0].WithdrawnAt.IsZero() || got[0].Verdict != "BA" {
		t.Errorf("with withdrawn: %+v, want the first marked withdrawn and its verdict unchanged", got)
	}
}

func TestRecordVoteRejectsBadInput(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	for _, c := range []struct {
		edit func(*Vote)
		rule string
	}{
		{func(v *Vote) { v.Kind = "audio" }, `kind "audio"`},
		{func(v *Vote) { v.ConversationID = 0 }, "conversation id"},
		{func(v *Vote) { v.Targets = v.Targets[:1] }, "targets: 1: want 2 to 4"},
		{func(v *Vote) { v.Targets[1].Letter = "C" }, `targets[1]: letter "C": want "B"`},
		{func(v *Vote) { v.Targets[1].Target = v.Targets[0].Target }, "shown twice"},
		{func(v *Vote) { v.Targets[0].Target = "" }, "targets[0]: target: empty"},
		{func(v *Vote) { v.Verdict = "a" }, `want the stored form "AB"`},
		{func(v *Vote) { v.Verdict = "ABC" }, "verdict"},
		{func(v *Vote) { v.Kind = VoteImage; v.ConversationID = 0 }, "targets[0]: image job id"},
	} {
		v := chatVote(conv, "AB")
		c.edit(&v)
		_, err := s.RecordVote(bg, v)
		if err == nil || !strings.Contains(err.Error(), c.rule) {
			t.Errorf("error %v, want one saying %q", err, c.rule)
		}
	}
	if got := must[[]Vote](t)(s.Votes(bg, VoteFilter{Withdrawn: true})); len(got) != 0 {
		t.Errorf("a rejected vote was stored: %+v", got)
	}
}

// imageVote records two image jobs and a blind vote between them.
func imageVote(t *testing.T, s *Store, verdict string) (Vote, [2]int64) {
	t.Helper()
	var jobs [2]int64
	for i, m := range []string{"img-1", "img-2"} {
		jobs[i] = must[int64](t)(s.AddImageJob(bg, ImageJobStart{Model: m, Prompt: "a red fox"}))
	}
	v := Vote{Kind: VoteImage, Verdict: verdict, Blind: true, Targets: []VoteTarget{
		{Letter: "A", ImageJobID: jobs[0], Family: "gamma", Model: "img-1", Target: "gamma:img-1"},
		{Letter: "B", ImageJobID: jobs[1], Family: "gamma", Model: "img-2", Target: "gamma:img-2"},
	}}
	v.ID = must[int64](t)(s.RecordVote(bg, v))
	return v, jobs
}

func TestVoteFilters(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	conv, chat := votedComparison(t, s, "", VerdictTie)
	img, jobs := imageVote(t, s, "AB")
	tasks := [2]int64{}
	for i, ep := range []string{"fam-a/text-to-video", "fam-b/text-to-video"} {
		tasks[i] = must[int64](t)(s.AddVideoTask(bg, VideoSubmission{RequestID: ep, Endpoint: ep, Prompt: "waves"}))
	}
	vid := must[int64](t)(s.RecordVote(bg, Vote{Kind: VoteVideo, Verdict: VerdictBad, Blind: true, Targets: []VoteTarget{
		{Letter: "A", VideoTaskID: tasks[0], Family: "fam-a", Model: "fam-a/text-to-video", Target: "fam-a/text-to-video"},
		{Letter: "B", VideoTaskID: tasks[1], Family: "fam-b", Model: "fam-b/text-to-video", Target: "fam-b/text-to-video"},
	}}))
	must[struct{}](t)(struct{}{}, s.SetTags(bg, ItemRef{Kind: KindCompare, ID: conv}, []string{" Code ", "code", "poetry"}))
	must[struct{}](t)(struct{}{}, s.SetTags(bg, ItemRef{Kind: KindImage, ID: jobs[1]}, []string{"product shots"}))
	if got := must[[]string](t)(s.Tags(bg, ItemRef{Kind: KindCompare, ID: conv})); strings.Join(got, ",") != "code,poetry" {
		t.Errorf("tags %v: want code,poetry (normalised, once each)", got)
	}
	if err := s.SetTags(bg, ItemRef{Kind: KindImage, ID: jobs[0]}, []string{"a,b"}); err == nil || !strings.Contains(err.Error(), "no commas") {
		t.Errorf("a tag with a comma: %v", err)
	}

	ids := func(f VoteFilter) string {
		var out []string
		for _, v := range must[[]Vote](t)(s.Votes(bg, f)) {
			out = append(out, map[int64]string{chat: "chat", img.ID: "image", vid: "video"}[v.ID])
		}
		return strings.Join(out, ",")
	}
	all := ids(VoteFilter{})
	for _, c := range []struct {
		f    VoteFilter
		want string
	}{
		{VoteFilter{}, "chat,image,video"},
		{VoteFilter{Kind: VoteImage}, "image"},
		{VoteFilter{Tag: "code"}, "chat"},
		{VoteFilter{Tag: "product shots"}, "image"},
		{VoteFilter{Tag: "none"}, ""},
		{VoteFilter{Family: "gamma"}, "image"},
		{VoteFilter{Family: "fam-a"}, ""}, // fam-a met fam-b: not fam-a's own board
		{VoteFilter{Item: &ItemRef{Kind: KindVideo, ID: tasks[1]}}, "video"},
		{VoteFilter{Item: &ItemRef{Kind: KindCompare, ID: conv}}, "chat"},
	} {
		if got := ids(c.f); got != c.want {
			t.Errorf("filter %+v: %q, want %q (all: %q)", c.f, got, c.want, all)
		}
	}
	// The fake clock gives each write its own second: since the image vote.
	at := must[[]Vote](t)(s.Votes(bg, VoteFilter{Kind: VoteImage}))[0].At
	if got := ids(VoteFilter{Since: at}); got != "image,video" {
		t.Errorf("since the image vote: %q", got)
	}
	if got := ids(VoteFilter{Until: at}); got != "chat" {
		t.Errorf("until the image vote: %q", got)
	}
}

func TestDeletingAnItemDeletesItsVotes(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv, _ := votedComparison(t, s, "", "AB")
	must[struct{}](t)(struct{}{}, s.SetTags(bg, ItemRef{Kind: KindCompare, ID: conv}, []string{"code"}))
	img, jobs := imageVote(t, s, "BA")
	must[struct{}](t)(struct{}{}, s.Delete(bg, ItemRef{Kind: KindCompare, ID: conv}))
	must[struct{}](t)(struct{}{}, s.Delete(bg, ItemRef{Kind: KindImage, ID: jobs[0]}))
	if got := must[[]Vote](t)(s.Votes(bg, VoteFilter{Withdrawn: true})); len(got) != 0 {
		t.Errorf("votes after deleting what they judged: %+v (image vote %d)", got, img.ID)
	}
	var left int
	if err := s.r.QueryRowContext(bg, `SELECT (SELECT count(*) FROM vote_targets) + (SELECT count(*) FROM tags)`).Scan(&left); err != nil || left != 0 {
		t.Errorf("%d vote targets and tags left behind (%v)", left, err)
	}
}

func TestExportsCarryVotes(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv, _ := votedComparison(t, s, "haiku", "BA")
	id := must[int64](t)(s.RecordVote(bg, chatVote(conv, VerdictBad)))
	must[struct{}](t)(struct{}{}, s.WithdrawVote(bg, id))
	must[struct{}](t)(struct{}{}, s.SetTags(bg, ItemRef{Kind: KindCompare, ID: conv}, []string{"poetry"}))
	ref := ItemRef{Kind: KindCompare, ID: conv}

	var buf bytes.Buffer
	must[struct{}](t)(struct{}{}, s.ExportJSON(bg, ref, &buf))
	var doc struct {
		Tags  []string
		Votes []struct {
			Verdict     string
			Blind       bool
			WithdrawnAt *time.Time `json:"withdrawn_at"`
			Shown       []struct{ Letter, Target string }
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Votes) != 2 || doc.Votes[0].Verdict != "BA" || !doc.Votes[0].Blind || doc.Votes[0].WithdrawnAt != nil ||
		doc.Votes[1].WithdrawnAt == nil || len(doc.Votes[0].Shown) != 2 || doc.Votes[0].Shown[1].Target != "alpha:m1" ||
		len(doc.Tags) != 1 || doc.Tags[0] != "poetry" {
		t.Errorf("JSON export's votes and tags: %+v", doc)
	}

	path := must[string](t)(s.ExportMarkdown(bg, ref, t.TempDir()))
	md := string(must[[]byte](t)(os.ReadFile(path)))
	for _, want := range []string{"Tags: poetry", "## Votes",
		"blind vote on prompt 1: alpha:m1 better (A = beta:m2, B = alpha:m1)", "both bad", "withdrawn"} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown export lacks %q:\n%s", want, md)
		}
	}
}

func TestLaneRatingsAreTheOpenVerdicts(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	conv := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	other := must[int64](t)(s.NewConversation(bg, KindCompare, ""))
	for _, l := range []Lane{
		{ConversationID: conv, Lane: 0, Family: "alpha", Model: "m1", Rating: 4, Winner: true},
		{ConversationID: conv, Lane: 1, Family: "beta", Model: "m2", Rating: 2},
		{ConversationID: conv, Lane: 2, Family: "beta", Model: "m3"}, // no verdict
		{ConversationID: other, Lane: 0, Family: "alpha", Model: "m1", Rating: 5},
	} {
		must[struct{}](t)(struct{}{}, s.SetLane(bg, l))
	}
	must[struct{}](t)(struct{}{}, s.SetTags(bg, ItemRef{Kind: KindCompare, ID: conv}, []string{"code"}))
	count := func(f VoteFilter) int { return len(must[[]LaneRating](t)(s.LaneRatings(bg, f))) }
	if n := count(VoteFilter{}); n != 3 {
		t.Errorf("%d rated lanes, want 3 (an unrated lane is no verdict)", n)
	}
	if n := count(VoteFilter{Tag: "code"}); n != 2 {
		t.Errorf("tagged: %d, want 2", n)
	}
	if n := count(VoteFilter{Family: "beta"}); n != 1 {
		t.Errorf("beta: %d, want 1", n)
	}
}
