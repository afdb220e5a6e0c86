package arena

import (
	"strings"
	"time"

	"atelier/store"
	filterform "atelier/ui/components/filter"
)

// The filter form's fields, in order: the form is the one History has
// too (ui/components/filter).
const (
	tagField = iota
	familyField
	sinceField
	raterField
)

// newForm is the board's filter form: a tag (as stored), a family (the
// groups suggested), a since (a date, a duration or days ago), a rater
// (me, or a colleague's name as imported).
func newForm() filterform.Model {
	return filterform.New(
		filterform.Field{Name: "tag", Any: "any tag", Check: func(s string) error {
			_, err := store.NormalizeTag(s)
			return err
		}},
		filterform.Field{Name: "family", Any: "any family", Choices: []string{"alpha", "beta", "gamma", "videoa", "videob", "videoc3.1"}},
		filterform.Field{Name: "since", Any: "any time", Choices: filterform.SinceChoices, Check: filterform.CheckSince},
		filterform.Field{Name: "rater", Any: "anyone", Choices: []string{store.RaterMe}, Check: checkRater},
	)
}

// applied is the filter the form's values make, the tag as stored.
func applied(f filterform.Model) filter {
	v := f.Values()
	tag, _ := store.NormalizeTag(v[tagField]) // checked when applied
	if strings.TrimSpace(v[tagField]) == "" {
		tag = ""
	}
	return filter{tag: tag, family: v[familyField], since: v[sinceField], rater: v[raterField]}
}

// kindsWidth is the room the boards' names take before the fields.
const kindsWidth = 22

// sinceTime is since counted back from now; zero when it is empty.
func sinceTime(since string, now time.Time) time.Time {
	if since == "" {
		return time.Time{}
	}
	t, _ := filterform.Since(since, now) // checked when applied
	return t
}
