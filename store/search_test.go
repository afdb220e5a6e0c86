package store

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestFTSQuery(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"   ", ""},
		{"lighthouse", `"lighthouse"*`},
		{"lighthouse ", `"lighthouse"`},
		{"light house", `"light" "house"*`},
		{`"light house"`, `"light house"`},
		{`"light hou`, `"light hou"*`},
		{`say "hi" there`, `"say" "hi" "there"*`},
		{"a AND b OR NOT c", `"a" "AND" "b" "OR" "NOT" "c"*`},
		{"(unbalanced", `"(unbalanced"*`},
		{"NEAR(a b", `"NEAR(a" "b"*`},
		{"text: col:x", `"text:" "col:x"*`},
		{"* ^ - + ( ) :", ""},
		{"gpt-4o", `"gpt-4o"*`},
		{"gpt-", `"gpt-"`},
		{`it's "quoted"" odd`, `"it's" "quoted" " odd"*`},
		{"café ", `"café"`},
		{"東京", `"東京"*`},
		{"a\x00b", `"a" "b"*`},
		{"tab\tsep\n", `"tab" "sep"`},
		{"bad\xffutf8", `"bad" "utf8"*`},
	} {
		if got := ftsQuery(tc.in); got != tc.want {
			t.Errorf("ftsQuery(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestSearchAcrossKinds(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	fakeClock(s)
	chat := newChat(t, s, "tell me about the old lighthouse keeper")
	cmp, _ := newConversation(t, s, KindCompare, "", "compare lighthouses of Brittany")
	addImage(t, s, "a lighthouse in fog, watercolor", 1)
	addTask(t, s, "rq-l", "videob/o3/pro/text-to-video", `{"prompt":"the lighthouse beam sweeps through the fog"}`)
	newChat(t, s, "nothing to see")

	hits := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lighthou"}))
	var kinds []string
	for _, h := range hits {
		kinds = append(kinds, string(h.Kind))
	}
	if strings.Join(kinds, ",") != "video,image,compare,chat" {
		t.Fatalf("kinds newest first: %v", kinds)
	}
	if hits[3].ConversationID != chat || hits[3].MessageID == 0 || hits[0].RequestID != "rq-l" {
		t.Fatalf("hits %+v", hits)
	}
	if !strings.Contains(hits[3].Snippet, HighlightStart+"lighthouse"+HighlightEnd) {
		t.Fatalf("snippet %q", hits[3].Snippet)
	}
	for kind, want := range map[Kind]int{KindChat: 1, KindCompare: 1, KindImage: 1, KindVideo: 1} { // before more are added
		if got := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lighthouse", Kind: kind})); len(got) != want || got[0].Kind != kind {
			t.Errorf("kind %s: %+v", kind, got)
		}
	}
	if got := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: `"beam sweeps"`})); len(got) != 1 {
		t.Errorf("phrase: %+v", got)
	}
	if got := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lighthouse", Limit: 2})); len(got) != 2 {
		t.Errorf("limit: %d", len(got))
	}
	// A page of one kind is full even when newer matches are of the other.
	for range 3 {
		newChat(t, s, "lighthouse again")
	}
	if got := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "lighthouse", Kind: KindCompare, Limit: 1})); len(got) != 1 || got[0].ID != cmp {
		t.Errorf("compare behind newer chats: %+v", got)
	}
	// Diacritics fold: a search for cafe finds café.
	newChat(t, s, "un café au lait")
	if got := must[[]Hit](t)(s.Search(bg, SearchQuery{Text: "cafe "})); len(got) != 1 {
		t.Errorf("diacritics: %+v", got)
	}
}

func TestSearchNeverFailsOnTypedText(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	newChat(t, s, `quotes " and (parens) AND OR NOT NEAR * ^ : - + {braces} 'single'`)
	for _, q := range []string{`"`, `""`, `"""`, `(`, `)`, `*`, `AND`, `OR OR`, `NEAR(`, `a:`, `-x`, `^a`,
		`{a b}`, `a"b`, `'`, "\x00", "\x02", `\`, `a* b*`, `""*`, "   \t\n", `NOT`, `quotes " and`, "\xff\xfe"} {
		if _, err := s.Search(bg, SearchQuery{Text: q}); err != nil {
			t.Errorf("Search(%q): %v", q, err)
		}
	}
}

// FuzzSearch checks that no typed text makes a search fail.
func FuzzSearch(f *testing.F) {
	for _, seed := range []string{"lighthouse", `"light hou`, "a AND (b", "NEAR(x y, 2)", `*"`, "é東京"} {
		f.Add(seed)
	}
	s := openTest(f)
	conv := newChat(f, s, "the lighthouse keeper's log: NEAR(fog) \"quoted\" text")
	_ = conv
	f.Fuzz(func(t *testing.T, q string) {
		if _, err := s.Search(bg, SearchQuery{Text: q, Limit: 5}); err != nil {
			t.Fatalf("Search(%q): %v (fts query %s)", q, err, ftsQuery(q))
		}
	})
}

func TestSearchHitsEncode(t *testing.T) {
	t.Parallel()
	// Hits go to `history search --json`; they must encode.
	if _, err := json.Marshal(Hit{Snippet: HighlightStart + "x" + HighlightEnd}); err != nil {
		t.Fatal(err)
	}
}
