package client

import (
	"errors"
	"fmt"
	"strings"
)

// ValidationError is a request that breaks a documented rule. It is returned
// before anything is sent. Several at once are joined with errors.Join; use
// Violations to list them.
type ValidationError struct {
	Field string // the field's JSON path, e.g. "thinking.budget_tokens"
	Rule  string // the rule in words, e.g. "must be >= 1024 and < max_tokens"
	Value any    // the offending value, nil when the field is missing
}

func (e *ValidationError) Error() string {
	if e.Value == nil {
		return fmt.Sprintf("%s: %s", e.Field, e.Rule)
	}
	v := fmt.Sprint(e.Value)
	if s, ok := e.Value.(string); ok {
		if len(s) > 60 {
			s = s[:57] + "..."
		}
		v = fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%s: %s (got %s)", e.Field, e.Rule, v)
}

// Violations returns every *ValidationError in err, in order.
func Violations(err error) []*ValidationError {
	var out []*ValidationError
	var walk func(error)
	walk = func(err error) {
		if err == nil {
			return
		}
		if v, ok := err.(*ValidationError); ok {
			out = append(out, v)
			return
		}
		switch u := err.(type) {
		case interface{ Unwrap() []error }:
			for _, e := range u.Unwrap() {
				walk(e)
			}
		case interface{ Unwrap() error }:
			walk(u.Unwrap())
		}
	}
	walk(err)
	return out
}

// checks collects violations while a request is validated.
type checks []error

func (c *checks) add(field, rule string, value any) {
	*c = append(*c, &ValidationError{Field: field, Rule: rule, Value: value})
}

// err returns the violations joined, or nil.
func (c checks) err() error { return errors.Join(c...) }

// maxLen flags a string longer than n characters (runes, as users count).
func (c *checks) maxLen(field, s string, n int) {
	if l := len([]rune(s)); l > n {
		c.add(field, fmt.Sprintf("at most %d characters", n), fmt.Sprintf("%d characters", l))
	}
}

// oneOf flags a value outside allowed; the empty string means unset.
func (c *checks) oneOf(field, v string, allowed ...string) {
	if v == "" {
		return
	}
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	c.add(field, "must be one of "+strings.Join(allowed, ", "), v)
}

// required flags a missing required field.
func (c *checks) required(field string, present bool) {
	if !present {
		c.add(field, "is required", nil)
	}
}
