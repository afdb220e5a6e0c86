package vote

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// rig is a vote in the Video tab over a real history, driven as the
// shell drives it: keys in, commands run, answers routed back.
type rig struct {
	t      *testing.T
	db     *store.Store
	m      Model
	ballot store.Vote
	out    []tea.Msg // what went to the status bar
}

// endpoints name the rig's targets: one video task each.
var endpoints = []string{"videoa/q3/text-to-video", "videob/o3/pro/text-to-video", "videoc3.1/fast", "videoa/q1/text-to-video"}

// newRig records n video tasks and starts a blind vote on them, shown in
// the order recorded.
func newRig(t *testing.T, n int) *rig {
	t.Helper()
	db := tabtest.OpenStore(t, "")
	b := store.Vote{Kind: store.VoteVideo}
	for i := range n {
		id, err := db.AddVideoTask(t.Context(), store.VideoSubmission{RequestID: fmt.Sprintf("task-%d", i), Endpoint: endpoints[i]})
		if err != nil {
			t.Fatal(err)
		}
		b.Targets = append(b.Targets, store.VoteTarget{VideoTaskID: id, Family: "video", Model: endpoints[i], Target: endpoints[i]})
	}
	r := &rig{t: t, db: db, ballot: b, m: New(Options{Store: db, Tab: tab.Video}).Start(n)}
	r.m.SetWidth(200)
	return r
}

// keys hands each key to the vote, as a tab does: the ballot first, then
// the key if the vote takes it; a key it does not take fails the test.
func (r *rig) keys(wait string, keys ...string) *rig {
	r.t.Helper()
	for _, k := range keys {
		msg := tabtest.Press(k)
		r.m = r.m.Ballot(r.ballot, wait)
		if !r.m.Takes(msg) {
			r.t.Fatalf("the vote does not take %q:\n%s", k, r.view())
		}
		var cmd tea.Cmd
		r.m, cmd = r.m.Update(msg)
		r.run(cmd)
	}
	return r
}

// run runs cmd and hands the vote its answers, again until none is left.
func (r *rig) run(cmd tea.Cmd) {
	for _, msg := range tabtest.Results(r.t, tab.Video, cmd, &r.out) {
		var next tea.Cmd
		r.m, next = r.m.Update(msg)
		r.run(next)
	}
}

func (r *rig) view() string { return ansi.Strip(r.m.View()) }

// last is the latest status-bar notice or error, "" when none.
func (r *rig) last() string {
	if len(r.out) == 0 {
		return ""
	}
	switch msg := r.out[len(r.out)-1].(type) {
	case tab.NoticeMsg:
		return msg.Text
	case tab.ErrorMsg:
		return "✗ " + msg.Err.Error()
	}
	return ""
}

// votes are the history's votes, withdrawn ones too.
func (r *rig) votes() []store.Vote {
	r.t.Helper()
	vs, err := r.db.Votes(r.t.Context(), store.VoteFilter{Withdrawn: true})
	if err != nil {
		r.t.Fatal(err)
	}
	return vs
}

func has(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}
