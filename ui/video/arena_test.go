package video

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/client/sim"
	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab/tabtest"
)

// arenaPrompt is the prompt the arena's tasks share.
const arenaPrompt = "the lighthouse beam sweeps through the fog"

// arenaTasks records four finished tasks in st, three of arenaPrompt on
// three endpoints and one of another prompt, and returns them as the tab
// reads them, newest first: videoa q3's, videob's, videoc's, the other.
func arenaTasks(t *testing.T, st *store.Store) tasksLoadedMsg {
	t.Helper()
	specs := []struct{ id, endpoint, prompt string }{
		{"a3c0ffee-1111-4aaa-8bbb-000000000001", "videoa/q3/text-to-video/turbo", arenaPrompt},
		{"b7d00dad-2222-4aaa-8bbb-000000000002", "videob/o3/pro/text-to-video", arenaPrompt},
		{"c9e0beef-3333-4aaa-8bbb-000000000003", "videoc3.1/fast", arenaPrompt},
		{"d1f0cafe-4444-4aaa-8bbb-000000000004", "videoa/q1/text-to-video", "a storm at sea"},
	}
	var msg tasksLoadedMsg
	for i, sp := range specs {
		id, err := st.AddVideoTask(t.Context(), store.VideoSubmission{RequestID: sp.id, Endpoint: sp.endpoint,
			Prompt: sp.prompt, BodyJSON: []byte(`{"prompt":"` + sp.prompt + `","duration":"8s"}`)})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := st.VideoTask(t.Context(), sp.id)
		if err != nil {
			t.Fatal(err)
		}
		rec.ID, rec.Status, rec.Done = id, client.VideoCompleted, true
		rec.SubmittedAt = start.Add(-time.Duration(i+1) * 10 * time.Minute)
		rec.CompletedAt = rec.SubmittedAt.Add(time.Duration(60+i*17) * time.Second)
		msg.tasks = append(msg.tasks, newTask(*rec, "/data/atelier/media/2026-11-21/vid-"+sp.id[:8]+".mp4"))
	}
	return msg
}

// giveaways are the words that would name a judged task: families,
// models, endpoints, ids and files.
func giveaways(msg tasksLoadedMsg) []string {
	out := []string{"videoa", "videob", "videoc", "q3", "o3", "fast", "turbo", "pro", "text-to-video", "t2v", "vid-", "cost"}
	for _, t := range msg.tasks[:3] {
		out = append(out, shortID(t.id()), filepath.Base(t.file))
	}
	return out
}

// arenaHarness is a tab showing the arena tasks, the coin fixed to heads
// (the task c is pressed on shows as A) or tails.
func arenaHarness(t *testing.T, tails bool, w, h int) (*harness, *store.Store, tasksLoadedMsg) {
	t.Helper()
	st := storetest.Open(t, "")
	hs := newHarness(t, Options{Store: st, Coin: func() bool { return tails }, Prices: testPrices()})
	hs.m.SetSize(w, h)
	msg := arenaTasks(t, st)
	hs.Send(msg)
	return hs, st, msg
}

// TestArenaIsBlindUntilTheVote: at 80×24, 120×40 and 200×50, no frame of
// the arena before the vote names an endpoint, model, task, file or cost;
// the frame after the vote names both.
func TestArenaIsBlindUntilTheVote(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			h, _, msg := arenaHarness(t, true, size[0]-4, size[1]-4)
			h.Keys("esc", "c") // the first task, videoa's: two partners, so the chooser
			if h.m.mode != pairing {
				t.Fatalf("mode %v after c:\n%s", h.m.mode, h.view())
			}
			h.Keys("down", "enter") // videoc's
			var frames []string
			frames = append(frames, h.view(), h.m.Summary())
			for _, k := range []string{"enter", "1", "2", "z", "?"} {
				h.Keys(k)
				frames = append(frames, h.view(), h.m.Summary())
			}
			for _, f := range frames {
				for _, word := range giveaways(msg) {
					if strings.Contains(f, word) {
						t.Fatalf("before the vote, %q shows:\n%s", word, f)
					}
				}
			}
			for _, n := range h.Notices() {
				if strings.Contains(n, "video") && !strings.Contains(n, "vote") {
					t.Errorf("a notice before the vote: %q", n)
				}
			}
			h.Keys("b")
			after := h.view()
			for _, want := range []string{"videoa / q3 / text-to-video / turbo", "videoc3.1 / fast", "B better", "vote 1"} {
				if !strings.Contains(after, want) {
					t.Errorf("after the vote, no %q:\n%s", want, after)
				}
			}
		})
	}
}

