package confirm

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

// TestAnswers: y and Y say yes, n, N and esc no, each closing the
// question; any other key keeps asking and says which keys answer.
func TestAnswers(t *testing.T) {
	for _, c := range []struct {
		key  string
		want Answer
	}{{"y", Yes}, {"Y", Yes}, {"n", No}, {"N", No}, {"esc", No}} {
		m := New(Keys("delete", "keep")).Ask("delete “notes”?")
		m, a, cmd := m.Update(tabtest.Press(c.key))
		if a != c.want || m.Asking() || cmd != nil {
			t.Errorf("%s: answer %v, asking %v, cmd %v", c.key, a, m.Asking(), cmd != nil)
		}
	}
	for _, k := range []string{"x", "enter", "space", "1", "W", "ctrl+c"} {
		m := New(DefaultKeyMap()).Ask("withdraw?")
		m, a, cmd := m.Update(tabtest.Press(k))
		if a != None || !m.Asking() {
			t.Fatalf("%s answered %v (asking %v)", k, a, m.Asking())
		}
		msgs := tabtest.Drain(cmd)
		if len(msgs) != 1 || msgs[0] != (tab.NoticeMsg{Text: Stray, Kind: tab.Warning}) {
			t.Errorf("%s: %v, want the warning %q", k, msgs, Stray)
		}
	}
}

// TestNotAskingAnswersNothing: a Model with no question takes no key and
// says nothing, the zero Model included.
func TestNotAskingAnswersNothing(t *testing.T) {
	for _, m := range []Model{{}, New(DefaultKeyMap()), New(DefaultKeyMap()).Ask("q").Close()} {
		if _, a, cmd := m.Update(tabtest.Press("y")); a != None || cmd != nil {
			t.Errorf("not asking, y answered %v", a)
		}
		if m.Question() != "" || m.View(80) != "" || m.Prompt() != "" {
			t.Errorf("not asking, yet drawn: %q %q", m.Question(), m.View(80))
		}
	}
	var zero Model
	if _, a, _ := zero.Ask("q").Update(tabtest.Press("y")); a != Yes {
		t.Errorf("the zero Model's y answered %v", a)
	}
}

// TestViewSaysTheKeys: the question is drawn with what each answer does,
// on one line cut to the width given.
func TestViewSaysTheKeys(t *testing.T) {
	m := New(Keys("delete", "keep")).Ask("delete chat “a long title of a conversation” and its messages?")
	if got := ansi.Strip(m.View(200)); got != "delete chat “a long title of a conversation” and its messages?  y delete · n keep" {
		t.Errorf("view %q", got)
	}
	if got := m.Prompt(); got != "delete chat “a long title of a conversation” and its messages? y delete · n keep" {
		t.Errorf("prompt %q", got)
	}
	for _, w := range []int{10, 40, 79} {
		if v := m.View(w); ansi.StringWidth(v) > w {
			t.Errorf("width %d: %d wide", w, ansi.StringWidth(v))
		}
	}
	if h := m.Help(); len(h) != 2 || h[0].Help().Desc != "yes, delete" || h[1].Help().Key != "n/esc" {
		t.Errorf("help %+v", h)
	}
}
