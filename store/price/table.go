package price

import (
	"fmt"
	"math"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Table is the [prices] table: a model name, a video endpoint or a glob
// pattern of them ("alpha/*", "videob/*/pro/*": path.Match's rules, but *
// spans slashes too) → its rates.
type Table map[string]Rate

// Rate is what one model or endpoint costs, in the person's currency.
type Rate struct {
	Input    *float64 `toml:"input,omitempty"`    // per million input tokens
	Output   *float64 `toml:"output,omitempty"`   // per million output tokens
	Thinking *float64 `toml:"thinking,omitempty"` // per million thinking tokens; the output rate when unset
	// Image is per image by size and quality: "1024x1024/high",
	// "1024x1024", "*/high" or "*", tried in that order.
	Image map[string]float64 `toml:"image,omitempty"`
	// Second is per video second by resolution: "1080p", "720p", or "*".
	Second map[string]float64 `toml:"second,omitempty"`
}

// Budget is the [budget] table: the most one run and one day may cost.
type Budget struct {
	Run *float64 `toml:"run,omitempty"`
	Day *float64 `toml:"day,omitempty"`
}

// Set reports whether the budget limits anything.
func (b Budget) Set() bool { return b.Run != nil || b.Day != nil }

// rate finds the rates of a model or endpoint: its own entry, else the
// longest pattern that matches it (the most specific), ties broken by the
// pattern's text so the choice never depends on map order.
func (t Table) rate(name string) (Rate, bool) {
	if r, ok := t[name]; ok {
		return r, true
	}
	best := ""
	for p := range t {
		if !match(p, name) {
			continue
		}
		if best == "" || len(p) > len(best) || len(p) == len(best) && p < best {
			best = p
		}
	}
	if best == "" {
		return Rate{}, false
	}
	return t[best], true
}

// match is path.Match in which * also spans slashes, so "videoa/*"
// covers every endpoint of the family.
func match(pattern, name string) bool {
	ok, _ := path.Match(strings.ReplaceAll(pattern, "/", "\x1f"), strings.ReplaceAll(name, "/", "\x1f"))
	return ok
}

var (
	sizeRE    = regexp.MustCompile(`^(auto|\*|[1-9][0-9]{0,4}x[1-9][0-9]{0,4})$`)
	qualityRE = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,15}$`)
	resRE     = regexp.MustCompile(`^(\*|[a-z0-9_-]{1,16})$`)
)

// Validate checks the tables, calling bad with the dotted key of each
// problem (prices.PATTERN.image.SIZE, budget.day) and the rule it breaks,
// so the settings loader can name the line.
func Validate(t Table, b Budget, bad func(key, format string, args ...any)) {
	money := func(key string, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			bad(key, "a price must be a finite number, zero or more (got %v)", v)
		}
	}
	for _, p := range sortedKeys(t) {
		key := "prices." + p
		r := t[p]
		if _, err := path.Match(p, ""); err != nil || p == "" {
			bad(key, "%q is not a model name or glob pattern (path.Match: *, ?, [a-z])", p)
		}
		if r.Input == nil && r.Output == nil && r.Thinking == nil && len(r.Image) == 0 && len(r.Second) == 0 {
			bad(key, "sets no price: give input, output, thinking (per million tokens), image or second")
		}
		for name, v := range map[string]*float64{"input": r.Input, "output": r.Output, "thinking": r.Thinking} {
			if v != nil {
				money(key+"."+name, *v)
			}
		}
		for _, k := range sortedKeys(r.Image) {
			size, quality, hasQ := strings.Cut(k, "/")
			if !sizeRE.MatchString(size) || hasQ && !qualityRE.MatchString(quality) {
				bad(key+".image."+k, "want SIZE, SIZE/QUALITY, */QUALITY or * (e.g. 1024x1024/high)")
			}
			money(key+".image."+k, r.Image[k])
		}
		for _, k := range sortedKeys(r.Second) {
			if !resRE.MatchString(k) {
				bad(key+".second."+k, "want a resolution such as 720p or 1080p, or *")
			}
			money(key+".second."+k, r.Second[k])
		}
	}
	for name, v := range map[string]*float64{"budget.run": b.Run, "budget.day": b.Day} {
		if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0) || *v <= 0) {
			bad(name, "a budget must be a finite number above zero (got %v)", *v)
		}
	}
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Format writes an amount with the precision small costs need: four
// decimals under 1, two above.
func Format(v float64) string {
	if math.Abs(v) < 1 {
		return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.4f", v), "0"), ".")
	}
	return fmt.Sprintf("%.2f", v)
}