// TestArenaVoteIsRecorded: the vote is stored blind, of kind video, with
// the tasks in shown order (the coin's), and the verdict as typed.
func TestArenaVoteIsRecorded(t *testing.T) {
	for _, tc := range []struct {
		tails   bool
		key     string
		verdict string
	}{{false, "a", "AB"}, {true, "a", "AB"}, {false, "t", store.VerdictTie}, {true, "x", store.VerdictBad}} {
		h, st, msg := arenaHarness(t, tc.tails, 116, 36)
		h.Keys("esc", "down", "c") // videob's, then its first partner: videoa's
		h.Keys("enter")
		pair := [2]task{msg.tasks[1], msg.tasks[0]}
		if tc.tails {
			pair[0], pair[1] = pair[1], pair[0]
		}
		h.Keys("enter", tc.key)
		if fmt.Sprint(h.opened) != fmt.Sprint([]string{pair[0].file, pair[1].file}) {
			t.Errorf("played %v: want A then B, %v", h.opened, []string{pair[0].file, pair[1].file})
		}
		votes, err := st.Votes(t.Context(), store.VoteFilter{Kind: store.VoteVideo})
		if err != nil || len(votes) != 1 {
			t.Fatalf("votes %+v, %v", votes, err)
		}
		v := votes[0]
		if v.Verdict != tc.verdict || !v.Blind || len(v.Targets) != 2 {
			t.Fatalf("%+v: vote %+v, want verdict %s, blind", tc, v, tc.verdict)
		}
		for i, tg := range v.Targets {
			want := pair[i].rec
			if tg.Letter != store.Letters(2)[i] || tg.VideoTaskID != want.ID || tg.Target != want.Endpoint || tg.Family != want.Family {
				t.Errorf("%+v: target %d %+v, want task %d %s", tc, i, tg, want.ID, want.Endpoint)
			}
		}
		if !h.m.ar.revealed() {
			t.Fatal("not revealed after the vote")
		}
		h.Keys("a") // a vote cannot be changed after the reveal
		if again, _ := st.Votes(t.Context(), store.VoteFilter{Kind: store.VoteVideo}); len(again) != 1 {
			t.Errorf("%d votes after a second key", len(again))
		}
		h.Keys("esc")
		if h.m.mode != browsing || !strings.Contains(h.view(), "Tasks") {
			t.Errorf("esc after the reveal: mode %v", h.m.mode)
		}
	}
}

// TestArenaRefusals: a task with no partner, a running or failed task,
// and leaving without a vote record nothing.
func TestArenaRefusals(t *testing.T) {
	h, st, _ := arenaHarness(t, false, 116, 36)
	h.Keys("esc", "down", "down", "down", "c") // "a storm at sea": alone
	if h.m.mode != browsing || !strings.Contains(h.lastNotice(), "no other finished task of this prompt") {
		t.Errorf("no partner: mode %v, notice %q", h.m.mode, h.lastNotice())
	}
	h.Keys("up", "c", "enter") // videoc's, with videoa's, then the chooser: videoa's
	h.Keys("esc")
	if h.m.mode != browsing || h.lastNotice() != "left the arena: no vote recorded" {
		t.Errorf("leaving: mode %v, notice %q", h.m.mode, h.lastNotice())
	}
	if votes, _ := st.Votes(t.Context(), store.VoteFilter{}); len(votes) != 0 {
		t.Errorf("%d votes recorded", len(votes))
	}
	g := newHarness(t, Options{Store: st})
	g.Send(loaded(running("e0000000-0000-4000-8000-000000000005", "videoa/q1/text-to-video")))
	g.Keys("esc", "c")
	if g.m.mode != browsing || !strings.Contains(g.lastNotice(), "no finished video to judge") {
		t.Errorf("a running task: mode %v, notice %q", g.m.mode, g.lastNotice())
	}
}

