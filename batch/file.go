package batch

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/internal/wrongtype"
)

// Limits of a batch file: a plan past them is refused before anything is
// sent, as it is more likely a mistake (a variable list pasted twice) than
// a wish.
const (
	MaxFile        = 1 * limits.MiB // the batch file itself
	MaxPromptFile  = limits.Prompt  // one prompt read from a file
	MaxCells       = 100_000        // cases × targets × repeats
	MaxRepeats     = 100
	MaxTargets     = 64
	MaxConcurrency = 64 // requests at once per family
	// DefaultConcurrency is how many requests of one family run at once
	// when the file and the command line say nothing.
	DefaultConcurrency = 2
)

// fileDoc is the batch file as TOML decodes it (strictly: an unknown key is
// an error).
type fileDoc struct {
	Name        string              `toml:"name"`
	Kind        string              `toml:"kind"`
	System      string              `toml:"system"`
	Targets     []string            `toml:"targets"`
	TargetSet   string              `toml:"target_set"`
	Repeats     *int                `toml:"repeats"`
	Concurrency *int                `toml:"concurrency"`
	Vars        map[string][]string `toml:"vars"`
	Checks      []checkDoc          `toml:"checks"`
	Prompts     []promptDoc         `toml:"prompts"`
	Judge       string              `toml:"judge"`
}

type promptDoc struct {
	Name   string              `toml:"name"`
	Text   *string             `toml:"text"`
	File   string              `toml:"file"`
	Vars   map[string][]string `toml:"vars"`
	Cases  []map[string]string `toml:"cases"`
	Checks []checkDoc          `toml:"checks"`
}

type checkDoc struct {
	Contains        *string `toml:"contains"`
	NotContains     *string `toml:"not_contains"`
	Regex           *string `toml:"regex"`
	ValidJSON       *bool   `toml:"valid_json"`
	MaxLatency      *string `toml:"max_latency"`
	MaxOutputTokens *int64  `toml:"max_output_tokens"`
	Rubric          *string `toml:"rubric"`
}

// Plan is a parsed batch: what a run sends, and what resume reads back
// from the store (it is kept there as JSON, so a resumed batch does not
// need its file).
type Plan struct {
	Name        string   `json:"name"`
	Kind        string   `json:"kind,omitempty"` // "" (chat) or KindImage
	System      string   `json:"system,omitempty"`
	Targets     []string `json:"targets"`              // as written: FAMILY:MODEL[:key=value,...], or MODEL[:key=value,...] for images
	TargetSet   string   `json:"target_set,omitempty"` // the named set the targets began with, as it was when the plan was read
	Repeats     int      `json:"repeats"`
	Concurrency int      `json:"concurrency,omitempty"` // per family; 0: DefaultConcurrency
	Cases       []Case   `json:"cases"`
	// Judge is the chat target that grades rubric checks: the file's
	// judge, else the one chosen in Settings when the file was read.
	Judge string `json:"judge,omitempty"`
}

// Case is one prompt with one set of variable values.
type Case struct {
	Prompt int               `json:"prompt"` // index of the prompt in the file
	Name   string            `json:"name"`   // the prompt's name, then the values: capital[country=France]
	Vars   map[string]string `json:"vars,omitempty"`
	Text   string            `json:"text"` // variables expanded
	Checks []Check           `json:"checks,omitempty"`
}

// Cells is the number of cells of the plan.
func (p *Plan) Cells() int { return len(p.Cases) * len(p.Targets) * p.Repeats }

// Cell returns the case, target and repeat of cell i: cells run case by
// case, so the first rows of the matrix fill first.
func (p *Plan) Cell(i int) (c, t, r int) {
	r = i % p.Repeats
	i /= p.Repeats
	return i / len(p.Targets), i % len(p.Targets), r
}

// ChatTargets parses the plan's targets, setting the batch's system prompt
// on those that set none.
func (p *Plan) ChatTargets() ([]client.ChatTarget, error) {
	out := make([]client.ChatTarget, len(p.Targets))
	for i, s := range p.Targets {
		t, err := client.ParseChatTarget(s)
		if err != nil {
			return nil, err
		}
		if t.Settings.System == "" {
			t.Settings.System = p.System
		}
		out[i] = t
	}
	return out, nil
}

