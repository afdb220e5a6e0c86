package share

import (
	"strings"
	"testing"
)

func TestParseVotes(t *testing.T) {
	f, err := ParseVotes(strings.NewReader(`{"ballot": "babc234", "rater": "kim", "votes": [{"question": 1, "verdict": "a"}, {"question": 2, "verdict": "CAB"}]}`))
	if err != nil || f.Ballot != "babc234" || f.Rater != "kim" || len(f.Votes) != 2 || f.Votes[1].Verdict != "CAB" {
		t.Fatalf("ParseVotes = %+v, %v", f, err)
	}
	for in, want := range map[string]string{
		`{"ballot": "b1", "votes": [{"question": 0, "verdict": "a"}]}`:   "votes[0]: question 0",
		`{"ballot": "B<script>", "votes": []}`:                           `ballot "B<script>"`,
		`{"ballot": "b1", "votes": [], "extra": 1}`:                      `unknown field "extra"`,
		`{"ballot": "b1", "votes": []} {}`:                               "more after",
		`[1, 2]`:                                                         `wrong type: want an object, e.g. {"ballot"`,
		`{"ballot": "b1", "votes": [{"question": "1", "verdict": "a"}]}`: "votes.question: wrong type: want a whole number (got a string)",
		`{"ballot": "b1", "votes": "all a"}`:                             "votes: wrong type: want a list of answers",
	} {
		_, err := ParseVotes(strings.NewReader(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseVotes(%s): %v; want an error saying %q", in, err, want)
		}
		if err != nil && strings.Contains(err.Error(), "Go ") {
			t.Errorf("ParseVotes(%s): Go's words reach the person: %v", in, err)
		}
	}
	if _, err := ParseVotes(strings.NewReader(`{"ballot":"b1","votes":[` + strings.Repeat(`{"question":1,"verdict":"a"},`, 60000) + `]}`)); err == nil {
		t.Error("a votes file over the size limit: read")
	}
}

func FuzzParseVotes(f *testing.F) {
	f.Add([]byte(`{"ballot": "babc234", "rater": "kim", "votes": [{"question": 1, "verdict": "a"}]}`))
	f.Add([]byte(`{"ballot": "", "votes": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := ParseVotes(strings.NewReader(string(data)))
		if err != nil {
			return
		}
		if v.Ballot == "" {
			t.Fatal("a votes file with no ballot accepted")
		}
		for _, q := range v.Votes {
			if q.Question < 1 {
				t.Fatalf("question %d accepted", q.Question)
			}
		}
	})
}
