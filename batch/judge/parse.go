package judge

import (
	"fmt"
	"strconv"
	"strings"
)

// Grade is a judge's grade of one answer against a rubric.
type Grade struct {
	Pass   bool    `json:"pass"`
	Score  float64 `json:"score"` // 0 to 1
	Reason string  `json:"reason"`
}

// Pick is a judge's choice between answers: Winner is the index of the
// better answer in the order shown, -1 for a tie.
type Pick struct {
	Winner int    `json:"winner"`
	Reason string `json:"reason"`
}

// maxReason is the longest reason kept, in bytes: a reason is one line.
const maxReason = 500

// finalLines are the last n non-empty lines of reply, trimmed; false when
// there are fewer. Only these are read: whatever the judge wrote above
// them (its thinking, an answer it quoted) cannot change the parse.
func finalLines(reply string, n int) ([]string, bool) {
	lines := strings.Split(strings.ReplaceAll(reply, "\r\n", "\n"), "\n")
	var out []string
	for i := len(lines) - 1; i >= 0 && len(out) < n; i-- {
		if l := strings.TrimSpace(lines[i]); l != "" {
			out = append(out, l)
		}
	}
	if len(out) < n {
		return nil, false
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, true
}

// field reads "KEY: value" (the key in any case, markdown bold around it
// allowed), naming the rule when line is not that.
func field(line, key string) (string, error) {
	l := strings.TrimSpace(strings.Trim(line, "*_` "))
	k, v, ok := strings.Cut(l, ":")
	if !ok || !strings.EqualFold(strings.Trim(strings.TrimSpace(k), "*_`"), key) {
		return "", fmt.Errorf("%s: want a line %q, got %q", strings.ToLower(key), key+": …", clip(line))
	}
	return strings.TrimSpace(strings.Trim(v, "*_` ")), nil
}

// ParseGrade reads the grade in reply's last three non-empty lines:
//
//	VERDICT: pass|fail
//	SCORE: a number from 0 to 1
//	REASON: one line
//
// Anything else there is an error naming the field and the rule.
func ParseGrade(reply string) (Grade, error) {
	lines, ok := finalLines(reply, 3)
	if !ok {
		return Grade{}, fmt.Errorf("grade: want the final lines %s, %s and %s, got %d line(s)", verdictKey, scoreKey, reasonKey, nonEmpty(reply))
	}
	var g Grade
	v, err := field(lines[0], verdictKey)
	if err != nil {
		return Grade{}, fmt.Errorf("grade: %w", err)
	}
	switch strings.ToLower(v) {
	case "pass":
		g.Pass = true
	case "fail":
	default:
		return Grade{}, fmt.Errorf("grade: verdict %q: want pass or fail", clip(v))
	}
	s, err := field(lines[1], scoreKey)
	if err != nil {
		return Grade{}, fmt.Errorf("grade: %w", err)
	}
	if g.Score, err = strconv.ParseFloat(s, 64); err != nil || !(g.Score >= 0 && g.Score <= 1) {
		return Grade{}, fmt.Errorf("grade: score %q: want a number from 0 to 1", clip(s))
	}
	if g.Reason, err = reason(lines[2]); err != nil {
		return Grade{}, fmt.Errorf("grade: %w", err)
	}
	return g, nil
}

// ParsePick reads the pick among n answers in reply's last two non-empty
// lines:
//
//	WINNER: a letter (A for the first shown) or TIE
//	REASON: one line
func ParsePick(reply string, n int) (Pick, error) {
	lines, ok := finalLines(reply, 2)
	if !ok {
		return Pick{}, fmt.Errorf("pick: want the final lines %s and %s, got %d line(s)", winnerKey, reasonKey, nonEmpty(reply))
	}
	w, err := field(lines[0], winnerKey)
	if err != nil {
		return Pick{}, fmt.Errorf("pick: %w", err)
	}
	p := Pick{Winner: -1}
	switch up := strings.ToUpper(w); {
	case up == Tie:
	case len(up) == 1 && up[0] >= 'A' && int(up[0]-'A') < n:
		p.Winner = int(up[0] - 'A')
	default:
		return Pick{}, fmt.Errorf("pick: winner %q: want a letter from A to %s, or %s", clip(w), Letter(n-1), Tie)
	}
	if p.Reason, err = reason(lines[1]); err != nil {
		return Pick{}, fmt.Errorf("pick: %w", err)
	}
	return p, nil
}

// reason reads the REASON line.
func reason(line string) (string, error) {
	r, err := field(line, reasonKey)
	if err != nil {
		return "", err
	}
	if r == "" {
		return "", fmt.Errorf("reason: empty: want one line saying why")
	}
	if len(r) > maxReason {
		r = strings.ToValidUTF8(r[:maxReason], "")
	}
	return r, nil
}

func nonEmpty(s string) int {
	n := 0
	for l := range strings.SplitSeq(s, "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n
}

// clip cuts what an error quotes.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}
