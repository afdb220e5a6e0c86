package batch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/internal/limits"
)

func TestReadExampleFile(t *testing.T) {
	p, err := ReadFile(filepath.Join("testdata", "capitals.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Name != "capitals" || p.Repeats != 3 || p.Concurrency != 2 || len(p.Targets) != 3 {
		t.Fatalf("plan header = %+v", p)
	}
	// capital: 3 countries; city: 3; json: 2 rows.
	if len(p.Cases) != 8 {
		t.Fatalf("%d cases, want 8: %+v", len(p.Cases), p.Cases)
	}
	if got := p.Cases[1].Text; got != "What is the capital of Japan?" {
		t.Errorf("case 1 text = %q", got)
	}
	if got := p.Cases[0].Name; got != "capital[country=France]" {
		t.Errorf("case 0 name = %q", got)
	}
	js := p.Cases[7]
	if js.Name != "json[capital=Tokyo,country=Japan]" || !strings.Contains(js.Text, "for Japan.") {
		t.Errorf("json case = %+v", js)
	}
	want := []string{`max_latency "30s"`, `max_output_tokens "400"`, `contains "Tokyo"`, `not_contains "I don't know"`, "valid_json"}
	var got []string
	for _, c := range js.Checks {
		got = append(got, c.String())
	}
	for _, w := range want {
		if !strings.Contains(strings.Join(got, "|"), w) {
			t.Errorf("json case checks %q lack %q", got, w)
		}
	}
	if p.Cells() != 8*3*3 {
		t.Errorf("cells = %d", p.Cells())
	}
	c, tg, r := p.Cell(p.Cells() - 1)
	if c != 7 || tg != 2 || r != 2 {
		t.Errorf("last cell = %d %d %d", c, tg, r)
	}
	if _, err := p.ChatTargets(); err != nil {
		t.Error(err)
	}
}

func TestVariablesExpand(t *testing.T) {
	src := `targets = ["alpha:m"]
[vars]
a = ["1", "2"]
b = ["x", "y", "z"]
unused = ["never"]
[[prompts]]
text = "{{ b }} then {{a}}"
[[prompts]]
text = "no variables"
[[prompts]]
text = "{{a}}"
vars = { a = ["local"] }
  [[prompts.checks]]
  regex = "^{{a}}.$"
`
	p := parsedCases(t, src, "x then 1|x then 2|y then 1|y then 2|z then 1|z then 2|no variables|local")
	last := p.Cases[len(p.Cases)-1]
	if last.Checks[0].Arg != `^local.$` {
		t.Errorf("regex check expanded to %q", last.Checks[0].Arg)
	}
	if p.Name != "t" || p.Repeats != 1 {
		t.Errorf("defaults: %+v", p)
	}
}

func TestRegexVariableQuoted(t *testing.T) {
	src := `targets = ["alpha:m"]
[[prompts]]
text = "{{v}}"
cases = [{ v = "a.b" }]
  [[prompts.checks]]
  regex = "^{{v}}$"
`
	p, err := Parse("t.toml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	rs := Evaluate(p.Cases[0].Checks, Outcome{Text: "axb"})
	if rs[0].Pass {
		t.Error("a value's dot matched any character: values must match as written")
	}
	if rs := Evaluate(p.Cases[0].Checks, Outcome{Text: "a.b"}); !rs[0].Pass {
		t.Error("the value itself did not match")
	}
}

// TestFileErrors: each mistake is named with its line, its field and the
// rule.
func TestFileErrors(t *testing.T) {
	cases := []struct {
		name, src string
		want      []string // substrings of the error, in order
	}{
		{"unknown key", "targets = [\"alpha:m\"]\ncolour = 1\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:2: colour: unknown key"}},
		{"unknown key in a prompt", "targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"x\"\ntxet = \"y\"\n", []string{"t.toml:4: prompts.txet: unknown key"}},
		{"wrong type", "targets = \"alpha:m\"\n", []string{"t.toml:1:", "targets"}},
		{"syntax", "targets = [\"alpha:m\"\n", []string{"t.toml:"}},
		{"bad target", "targets = [\n  \"alpha:m\",\n  \"delta:m\",\n]\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:3: targets[1]: target \"delta:m\": family must be alpha, beta or gamma"}},
		{"target twice", "targets = [\"alpha:m\", \"alpha:m\"]\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:1: targets[1]: target \"alpha:m\" is listed twice"}},
		{"no targets", "[[prompts]]\ntext = \"x\"\n", []string{"t.toml: targets: no targets"}},
		{"no prompts", "targets = [\"alpha:m\"]\n", []string{"prompts: no prompts"}},
		{"repeats", "targets = [\"alpha:m\"]\nrepeats = 0\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:2: repeats: must be 1 to 100 (got 0)"}},
		{"concurrency", "targets = [\"alpha:m\"]\nconcurrency = 1000\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:2: concurrency: must be 1 to 64"}},
		{"text and file", "targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"x\"\n[[prompts]]\ntext = \"y\"\nfile = \"a\"\n", []string{"t.toml:4: prompts[1]: give text or file, not both"}},
		{"empty prompt", "targets = [\"alpha:m\"]\n[[prompts]]\nname = \"e\"\ntext = \"  \"\n", []string{"t.toml:2: prompts[0]: the prompt is empty"}},
		{"no values", "targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"{{who}}\"\n", []string{"t.toml:2: prompts[0]: {{who}} has no values"}},
		{"not a variable", "targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"{{a b}}\"\n", []string{"prompts[0]: \"{{a b}}\" is not a variable"}},
		{"row lacks value", "targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"{{a}}\"\ncases = [{ b = \"1\" }]\n", []string{"prompts[0]: cases[0] has no value for {{a}}"}},
		{"bad regex", "targets = [\"alpha:m\"]\n[[prompts]]\ntext = \"x\"\n[[prompts]]\ntext = \"y\"\n  [[prompts.checks]]\n  contains = \"a\"\n  [[prompts.checks]]\n  regex = \"(\"\n", []string{"t.toml:9: prompts[1].checks[1].regex: not a regular expression"}},
		{"bad latency", "targets = [\"alpha:m\"]\n[[checks]]\nmax_latency = \"soon\"\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:3: checks[0].max_latency: want a positive duration"}},
		{"bad tokens", "targets = [\"alpha:m\"]\n[[checks]]\nmax_output_tokens = 0\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:3: checks[0].max_output_tokens: must be at least 1"}},
		{"empty check", "targets = [\"alpha:m\"]\n[[checks]]\nvalid_json = false\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:2: checks[0]: an empty check"}},
		{"bad var name", "targets = [\"alpha:m\"]\n[vars]\n\"a-b\" = [\"1\"]\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:3: vars.a-b: a variable's name"}},
		{"empty var", "targets = [\"alpha:m\"]\n[vars]\na = []\n[[prompts]]\ntext = \"x\"\n", []string{"t.toml:3: vars.a: no values"}},
		{"file refused", "targets = [\"alpha:m\"]\n[[prompts]]\nfile = \"p.txt\"\n", []string{"t.toml:3: prompts[0].file: prompt files are not read here"}},
		{"too many cells", "targets = [\"alpha:m\"]\nrepeats = 100\n[vars]\na = [" + strings.Repeat("\"v\",", 1001) + "]\n[[prompts]]\ntext = \"{{a}}\"\n", []string{"t.toml:5: prompts[0]: 1001 cases: with its targets and repeats, more than the 100000 cells a batch may have"}},
		{"too much text", "targets = [\"alpha:m\"]\n[vars]\na = [" + strings.Repeat("\"v\",", 100) + "]\n[[prompts]]\ntext = \"{{a}}" + strings.Repeat("x", limits.MiB) + "\"\n",
			[]string{"prompts[0]: 100 cases of a 1.0 MiB prompt: more than the 64 MiB of text"}},
		{"two mistakes", "targets = [\"alpha:m\"]\nrepeats = -1\n[[prompts]]\n[[checks]]\n", []string{"repeats: must be", "prompts[0]: no prompt"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("t.toml", []byte(c.src), nil)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			at := 0
			for _, w := range c.want {
				i := strings.Index(msg[at:], w)
				if i < 0 {
					t.Fatalf("error %q lacks %q", msg, w)
				}
				at += i + len(w)
			}
			var fe *FileError
			if !errors.As(err, &fe) {
				t.Errorf("%T is not a *FileError", err)
			}
		})
	}
}

