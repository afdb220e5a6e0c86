package settings

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"atelier/client"
	"atelier/store"
	"atelier/store/price"
)

// kind is what a row of the list edits.
type kind int

const (
	baseURLRow   kind = iota
	keyRow            // a group's key: set in the keyring, never shown
	modelRow          // a family's default model
	headerRow         // one extra header of a group
	addHeaderRow      // the place to add a header to a group
	themeRow
	outputRow   // a media folder
	priceRow    // one entry of [prices]: a model or pattern and its rates
	addPriceRow // the place to add a price
	budgetRow   // [budget] run or day
	blindRow    // [arena] blind: new comparisons start blind
	judgeRow    // [arena] judge: the judge target
	notifyRow   // [notify] desktop or bell: how a video task's end is told
)

// row is one line of the list the cursor moves over.
type row struct {
	kind  kind
	group client.Group // keyRow, headerRow, addHeaderRow
	field string       // the family (modelRow), folder (outputRow), header name, price pattern or budget ("run", "day")
}

// families are the default models Settings edits, in display order.
var families = []string{"alpha", "beta", "gamma", "image", "video"}

// folders are the media folders Settings edits.
var folders = []string{"images", "videos"}

// alerts are the switches of [notify], in display order.
var alerts = []string{"desktop", "bell"}

// budgets are the limits of [budget], in display order.
var budgets = []string{"run", "day"}

// rows lists every row for the settings cfg, in display order.
func rows(cfg *store.Settings) []row {
	rs := []row{{kind: baseURLRow}}
	for _, g := range client.Groups {
		rs = append(rs, row{kind: keyRow, group: g})
	}
	for _, f := range families {
		rs = append(rs, row{kind: modelRow, field: f})
	}
	for _, g := range client.Groups {
		for _, name := range slices.Sorted(maps.Keys(cfg.Headers[string(g)])) {
			rs = append(rs, row{kind: headerRow, group: g, field: name})
		}
		rs = append(rs, row{kind: addHeaderRow, group: g})
	}
	rs = append(rs, row{kind: themeRow})
	for _, f := range folders {
		rs = append(rs, row{kind: outputRow, field: f})
	}
	for _, p := range slices.Sorted(maps.Keys(cfg.Prices)) {
		rs = append(rs, row{kind: priceRow, field: p})
	}
	rs = append(rs, row{kind: addPriceRow})
	for _, b := range budgets {
		rs = append(rs, row{kind: budgetRow, field: b})
	}
	rs = append(rs, row{kind: blindRow}, row{kind: judgeRow})
	for _, a := range alerts {
		rs = append(rs, row{kind: notifyRow, field: a})
	}
	return rs
}

// section is the heading a row is listed under.
func (r row) section() string {
	switch r.kind {
	case baseURLRow:
		return "Service"
	case keyRow:
		return "Keys"
	case modelRow:
		return "Default models"
	case headerRow, addHeaderRow:
		return "Extra headers"
	case themeRow:
		return "Appearance"
	case priceRow, addPriceRow:
		return "Prices"
	case budgetRow:
		return "Budget"
	case blindRow, judgeRow:
		return "Arena"
	case notifyRow:
		return "Notifications"
	}
	return "Media folders"
}

// text is the editable text of a row in cfg.
func (r row) text(cfg *store.Settings) string {
	switch r.kind {
	case baseURLRow:
		return cfg.BaseURL
	case modelRow:
		return *modelField(&cfg.Models, r.field)
	case headerRow:
		return r.field + ": " + cfg.Headers[string(r.group)][r.field]
	case themeRow:
		return cfg.Theme
	case judgeRow:
		return cfg.Arena.Judge
	case outputRow:
		return *outputField(&cfg.Output, r.field)
	case budgetRow:
		if v := *budgetField(&cfg.Budget, r.field); v != nil {
			return strconv.FormatFloat(*v, 'f', -1, 64)
		}
	}
	return ""
}

func budgetField(b *price.Budget, which string) **float64 {
	if which == "run" {
		return &b.Run
	}
	return &b.Day
}

func modelField(m *store.Models, family string) *string {
	switch family {
	case "alpha":
		return &m.Alpha
	case "beta":
		return &m.Beta
	case "gamma":
		return &m.Gamma
	case "image":
		return &m.Image
	}
	return &m.Video
}

func outputField(o *store.Output, folder string) *string {
	if folder == "images" {
		return &o.Images
	}
	return &o.Videos
}

