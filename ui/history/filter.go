package history

import (
	"slices"
	"time"

	"atelier/store"
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

// The values each filter cycles through; "" is "all". Models are the ones
// seen in the list, since they change with the service.
var (
	kindChoices = []string{"", string(store.KindChat), string(store.KindCompare), string(store.KindImage), string(store.KindVideo),
		string(store.KindBatch)}
	familyChoices = []string{"", "alpha", "beta", "gamma", "videoa", "videob", "videoc3.1"}
	statusChoices = []string{"", store.StatusComplete, store.StatusInterrupted, store.StatusError, store.StatusRunning,
		store.BatchDone, store.BatchStopped, "failed", "COMPLETED", "IN_PROGRESS", "IN_QUEUE"}
	sinceChoices = []struct {
		label string
		ago   time.Duration
	}{{"any", 0}, {"24 h", 24 * time.Hour}, {"7 days", 7 * 24 * time.Hour},
		{"30 days", 30 * 24 * time.Hour}, {"1 year", 365 * 24 * time.Hour}}
)

// filters are the choices the list is narrowed by.
type filters struct {
	at     int // the filter under the cursor while choosing
	values [filterCount]string
	since  int      // index in sinceChoices
	models []string // seen in the list, sorted
}

// label is a filter's value as the bar shows it.
func (f filters) label(i int) string {
	switch {
	case i == sinceFilter:
		return sinceChoices[f.since].label
	case f.values[i] == "":
		return "all"
	}
	return f.values[i]
}

// choices are the values filter i cycles through.
func (f filters) choices(i int) []string {
	switch i {
	case kindFilter:
		return kindChoices
	case familyFilter:
		return familyChoices
	case modelFilter:
		return append([]string{""}, f.models...)
	case statusFilter:
		return statusChoices
	}
	return nil
}

// step moves the filter under the cursor n values on, wrapping around.
func (f filters) step(n int) filters {
	if f.at == sinceFilter {
		f.since = wrap(f.since+n, len(sinceChoices))
		return f
	}
	cs := f.choices(f.at)
	i := max(slices.Index(cs, f.values[f.at]), 0)
	f.values[f.at] = cs[wrap(i+n, len(cs))]
	return f
}

// reset sets the filter under the cursor back to all.
func (f filters) reset() filters {
	if f.at == sinceFilter {
		f.since = 0
	} else {
		f.values[f.at] = ""
	}
	return f
}

// seen adds the models of rows to the model choices.
func (f filters) seen(rows []row) filters {
	for _, r := range rows {
		if r.model == "" {
			continue
		}
		if i, found := slices.BinarySearch(f.models, r.model); !found {
			f.models = slices.Insert(slices.Clone(f.models), i, r.model)
		}
	}
	return f
}

// active reports whether any filter narrows the list.
func (f filters) active() bool { return f.values != [filterCount]string{} || f.since != 0 }

// itemFilter is the store's filter for a page of the list before cursor c.
func (f filters) itemFilter(now time.Time, c *store.Cursor) store.ItemFilter {
	q := store.ItemFilter{Kind: store.Kind(f.values[kindFilter]), Family: f.values[familyFilter],
		Model: f.values[modelFilter], Status: f.values[statusFilter], Limit: pageSize, Before: c}
	if ago := sinceChoices[f.since].ago; ago > 0 {
		q.Since = now.Add(-ago)
	}
	return q
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
	if ago := sinceChoices[f.since].ago; ago > 0 && r.at.Before(now.Add(-ago)) {
		return false
	}
	return true
}

func wrap(i, n int) int { return ((i % n) + n) % n }