func TestPromptFile(t *testing.T) {
	dir := t.TempDir()
	must(t, os.WriteFile(filepath.Join(dir, "p.txt"), []byte("from a file"), 0o600))
	must(t, os.WriteFile(filepath.Join(dir, "big.txt"), make([]byte, MaxPromptFile+1), 0o600))
	must(t, os.WriteFile(filepath.Join(dir, "b.toml"), []byte("targets = [\"alpha:m\"]\n[[prompts]]\nfile = \"p.txt\"\n"), 0o600))
	p, err := ReadFile(filepath.Join(dir, "b.toml"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Cases[0].Text != "from a file" {
		t.Errorf("text = %q", p.Cases[0].Text)
	}
	must(t, os.WriteFile(filepath.Join(dir, "c.toml"), []byte("targets = [\"alpha:m\"]\n[[prompts]]\nfile = \"big.txt\"\n[[prompts]]\nfile = \"none.txt\"\n"), 0o600))
	_, err = ReadFile(filepath.Join(dir, "c.toml"))
	if err == nil || !strings.Contains(err.Error(), "c.toml:3: prompts[0].file:") || !strings.Contains(err.Error(), "prompt file") ||
		!strings.Contains(err.Error(), "c.toml:5: prompts[1].file:") {
		t.Errorf("err = %v", err)
	}
}

func TestEvaluate(t *testing.T) {
	o := Outcome{Text: "```json\n{\"capital\": \"Paris\"}\n```", Total: 2e9, OutputTokens: 12}
	cases := []struct {
		check Check
		pass  bool
	}{
		{Check{CheckContains, "Paris"}, true},
		{Check{CheckContains, "Lyon"}, false},
		{Check{CheckNotContains, "Paris"}, false},
		{Check{CheckNotContains, "Lyon"}, true},
		{Check{CheckRegex, `"capital":\s*"P`}, true},
		{Check{CheckRegex, `^Paris$`}, false},
		{Check{CheckRegex, `(`}, false},
		{Check{CheckValidJSON, ""}, true},
		{Check{CheckMaxLatency, "3s"}, true},
		{Check{CheckMaxLatency, "1s"}, false},
		{Check{CheckMaxOutputTokens, "12"}, true},
		{Check{CheckMaxOutputTokens, "11"}, false},
		{Check{"bogus", ""}, false},
	}
	for _, c := range cases {
		r := Evaluate([]Check{c.check}, o)[0]
		if r.Pass != c.pass {
			t.Errorf("%s: pass = %v (%s)", c.check, r.Pass, r.Why)
		}
	}
	if r := Evaluate([]Check{{CheckValidJSON, ""}}, Outcome{Text: "{"}); r[0].Pass {
		t.Error("{ passed valid_json")
	}
	if !Passed(nil) || Passed([]CheckResult{{Pass: true}, {Pass: false}}) {
		t.Error("Passed")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestPromptsAsStrings: prompts = ["…"] is the short form of [[prompts]]
// tables holding only a text, variables and all; the two forms mix.
func TestPromptsAsStrings(t *testing.T) {
	src := `targets = ["alpha:m"]
prompts = ["What is the capital of {{country}}?", { name = "greet", text = "hello" }]
[vars]
country = ["France", "Japan"]
`
	parsedCases(t, src, "What is the capital of France?|What is the capital of Japan?|hello")
	if _, err := Parse("t.toml", []byte("targets = [\"alpha:m\"]\nprompts = [\"  \"]\n"), nil); err == nil ||
		!strings.Contains(err.Error(), "prompts[0]: the prompt is empty") {
		t.Errorf("an empty string prompt: %v", err)
	}
}

// TestWrongTypesSaidInTheFilesWords: a value of the wrong type is named
// by its field and line, with what the field wants in the file's words,
// never Go's ("struct field batch.fileDoc.Prompts of type ...").
func TestWrongTypesSaidInTheFilesWords(t *testing.T) {
	for _, c := range []struct{ src, want string }{
		{"prompts = \"x\"\n", `t.toml:1: prompts: wrong type: want a list of prompts: strings, or [[prompts]] tables with text = "…" (got a string)`},
		{"targets = \"alpha:m\"\n", `t.toml:1: targets: wrong type: want a list of strings, e.g. ["a", "b"] (got a string)`},
		{"repeats = 2.5\n", "t.toml:1: repeats: wrong type: want a whole number (got a number with a fraction)"},
		{"vars = [\"a\"]\n", "t.toml:1: vars: wrong type: want a table of lists of strings"},
		{"[[checks]]\nvalid_json = \"yes\"\n", "t.toml:2: checks.valid_json: wrong type: want true or false (got a string)"},
	} {
		_, err := Parse("t.toml", []byte(c.src), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v\nwant it to hold %q", c.src, err, c.want)
		}
		if err != nil && (strings.Contains(err.Error(), "struct field") || strings.Contains(err.Error(), "batch.")) {
			t.Errorf("%q: Go's words reach the person: %v", c.src, err)
		}
	}
}

// parsedCases parses src and holds its cases' texts, in order and joined
// by "|", to want.
func parsedCases(t *testing.T, src, want string) *Plan {
	t.Helper()
	p, err := Parse("t.toml", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	var texts []string
	for _, c := range p.Cases {
		texts = append(texts, c.Text)
	}
	if got := strings.Join(texts, "|"); got != want {
		t.Fatalf("cases = %s\nwant    %s", got, want)
	}
	return p
}
