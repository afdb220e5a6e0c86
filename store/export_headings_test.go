package store

import (
	"strings"
	"testing"
)

func TestDemoteHeadings(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"## Notes\n\ntext\n### Key points", "#### Notes\n\ntext\n##### Key points"},
		{"# Title\n##### deep\n###### deepest", "### Title\n###### deep\n###### deepest"},
		{"```md\n## not a heading\n```\n## a heading", "```md\n## not a heading\n```\n#### a heading"},
		{"~~~~\n# kept\n~~~\n# kept too\n~~~~\n# moved", "~~~~\n# kept\n~~~\n# kept too\n~~~~\n### moved"},
		{"#hashtag and a # in text\n   ## indented", "#hashtag and a # in text\n   #### indented"},
		{"    ## code by indent", "    ## code by indent"},
		{"##\n## ", "####\n#### "},
	} {
		if got := demoteHeadings(tc.in, 2); got != tc.want {
			t.Errorf("demoteHeadings(%q)\n = %q\nwant %q", tc.in, got, tc.want)
		}
	}
}

// FuzzDemoteHeadings: a reply keeps its lines, each one as it was or with
// #s added at its heading, never more than six.
func FuzzDemoteHeadings(f *testing.F) {
	for _, s := range []string{"## a", "```\n# b\n```\n# c", "~~~\n##", "   ###### x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := demoteHeadings(s, 2)
		in, out := strings.Split(s, "\n"), strings.Split(got, "\n")
		if len(in) != len(out) {
			t.Fatalf("%q: %d lines became %d", s, len(in), len(out))
		}
		for i := range in {
			if in[i] == out[i] {
				continue
			}
			if strings.ReplaceAll(out[i], "#", "") != strings.ReplaceAll(in[i], "#", "") || atxHeading.FindString(out[i]) == "" ||
				strings.Count(out[i], "#") <= strings.Count(in[i], "#") && !strings.Contains(in[i], "######") {
				t.Fatalf("%q: line %q became %q", s, in[i], out[i])
			}
			if m := atxHeading.FindStringSubmatch(out[i]); len(m[2]) > 6 {
				t.Fatalf("%q: %q is deeper than six", s, out[i])
			}
		}
	})
}
