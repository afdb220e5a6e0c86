package rank

import "testing"

func TestMayNameModel(t *testing.T) {
	models := []string{"model-x-2", "m1"}
	for _, c := range []struct {
		reply string
		want  bool
	}{
		{"As Model-X-2, I think the answer is 4.", true},
		{"I am model x 2.", true},                   // the same words, however joined
		{"Hello, I'm Model, your assistant.", true}, // its first part
		{"Call m1 twice.", true},
		{"The m12 engine differs.", false}, // m1 is not the whole word
		// Another model sharing the first part matches too: loose on purpose,
		// a warning too many costs less than a name missed.
		{"Compare it with model-y-3.", true},
		{"A modelling question: x and 2.", false},
		{"", false},
	} {
		got := MayNameModel(c.reply, models)
		if got != c.want {
			t.Errorf("MayNameModel(%q) = %v, want %v", c.reply, got, c.want)
		}
	}
	if MayNameModel("version 2 of it", []string{"2-turbo"}) {
		t.Error("a model whose first part is a number matched on the number alone")
	}
}
