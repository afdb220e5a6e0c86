package markdown

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestPlainCode: code with no language, with one chroma does not know, or
// indented, is drawn exactly as code marked "text" (chroma would otherwise
// guess a language from the code, and this shell script would come out in
// shell colours), while the language the model wrote is still what the
// label and CodeBlocks say.
func TestPlainCode(t *testing.T) {
	const code = "#!/bin/sh\nexport A=\"b\" # note\necho $HOME\n"
	render := func(src string) ([]string, []CodeBlock) {
		r := NewRenderer(60, DefaultStyles(true))
		r.Append(src)
		var body []string
		for _, l := range r.Lines() {
			if !strings.Contains(ansi.Strip(l), "[1]") {
				body = append(body, l)
			}
		}
		return body, r.CodeBlocks()
	}
	text, _ := render("```text\n" + code + "```\n")
	shell, _ := render("```sh\n" + code + "```\n")
	if slices.Equal(text, shell) {
		t.Fatal("shell code is drawn as plain text: no highlighting at all")
	}
	indented := "    " + strings.ReplaceAll(strings.TrimSuffix(code, "\n"), "\n", "\n    ") + "\n"
	for _, tc := range []struct{ name, src, lang string }{
		{"no language", "```\n" + code + "```\n", ""},
		{"unknown language", "```pseudo\n" + code + "```\n", "pseudo"},
		{"indented", indented, ""},
		{"in a list item", "- x\n\n  ```\n  " + strings.ReplaceAll(strings.TrimSuffix(code, "\n"), "\n", "\n  ") + "\n  ```\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, codes := render(tc.src)
			if len(codes) != 1 || codes[0] != (CodeBlock{Lang: tc.lang, Code: code}) {
				t.Fatalf("CodeBlocks %+v, want lang %q and the code", codes, tc.lang)
			}
			want := text
			if tc.name == "in a list item" {
				want, _ = render("- x\n\n  ```text\n  " + strings.ReplaceAll(strings.TrimSuffix(code, "\n"), "\n", "\n  ") + "\n  ```\n")
			}
			if !slices.Equal(got, want) {
				t.Fatalf("drawn as\n%q\nwant, as plain text,\n%q", got, want)
			}
		})
	}
}

// TestKnownLangsBounded: a name is asked of chroma once; once the cache is
// full a new name is drawn plain without asking (chroma knows "haskell")
// and is not kept, while the names already known stay known.
func TestKnownLangsBounded(t *testing.T) {
	if !knownLang([]byte("go")) || knownLang([]byte("pseudo")) {
		t.Fatal(`"go" should be known and "pseudo" not`)
	}
	n := nLangs.Load()
	knownLang([]byte("go"))
	if nLangs.Load() != n {
		t.Fatal("a name asked again was counted again")
	}
	if _, kept := knownLangs.Load("haskell"); kept {
		t.Fatal(`"haskell" is cached already: the test needs a name no other test uses`)
	}
	defer nLangs.Store(n)
	nLangs.Store(maxLangs)
	if knownLang([]byte("haskell")) {
		t.Fatal("with the cache full, a new name was asked of chroma")
	}
	if _, kept := knownLangs.Load("haskell"); kept {
		t.Fatal("with the cache full, a new name was kept")
	}
	if !knownLang([]byte("go")) {
		t.Fatal(`"go" was forgotten`)
	}
}