// FileError is a mistake in a batch file, at a line when one is known.
type FileError struct {
	Path  string
	Line  int    // 0: the file as a whole
	Field string // the key, dotted: prompts[2].checks[0].regex
	Msg   string // the rule broken
}

func (e *FileError) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString(e.Field + ": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ReadFile reads and parses the batch file at path. Its prompt files are
// read relative to its folder, and only from that folder and below (see
// ReadOptions).
func ReadFile(path string) (*Plan, error) { return ReadFileWith(path, ReadOptions{}) }

// ReadFileWith is ReadFile with options: outside files allowed, and the
// sets the file's target_set is read from.
func ReadFileWith(path string, o ReadOptions) (*Plan, error) {
	data, err := limits.ReadFile(path, MaxFile, "batch file")
	if err != nil {
		return nil, err
	}
	return parse(path, data, func(name string) ([]byte, error) {
		return readPromptFile(filepath.Dir(path), name, o.AllowOutsideFiles)
	}, o)
}

// Parse reads a batch file's bytes; path names it in errors, and readFile
// reads a prompt's file (nil: prompt files are refused). Every mistake
// found is returned, joined, each with its line.
func Parse(path string, data []byte, readFile func(string) ([]byte, error)) (*Plan, error) {
	return ParseWith(path, data, readFile, nil)
}

// ParseWith is Parse, with sets reading the file's target_set (nil: a
// target_set is refused, the history that keeps them not being open).
func ParseWith(path string, data []byte, readFile func(string) ([]byte, error), sets TargetSets) (*Plan, error) {
	return parse(path, data, readFile, ReadOptions{Sets: sets})
}

// parse is ParseWith with every option: o.Judge is the judge of a file
// that names none.
func parse(path string, data []byte, readFile func(string) ([]byte, error), o ReadOptions) (*Plan, error) {
	var doc fileDoc
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, decodeError(path, err)
	}
	v := &validator{path: path, lines: keyLines(data), sets: o.Sets, defaultJudge: o.Judge}
	plan := v.plan(&doc, readFile)
	if len(v.errs) > 0 {
		return nil, errors.Join(v.errs...)
	}
	return plan, nil
}

// validator gathers the mistakes of one file.
type validator struct {
	path         string
	sets         TargetSets // reads a target_set; nil: none can be read
	defaultJudge string     // the judge of a file that names none (Settings')
	lines        map[string]int
	errs         []error
	text         int64 // prompt text of the cases so far
}

