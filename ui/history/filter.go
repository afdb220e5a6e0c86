package history

import (
	"slices"
	"time"

	"atelier/store"
	"atelier/ui/components/filter"
)

// The filters, in the order the bar shows them.
const (
	kindFilter = iota
	familyFilter
	modelFilter
	statusFilter
	sinceFilter
	filterCount
)

var filterNames = [filterCount]string{"kind", "family", "model", "status", "since"}

// The values each filter suggests; "" is "all". Models are the ones seen
// in the list, since they change with the service.
var (
	kindChoices = []string{string(store.KindChat), string(store.KindCompare), string(store.KindImage), string(store.KindVideo),
		string(store.KindBatch)}
	familyChoices = []string{"alpha", "beta", "gamma", "videoa", "videob", "videoc3.1"}
	statusChoices = store.StatusWords // the one vocabulary, as the command line's
)

// filters are the choices the list is narrowed by, chosen in the filter
// form every filtered view has (ui/components/filter, the Arena's too).
type filters struct {
	form   filter.Model
	values [filterCount]string // as applied; "" is all
	models []string            // seen in the list, sorted
}

// newFilters is every filter at all, in a closed form.
func newFilters() filters {
	return filters{form: filter.New(
		filter.Field{Name: "kind", Any: "all", Choices: kindChoices, Only: true},
		filter.Field{Name: "family", Any: "all", Choices: familyChoices},
		filter.Field{Name: "model", Any: "all"},
		filter.Field{Name: "status", Any: "all", Choices: statusChoices, Only: true},
		filter.Field{Name: "since", Any: "any time", Choices: filter.SinceChoices, Check: filter.CheckSince},
	)}
}

// applied takes the values the form applied.
func (f filters) applied() filters {
	copy(f.values[:], f.form.Values())
	return f
}

// label is a filter's value as the bar shows it.
func (f filters) label(i int) string {
	switch {
	case f.values[i] != "":
		return f.values[i]
	case i == sinceFilter:
		return "any"
	}
	return "all"
}

// seen adds the models of rows to the model filter's suggestions.
func (f filters) seen(rows []row) filters {
	for _, r := range rows {
		if r.model == "" {
			continue
		}
		if i, found := slices.BinarySearch(f.models, r.model); !found {
			f.models = slices.Insert(slices.Clone(f.models), i, r.model)
			f.form.SetChoices("model", f.models)
		}
	}
	return f
}

// active reports whether any filter narrows the list.
func (f filters) active() bool { return f.values != [filterCount]string{} }

// since is the time the since filter counts back to from now; zero for
// any time.
func (f filters) since(now time.Time) time.Time {
	if f.values[sinceFilter] == "" {
		return time.Time{}
	}
	t, _ := filter.Since(f.values[sinceFilter], now) // checked when applied
	return t
}

// itemFilter is the store's filter for a page of the list before cursor c.
func (f filters) itemFilter(now time.Time, c *store.Cursor) store.ItemFilter {
	return store.ItemFilter{Kind: store.Kind(f.values[kindFilter]), Family: f.values[familyFilter],
		Model: f.values[modelFilter], Status: f.values[statusFilter], Limit: pageSize, Before: c, Since: f.since(now)}
}

// keep reports whether a search hit passes the filters. A hit knows its
// kind, target and time but not its status, so the status filter does not
// apply to searches; the bar says so.
func (f filters) keep(r row, now time.Time) bool {
	if v := f.values[familyFilter]; v != "" && r.family != v {
		return false
	}
	if v := f.values[modelFilter]; v != "" && r.model != v {
		return false
	}
	if since := f.since(now); !since.IsZero() && r.at.Before(since) {
		return false
	}
	return true
}

func wrap(i, n int) int { return ((i % n) + n) % n }