// with returns a copy of cfg with row r set to v, or why v is refused. cfg
// itself is not changed: the copy goes to a command that saves it. secure
// refuses plain http:// to a host that is not loopback.
func with(cfg store.Settings, r row, v string, secure bool) (store.Settings, error) {
	v = strings.TrimSpace(v)
	switch r.kind {
	case baseURLRow:
		if err := checkBaseURL(v, secure); err != nil {
			return cfg, err
		}
		cfg.BaseURL = v
	case modelRow:
		*modelField(&cfg.Models, r.field) = v
	case outputRow:
		*outputField(&cfg.Output, r.field) = v
	case headerRow, addHeaderRow:
		return withHeader(cfg, r, v)
	case budgetRow:
		return withBudget(cfg, r.field, v)
	case judgeRow:
		cfg.Arena.Judge = v // whether it is a chat target is the store's rule, checked as it is typed
	}
	return cfg, nil
}

// withBudget sets one limit of [budget]; empty removes it. Whether the
// number is a budget is price.Validate's to say, when the settings are
// saved.
func withBudget(cfg store.Settings, which, v string) (store.Settings, error) {
	var n *float64
	if v != "" {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return cfg, fmt.Errorf("budget.%s: %q is not a number (write it as 2.50; empty: no limit)", which, v)
		}
		n = &f
	}
	*budgetField(&cfg.Budget, which) = n
	return cfg, nil
}

// withHeader sets a header written "Name: value"; editing a header's name
// replaces the old one.
func withHeader(cfg store.Settings, r row, v string) (store.Settings, error) {
	name, value, ok := strings.Cut(v, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" {
		return cfg, errors.New("write the header as Name: value")
	}
	cfg.Headers = cloneHeaders(cfg.Headers)
	g := string(r.group)
	hs := maps.Clone(cfg.Headers[g])
	if hs == nil {
		hs = map[string]string{}
	}
	if r.kind == headerRow {
		delete(hs, r.field)
	}
	hs[name] = value
	cfg.Headers[g] = hs
	return cfg, nil
}

// withoutHeader returns a copy of cfg without one header.
func withoutHeader(cfg store.Settings, g client.Group, name string) store.Settings {
	cfg.Headers = cloneHeaders(cfg.Headers)
	hs := maps.Clone(cfg.Headers[string(g)])
	delete(hs, name)
	if len(hs) == 0 {
		delete(cfg.Headers, string(g))
	} else {
		cfg.Headers[string(g)] = hs
	}
	return cfg
}

// nextTheme returns a copy of cfg with the theme after the current one.
func nextTheme(cfg store.Settings) store.Settings {
	i := slices.Index(store.Themes, cfg.Theme)
	cfg.Theme = store.Themes[(i+1)%len(store.Themes)]
	return cfg
}

func cloneHeaders(h map[string]map[string]string) map[string]map[string]string {
	c := make(map[string]map[string]string, len(h))
	for g, hs := range h {
		c[g] = maps.Clone(hs)
	}
	return c
}

// checkBaseURL accepts an empty URL (no service) or an http(s) URL with a
// host, as the config file does; with secure, not plain http:// to a host
// that is not loopback, which every request would refuse (rather than
// saved, to fail only on send).
func checkBaseURL(v string, secure bool) error {
	if v == "" {
		return nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is not an http or https URL (like https://api.example.com)", v)
	}
	if secure && client.Cleartext(u) {
		return fmt.Errorf("plain http:// to %s would send the keys in the clear: use https://, or start atelier with --insecure", u.Hostname())
	}
	return nil
}

// label names what a row sets, for the status bar.
func label(r row) string {
	switch r.kind {
	case baseURLRow:
		return "base URL"
	case modelRow:
		return "default " + r.field + " model"
	case headerRow, addHeaderRow:
		return string(r.group) + " header"
	case outputRow:
		return r.field + " folder"
	case budgetRow:
		return "budget per " + r.field
	}
	return "settings"
}

// notifyOn reports whether the [notify] switch named is on in cfg.
func notifyOn(cfg *store.Settings, name string) bool {
	if name == "bell" {
		return cfg.Notify.BellOn()
	}
	return cfg.Notify.DesktopOn()
}

// toggledBlind returns a copy of cfg with [arena] blind flipped.
func toggledBlind(cfg store.Settings) store.Settings {
	cfg.Arena.Blind = !cfg.Arena.Blind
	return cfg
}

// withPrice returns a copy of cfg whose [prices] has rate under pattern,
// and no longer the entry was (the pattern it had when opened; "" for a
// new one), so renaming an entry moves it.
func withPrice(cfg store.Settings, was, pattern string, rate price.Rate) store.Settings {
	cfg.Prices = maps.Clone(cfg.Prices)
	if cfg.Prices == nil {
		cfg.Prices = price.Table{}
	}
	delete(cfg.Prices, was)
	cfg.Prices[pattern] = rate
	return cfg
}

// withoutPrice returns a copy of cfg without the price of pattern.
func withoutPrice(cfg store.Settings, pattern string) store.Settings {
	cfg.Prices = maps.Clone(cfg.Prices)
	delete(cfg.Prices, pattern)
	if len(cfg.Prices) == 0 {
		cfg.Prices = nil
	}
	return cfg
}