// TestArenaOnSimulatedTasks: two tasks of one prompt submitted to the
// simulator on two endpoints, followed to their saved videos, judged in
// the arena and voted.
func TestArenaOnSimulatedTasks(t *testing.T) {
	r := newRig(t, sim.Options{})
	h := r.harnessWith(t, Options{Coin: func() bool { return false }})
	h.endpoint("videoa/q3/text-to-video/turbo")
	h.to("prompt").Type("a paper boat on a river").Keys("enter")
	h.endpoint("videoc3.1/fast") // the prompt goes along
	h.Keys("enter")
	h.await(r.p, func(m Model) bool {
		items := m.tasks.Items()
		return m.Running() == 0 && len(items) == 2 && items[0].file != "" && items[1].file != ""
	})
	h.Keys("esc", "c")
	if h.m.mode != judging {
		t.Fatalf("mode %v; notices %q\n%s", h.m.mode, h.Notices(), h.view())
	}
	if v := h.view(); strings.Contains(v, "videoa") || strings.Contains(v, "videoc") {
		t.Fatalf("names before the vote:\n%s", v)
	}
	h.Keys("enter", "b")
	votes, err := r.st.Votes(t.Context(), store.VoteFilter{Kind: store.VoteVideo})
	if err != nil || len(votes) != 1 || votes[0].Verdict != "BA" {
		t.Fatalf("votes %+v, %v", votes, err)
	}
	if len(h.opened) != 2 || h.opened[0] != h.m.ar.pair[0].file || h.opened[1] != h.m.ar.pair[1].file {
		t.Errorf("played %v", h.opened)
	}
	if v := h.view(); !strings.Contains(v, "videoa / q3") || !strings.Contains(v, "videoc3.1") {
		t.Errorf("not revealed:\n%s", v)
	}
}

// TestGoldenArena draws the arena's chooser, its blind screen after both
// were played, and the reveal, at the room of 80×24, 120×40 and 200×50.
func TestGoldenArena(t *testing.T) {
	cases := []struct {
		name string
		keys []string
	}{
		{"pairing", []string{"esc", "c"}},
		{"blind", []string{"esc", "c", "enter", "enter"}},
		{"revealed", []string{"esc", "c", "enter", "enter", "a"}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				h, _, _ := arenaHarness(t, true, size[0]-4, size[1]-4)
				h.Keys(c.keys...)
				v := h.m.View()
				if n := strings.Count(v, "\n") + 1; n > size[1]-4 {
					t.Errorf("%d lines in %d", n, size[1]-4)
				}
				for _, l := range strings.Split(v, "\n") {
					if ansi.StringWidth(l) > size[0]-4 {
						t.Errorf("line %q wider than %d", ansi.Strip(l), size[0]-4)
					}
				}
				golden.RequireEqual(t, tabtest.In256Colours(v))
			})
		}
	}
}

// TestArenaVoteNotRecorded: when the history cannot take the vote, the
// names stay hidden, the error says why, and the vote can be cast again.
func TestArenaVoteNotRecorded(t *testing.T) {
	h, st, msg := arenaHarness(t, false, 116, 36)
	h.Keys("esc", "down", "c", "enter", "enter") // judging, both played
	st.Close()
	h.Keys("a")
	if h.m.ar.revealed() || h.m.ar.vote.Saving() || h.m.mode != judging {
		t.Fatalf("after a failed vote: revealed %v saving %v mode %v", h.m.ar.revealed(), h.m.ar.vote.Saving(), h.m.mode)
	}
	if e := h.errs(); len(e) != 1 || !strings.Contains(e[0], "the vote was not recorded") {
		t.Errorf("errors %q", e)
	}
	v := h.view()
	for _, word := range giveaways(msg) {
		if strings.Contains(v, word) {
			t.Fatalf("after a failed vote, %q shows:\n%s", word, v)
		}
	}
	if !strings.Contains(v, "which is better? a A better") {
		t.Errorf("the vote is not asked again:\n%s", v)
	}
}