// fail records a mistake at field (its line looked up, else its parent's).
func (v *validator) fail(field, format string, args ...any) {
	line := 0
	for k := field; k != "" && line == 0; k = parentKey(k) {
		line = v.lines[k]
	}
	v.errs = append(v.errs, &FileError{Path: v.path, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// parentKey is the key holding k: prompts[1].text → prompts[1] → prompts.
func parentKey(k string) string {
	if i := strings.LastIndexAny(k, ".["); i > 0 {
		return k[:i]
	}
	return ""
}

func (v *validator) plan(doc *fileDoc, readFile func(string) ([]byte, error)) *Plan {
	p := &Plan{Name: strings.TrimSpace(doc.Name), System: doc.System, Repeats: 1}
	if p.Name == "" {
		p.Name = strings.TrimSuffix(filepath.Base(v.path), filepath.Ext(v.path))
	}
	if doc.Repeats != nil {
		p.Repeats = *doc.Repeats
		if p.Repeats < 1 || p.Repeats > MaxRepeats {
			v.fail("repeats", "must be 1 to %d (got %d)", MaxRepeats, p.Repeats)
			p.Repeats = 1
		}
	}
	if doc.Concurrency != nil {
		p.Concurrency = *doc.Concurrency
		if p.Concurrency < 1 || p.Concurrency > MaxConcurrency {
			v.fail("concurrency", "must be 1 to %d requests at once per family (got %d)", MaxConcurrency, p.Concurrency)
		}
	}
	switch strings.TrimSpace(doc.Kind) {
	case "", "chat":
		v.targets(p, v.targetSet(p, doc), doc.Targets)
	case KindImage:
		p.Kind = KindImage
		if doc.System != "" {
			v.fail("system", "an image batch has no system prompt")
		}
		if doc.TargetSet != "" {
			v.fail("target_set", "a target set holds chat targets: list an image batch's targets")
		}
		v.imageTargets(p, doc.Targets)
	default:
		v.fail("kind", "must be \"chat\" (the default) or \"image\" (got %q)", doc.Kind)
	}
	v.vars("vars", doc.Vars)
	all := v.checks("checks", doc.Checks)
	if len(doc.Prompts) == 0 {
		v.fail("prompts", "no prompts: add at least one [[prompts]] with text or file")
	}
	for i, pd := range doc.Prompts {
		v.prompt(p, i, &pd, doc.Vars, all, readFile)
	}
	v.judge(p, doc.Judge)
	if n := len(p.Cases) * len(p.Targets) * p.Repeats; n > MaxCells {
		v.fail("", "%d cells (cases × targets × repeats) is more than the %d cells a batch may have", n, MaxCells)
	}
	return p
}

func (v *validator) targets(p *Plan, fromSet, specs []string) {
	p.Targets = append(p.Targets, fromSet...) // a listed one that repeats them is refused below
	if len(fromSet) > 0 {
		defer func() {
			if len(p.Targets) > MaxTargets {
				v.fail("targets", "%d targets with the target set's is more than %d", len(p.Targets), MaxTargets)
			}
		}()
		if len(specs) == 0 {
			return
		}
	}
	v.targetList(p, specs, "FAMILY:MODEL[:key=value,...]", func(s string) error {
		t, err := client.ParseChatTarget(s)
		if err != nil {
			return err
		}
		if t.Settings.System == "" {
			t.Settings.System = p.System
		}
		_, _, err = client.NativeChatRequest(t, []client.ChatTurn{{Role: "user", Text: "x"}}, true)
		return err
	})
}

// targetList checks each target with parse (the form named by form) and
// keeps those that pass, once each.
func (v *validator) targetList(p *Plan, specs []string, form string, parse func(string) error) {
	if len(specs) == 0 {
		v.fail("targets", "no targets: list at least one %s", form)
	}
	if len(specs) > MaxTargets {
		v.fail("targets", "%d targets is more than %d", len(specs), MaxTargets)
	}
	for i, s := range specs {
		field := fmt.Sprintf("targets[%d]", i)
		if err := parse(s); err != nil {
			v.fail(field, "%v", err)
			continue
		}
		if slices.Contains(p.Targets, strings.TrimSpace(s)) {
			v.fail(field, "target %q is listed twice (use repeats to run it again)", s)
			continue
		}
		p.Targets = append(p.Targets, strings.TrimSpace(s))
	}
}

// varName is what may stand between {{ and }}.
var (
	varName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	varRef  = regexp.MustCompile(`\{\{\s*([^{}]*?)\s*\}\}`)
)

func (v *validator) vars(field string, vars map[string][]string) {
	for _, k := range sortedKeys(vars) {
		if !varName.MatchString(k) {
			v.fail(field+"."+k, "a variable's name is letters, digits and _, not starting with a digit")
		}
		if len(vars[k]) == 0 {
			v.fail(field+"."+k, "no values: give a list of one or more strings")
		}
	}
}

func (v *validator) checks(field string, docs []checkDoc) []Check {
	var out []Check
	for i, d := range docs {
		f := fmt.Sprintf("%s[%d]", field, i)
		n := len(out)
		add := func(kind, arg string) { out = append(out, Check{Kind: kind, Arg: arg}) }
		if d.Contains != nil {
			add(CheckContains, *d.Contains)
		}
		if d.NotContains != nil {
			add(CheckNotContains, *d.NotContains)
		}
		if d.Regex != nil {
			if _, err := regexp.Compile(*d.Regex); err != nil && !varRef.MatchString(*d.Regex) {
				v.fail(f+".regex", "not a regular expression (Go RE2 syntax): %v", err)
			}
			add(CheckRegex, *d.Regex)
		}
		if d.ValidJSON != nil && *d.ValidJSON {
			add(CheckValidJSON, "")
		}
		if d.MaxLatency != nil {
			dur, err := time.ParseDuration(*d.MaxLatency)
			if err != nil || dur <= 0 {
				v.fail(f+".max_latency", "want a positive duration such as \"20s\" or \"1m30s\" (got %q)", *d.MaxLatency)
			}
			add(CheckMaxLatency, *d.MaxLatency)
		}
		if d.Rubric != nil {
			if strings.TrimSpace(*d.Rubric) == "" {
				v.fail(f+".rubric", "empty: say what a passing answer does, e.g. \"names the capital and nothing else\"")
			}
			add(CheckRubric, *d.Rubric)
		}
		if d.MaxOutputTokens != nil {
			if *d.MaxOutputTokens < 1 {
				v.fail(f+".max_output_tokens", "must be at least 1 (got %d)", *d.MaxOutputTokens)
			}
			add(CheckMaxOutputTokens, fmt.Sprint(*d.MaxOutputTokens))
		}
		if len(out) == n {
			v.fail(f, "an empty check: set contains, not_contains, regex, valid_json, max_latency, max_output_tokens or rubric")
		}
	}
	return out
}

func (v *validator) prompt(p *Plan, i int, d *promptDoc, global map[string][]string, all []Check, readFile func(string) ([]byte, error)) {
	field := fmt.Sprintf("prompts[%d]", i)
	name := strings.TrimSpace(d.Name)
	if name == "" {
		name = fmt.Sprintf("p%d", i+1)
	}
	var text string
	switch {
	case d.Text != nil && d.File != "":
		v.fail(field, "give text or file, not both")
		return
	case d.Text != nil:
		text = *d.Text
	case d.File != "":
		if readFile == nil {
			v.fail(field+".file", "prompt files are not read here")
			return
		}
		b, err := readFile(d.File)
		if err != nil {
			v.fail(field+".file", "%v", err)
			return
		}
		text = string(b)
	default:
		v.fail(field, "no prompt: set text or file")
		return
	}
	if strings.TrimSpace(text) == "" {
		v.fail(field, "the prompt is empty")
		return
	}
	v.vars(field+".vars", d.Vars)
	checks := append(slices.Clone(all), v.checks(field+".checks", d.Checks)...)
	if p.IsImage() {
		v.imageChecks(field+".checks", checks)
	}
	room := budgetLeft{cases: MaxCells/max(len(p.Targets)*p.Repeats, 1) - len(p.Cases), bytes: MaxPlanText - v.text}
	cases, err := expand(text, checks, d.Vars, global, d.Cases, room)
	if err != nil {
		v.fail(field, "%v", err)
		return
	}
	for _, c := range cases {
		c.Prompt, c.Name = i, name+c.Name
		for j, ch := range c.Checks {
			if ch.Kind == CheckRegex {
				if _, err := regexp.Compile(ch.Arg); err != nil {
					v.fail(field+".checks", "check %d: regex %q is not a regular expression once expanded: %v", j+1, ch.Arg, err)
					return
				}
			}
		}
		p.Cases = append(p.Cases, c)
		v.text += int64(len(c.Text))
	}
}

// decodeError turns go-toml's errors into FileErrors with their lines.
func decodeError(path string, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		errs := make([]error, len(strict.Errors))
		for i, e := range strict.Errors {
			line, _ := e.Position()
			errs[i] = &FileError{Path: path, Line: line, Field: strings.Join(e.Key(), "."),
				Msg: "unknown key (known: name, kind, system, targets, target_set, repeats, concurrency, vars, checks, prompts; in a prompt: name, text, file, vars, cases, checks)"}
		}
		return errors.Join(errs...)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		return &FileError{Path: path, Line: line, Field: strings.Join(de.Key(), "."), Msg: wrongtype.TOML(strings.TrimPrefix(de.Error(), "toml: "), fileTypes)}
	}
	return &FileError{Path: path, Msg: err.Error()}
}
