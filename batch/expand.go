package batch

import (
	"fmt"
	"regexp"
	"strings"

	"atelier/internal/limits"
)

// expand turns one prompt into its cases. The variables a case has are the
// ones the prompt uses, in its text or its checks: with rows (a prompt's
// cases = [{...}, ...]) each row is a case; otherwise every combination of
// the used variables' values is one, the prompt's own vars before the
// file's. A prompt that uses no variable is one case.
//
// room bounds what the cases may take, so that a long prompt file times
// many values is refused before it is copied.
func expand(text string, checks []Check, local, global map[string][]string, rows []map[string]string, room budgetLeft) ([]Case, error) {
	used, err := usedVars(text, checks)
	if err != nil {
		return nil, err
	}
	if len(rows) > 0 {
		if len(local) > 0 {
			return nil, fmt.Errorf("give vars or cases, not both")
		}
		if err := room.fits(len(rows), len(text)); err != nil {
			return nil, err
		}
		out := make([]Case, 0, len(rows))
		for i, row := range rows {
			for _, name := range used {
				if _, ok := row[name]; !ok {
					return nil, fmt.Errorf("cases[%d] has no value for {{%s}}", i, name)
				}
			}
			out = append(out, newCase(text, checks, row, sortedKeys(row)))
		}
		return out, nil
	}
	values := make([][]string, len(used))
	total := 1
	for i, name := range used {
		values[i] = local[name]
		if values[i] == nil {
			values[i] = global[name]
		}
		if len(values[i]) == 0 {
			return nil, fmt.Errorf("{{%s}} has no values: list them in [vars] or in the prompt's vars", name)
		}
		total *= len(values[i])
		if total > MaxCells {
			return nil, fmt.Errorf("its variables make more than %d cases", MaxCells)
		}
	}
	if err := room.fits(total, len(text)); err != nil {
		return nil, err
	}
	out := make([]Case, 0, total)
	pick := make([]int, len(used))
	for range total {
		vals := make(map[string]string, len(used))
		for i, name := range used {
			vals[name] = values[i][pick[i]]
		}
		out = append(out, newCase(text, checks, vals, used))
		for i := len(pick) - 1; i >= 0; i-- { // the last variable turns fastest
			if pick[i]++; pick[i] < len(values[i]) {
				break
			}
			pick[i] = 0
		}
	}
	return out, nil
}

// newCase expands text and checks with vals; order is the order of the
// variables in the case's name.
func newCase(text string, checks []Check, vals map[string]string, order []string) Case {
	c := Case{Text: substitute(text, vals, false)}
	if len(vals) > 0 {
		c.Vars = vals
		parts := make([]string, len(order))
		for i, k := range order {
			parts[i] = k + "=" + vals[k]
		}
		c.Name = "[" + strings.Join(parts, ",") + "]"
	}
	for _, ch := range checks {
		ch.Arg = substitute(ch.Arg, vals, ch.Kind == CheckRegex)
		c.Checks = append(c.Checks, ch)
	}
	return c
}

// usedVars lists the variables text and checks refer to, in order of first
// use; a reference that is not a name is an error.
func usedVars(text string, checks []Check) ([]string, error) {
	var used []string
	seen := map[string]bool{}
	scan := func(s string) error {
		for _, m := range varRef.FindAllStringSubmatch(s, -1) {
			name := m[1]
			if !varName.MatchString(name) {
				return fmt.Errorf("%q is not a variable: write {{name}} with letters, digits and _", m[0])
			}
			if !seen[name] {
				seen[name] = true
				used = append(used, name)
			}
		}
		return nil
	}
	if err := scan(text); err != nil {
		return nil, err
	}
	for _, ch := range checks {
		if err := scan(ch.Arg); err != nil {
			return nil, err
		}
	}
	return used, nil
}

// substitute replaces each {{name}} of s with its value, quoted for a
// regular expression when quote is set (a value is matched as written).
func substitute(s string, vals map[string]string, quote bool) string {
	if len(vals) == 0 {
		return s
	}
	return varRef.ReplaceAllStringFunc(s, func(ref string) string {
		name := varRef.FindStringSubmatch(ref)[1]
		v, ok := vals[name]
		if !ok {
			return ref
		}
		if quote {
			return regexp.QuoteMeta(v)
		}
		return v
	})
}

// MaxPlanText is the most text a plan's cases may hold together, variables
// expanded: a bound on the memory a batch file can ask for.
const MaxPlanText = 64 * limits.MiB

// budgetLeft is what the cases still to expand may take.
type budgetLeft struct {
	cases int   // cases, given the targets and repeats each multiplies by
	bytes int64 // prompt text
}

// fits reports an error when n cases of about size bytes each do not fit.
func (b budgetLeft) fits(n, size int) error {
	if n > b.cases {
		return fmt.Errorf("%d cases: with its targets and repeats, more than the %d cells a batch may have", n, MaxCells)
	}
	if int64(n)*int64(size) > b.bytes {
		return fmt.Errorf("%d cases of a %s prompt: more than the %s of text a batch's prompts may take",
			n, limits.Size(int64(size)), limits.Size(MaxPlanText))
	}
	return nil
}