// TestArenaVoteWithdrawn: after the reveal, W asks and y withdraws the
// vote (it stays in the history, withdrawn, off the board); another key
// keeps it. The names stay shown either way.
func TestArenaVoteWithdrawn(t *testing.T) {
	h, st, _ := arenaHarness(t, false, 116, 36)
	h.Keys("esc", "down", "c", "enter", "enter", "a")
	vote := func() store.Vote {
		t.Helper()
		votes, err := st.Votes(t.Context(), store.VoteFilter{Kind: store.VoteVideo, Withdrawn: true})
		if err != nil || len(votes) != 1 {
			t.Fatalf("votes %+v, %v", votes, err)
		}
		return votes[0]
	}
	h.Keys("W")
	if !strings.Contains(h.view(), "Withdraw the vote (A better) from the leaderboard?") {
		t.Fatalf("W did not ask:\n%s", h.view())
	}
	h.Keys("n")
	if v := vote(); !v.WithdrawnAt.IsZero() {
		t.Fatal("n withdrew the vote")
	}
	h.Keys("W", "y")
	if v := vote(); v.WithdrawnAt.IsZero() {
		t.Fatal("W y left the vote standing")
	}
	if view := h.view(); !strings.Contains(view, "withdrawn") || !h.m.ar.revealed() {
		t.Fatalf("after the withdrawal:\n%s", view)
	}
	if standing, _ := st.Votes(t.Context(), store.VoteFilter{Kind: store.VoteVideo}); len(standing) != 0 {
		t.Fatalf("%d standing votes after the withdrawal", len(standing))
	}
}

// TestArenaPlayedOnlyWhenPlayed: a video the player could not open is not
// marked played (issue 30: "A ▶ played" when playing failed), the error
// names its letter, never its file; and a vote waits until both were
// played, saying which is left (issue 30: a vote cast unseen).
func TestArenaPlayedOnlyWhenPlayed(t *testing.T) {
	h, st, _ := arenaHarness(t, false, 116, 36)
	h.Keys("esc", "down", "c", "enter") // videob's as A, videoa's as B
	h.Keys("a")
	if w := h.lastNotice(); !strings.Contains(w, "play A and B first") || h.m.ar.vote.Saving() {
		t.Fatalf("a vote on videos unseen: notice %q", w)
	}
	h.refuse = h.m.ar.pair[1].file
	h.Keys("enter")
	v := h.view()
	if !strings.Contains(v, "A  ▶ played") || strings.Contains(v, "B  ▶ played") || !strings.Contains(v, "B  ✗ could not be played") {
		t.Fatalf("after B failed to play:\n%s", v)
	}
	if e := h.errs(); len(e) != 1 || !strings.Contains(e[0], "play video B") || strings.Contains(e[0], filepath.Base(h.refuse)) {
		t.Errorf("errors %q", e)
	}
	h.Keys("b")
	if w := h.lastNotice(); !strings.Contains(w, "play B first") {
		t.Fatalf("a vote with B unseen: notice %q", w)
	}
	if votes, _ := st.Votes(t.Context(), store.VoteFilter{}); len(votes) != 0 {
		t.Fatalf("%d votes recorded unseen", len(votes))
	}
	h.refuse = ""
	h.Keys("2", "b")
	if votes, _ := st.Votes(t.Context(), store.VoteFilter{Kind: store.VoteVideo}); len(votes) != 1 || votes[0].Verdict != "BA" {
		t.Fatalf("votes after both were played: %+v", votes)
	}
}
