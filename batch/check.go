package batch

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// The kinds of check.
const (
	CheckContains        = "contains"
	CheckNotContains     = "not_contains"
	CheckRegex           = "regex"
	CheckValidJSON       = "valid_json"
	CheckMaxLatency      = "max_latency"       // total time of the reply, a duration
	CheckMaxOutputTokens = "max_output_tokens" // a count
	// CheckRubric is graded by the plan's judge (batch/judge), not here:
	// Evaluate leaves it out and the run adds its result.
	CheckRubric = "rubric"
)

// Check is one rule a reply must pass.
type Check struct {
	Kind string `json:"kind"`
	Arg  string `json:"arg,omitempty"` // the text, pattern, duration or count
}

// String names the check as the file writes it.
func (c Check) String() string {
	if c.Kind == CheckValidJSON {
		return c.Kind
	}
	return fmt.Sprintf("%s %q", c.Kind, c.Arg)
}

// Outcome is what the checks see of one reply.
type Outcome struct {
	Text         string
	Total        time.Duration
	OutputTokens int64
}

// CheckResult is one check applied to one reply.
type CheckResult struct {
	Check string `json:"check"`
	Pass  bool   `json:"pass"`
	Why   string `json:"why,omitempty"` // for a failure: what was found
	// Score is a rubric's grade from 0 to 1, as the judge gave it.
	Score *float64 `json:"score,omitempty"`
}

// Evaluate applies checks to a reply. The file's checks were validated, so
// a pattern that does not compile (a plan edited in the store) fails its
// check rather than the run.
func Evaluate(checks []Check, o Outcome) []CheckResult {
	out := make([]CheckResult, 0, len(checks))
	for _, c := range checks {
		if c.Kind == CheckRubric {
			continue
		}
		r := CheckResult{Check: c.String(), Pass: true}
		switch c.Kind {
		case CheckContains:
			if !strings.Contains(o.Text, c.Arg) {
				r.Pass, r.Why = false, "not in the reply"
			}
		case CheckNotContains:
			if i := strings.Index(o.Text, c.Arg); i >= 0 {
				r.Pass, r.Why = false, fmt.Sprintf("found at byte %d", i)
			}
		case CheckRegex:
			re, err := regexp.Compile(c.Arg)
			switch {
			case err != nil:
				r.Pass, r.Why = false, err.Error()
			case !re.MatchString(o.Text):
				r.Pass, r.Why = false, "no match"
			}
		case CheckValidJSON:
			if !json.Valid([]byte(jsonBody(o.Text))) {
				r.Pass, r.Why = false, "not valid JSON"
			}
		case CheckMaxLatency:
			d, err := time.ParseDuration(c.Arg)
			if err != nil || o.Total > d {
				r.Pass, r.Why = false, "took "+o.Total.Round(time.Millisecond).String()
			}
		case CheckMaxOutputTokens:
			n, err := strconv.ParseInt(c.Arg, 10, 64)
			if err != nil || o.OutputTokens > n {
				r.Pass, r.Why = false, fmt.Sprintf("%d tokens", o.OutputTokens)
			}
		default:
			r.Pass, r.Why = false, "unknown check"
		}
		out = append(out, r)
	}
	return out
}

// Rubrics are the rubric checks of checks.
func Rubrics(checks []Check) []Check {
	var out []Check
	for _, c := range checks {
		if c.Kind == CheckRubric {
			out = append(out, c)
		}
	}
	return out
}

// Passed reports whether every result passed.
func Passed(rs []CheckResult) bool {
	for _, r := range rs {
		if !r.Pass {
			return false
		}
	}
	return true
}

// jsonBody is text without a markdown code fence around it: models asked
// for JSON often fence it, and the JSON inside is what was asked for.
func jsonBody(text string) string {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return t
	}
	t = strings.TrimSuffix(t, "```")
	if _, rest, ok := strings.Cut(t, "\n"); ok {
		return rest
	}
	return ""
}
