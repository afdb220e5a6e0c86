package settings

import (
	"cmp"
	"fmt"

	"atelier/client"
	"atelier/internal/termtext"
	"atelier/store"
	"atelier/store/keyring"
	"atelier/ui/components/form"
)

// The tab's rows are a form (ui/components/form) generated from the
// settings: a section heading, then a text or choice row per value,
// each named by its config.toml key, so the store's own validation names
// the row it refuses.

// path is the row's config.toml key, the form's name for it.
func (r row) path() string {
	switch r.kind {
	case baseURLRow:
		return "base_url"
	case keyRow:
		return "keys." + string(r.group) // not in config.toml: the keyring
	case modelRow:
		return "models." + r.field
	case headerRow:
		return "headers." + string(r.group) + "." + r.field
	case addHeaderRow:
		return "headers." + string(r.group) + ".+"
	case themeRow:
		return "theme"
	case outputRow:
		return "output." + r.field
	case priceRow:
		return "prices." + r.field
	case addPriceRow:
		return "prices.+"
	case budgetRow:
		return "budget." + r.field
	case judgeRow:
		return "arena.judge"
	case notifyRow:
		return "notify." + r.field
	}
	return "arena.blind"
}

// sectionDocs are what each section is for.
var sectionDocs = map[string]string{
	"Keys":           "one per group, kept in the OS keyring; never shown",
	"Default models": "empty: atelier's default",
	"Extra headers":  "sent with every request of the group; never credentials",
	"Prices":         "per model or pattern: per million tokens, per image, per video second",
	"Budget":         "a run or a day whose estimate passes it asks first",
	"Arena":          "Compare and Image's side-by-side runs, and the judge",
	"Notifications":  "how a video task's end is told beyond the status line",
}

// sheet is the settings as the rows show them: what the form is
// generated from.
type sheet struct {
	cfg    *store.Settings
	rows   []row
	status []keyring.KeyStatus // nil until loaded
	demo   bool
	over   override
}

// sheet is the tab's settings, key status and overrides, for the form.
func (m Model) sheet() sheet {
	return sheet{cfg: &m.cfg, rows: m.rows, status: m.status, demo: m.demo, over: m.over}
}

// spec is the form of the rows: a heading before each section.
func (m sheet) spec() []form.Field {
	var out []form.Field
	section := ""
	for i, r := range m.rows {
		if s := r.section(); s != section {
			out = append(out, form.Field{Name: "§" + s, Label: s, Kind: form.Object, Section: true, Doc: m.sectionDoc(s)})
			section = s
		}
		f := m.field(r)
		f.Name, f.Label = r.path(), m.rowLabel(i, r)
		out = append(out, f)
	}
	return out
}

// sectionDoc is what a section is for, or what the demo ignores there,
// or the keyring's problem.
func (m sheet) sectionDoc(s string) string {
	switch {
	case s == "Service" && m.demo:
		return "demo: the built-in simulator answers whatever is set here; a base URL saved here is used without --demo"
	case s != "Keys":
		return sectionDocs[s]
	case m.demo:
		return "demo: the simulator takes any key, so keys set here change nothing; they live in memory and are forgotten at exit"
	}
	for _, st := range m.status {
		if st.Problem != "" {
			return "! " + termtext.String(st.Problem)
		}
	}
	return sectionDocs[s]
}

// field is a row's kind of value, what it shows while empty and its rule.
func (m sheet) field(r row) form.Field {
	text := form.Field{Kind: form.String, Trim: true}
	switch r.kind {
	case baseURLRow:
		text.Placeholder, text.Empty = "https://api.example.com", "not set: enter one, or run with --demo"
		text.Doc = "the service: an https URL"
		if m.demo {
			text.Empty = "the built-in simulator (--demo)"
		}
		if m.over.from != "" && !m.demo { // the URL in use shows, as a key's source does
			text.Shown = m.over.url + " · from " + m.over.from
			text.Doc = "config.toml: " + termtext.String(cmp.Or(m.cfg.BaseURL, "none"))
		}
	case keyRow:
		text.Secret = true
		text.Placeholder = fmt.Sprintf("paste the %s key; enter stores it in the keyring", r.group)
		text.Shown, text.Doc = m.keyValue(r.group)
	case modelRow:
		text.Placeholder, text.Empty, text.Doc = "empty: atelier's default", "atelier's default", modelDocs[r.field]
	case headerRow:
		text.Doc = "Name: value · d removes it"
	case addHeaderRow:
		text.Placeholder, text.Shown = "Header-Name: value", "+ add header"
	case themeRow:
		return form.Field{Kind: form.String, Enum: store.Themes, NoUnset: true, Doc: "enter: auto → dark → light"}
	case outputRow:
		text.Placeholder, text.Empty = "empty: atelier's default", "the current folder"
		text.Doc = "results are copied here too; ~/ is your home"
	case priceRow:
		text.Shown, text.Doc = rateSummary(m.cfg.Prices[r.field]), "enter edits · d deletes"
	case addPriceRow:
		text.Shown = "+ add price"
	case budgetRow:
		text.Placeholder, text.Empty, text.Doc = "an amount above zero; empty: no limit", "no limit", budgetDocs[r.field]
	case blindRow, notifyRow:
		return form.Field{Kind: form.Boolean, NoUnset: true, Doc: switchDocs[r.path()]}
	case judgeRow:
		text.Placeholder, text.Empty = "FAMILY:MODEL[:key=value,...], as -t takes it", "none"
		text.Doc = "grades batch files' rubric checks, picks in Compare (J), calibrated by atelier judge calibrate"
	}
	return text
}

var modelDocs = map[string]string{
	"alpha": "messages protocol", "beta": "content-generation protocol", "gamma": "responses protocol",
	"image": "an image model", "video": "a video endpoint, e.g. videob/o3/pro/text-to-video",
}

// switchDocs are what each switch (a row enter toggles) does, by path.
var switchDocs = map[string]string{
	"arena.blind":    "new comparisons start blind · enter toggles",
	"notify.desktop": "when a video task ends, in terminals known to show one · enter toggles",
	"notify.bell":    "when a video task ends and no desktop notification shows · enter toggles",
}

var budgetDocs = map[string]string{
	"run": "one video task, multi-image request or comparison",
	"day": "today's spend plus the estimate",
}

// keyValue is whether a group's key is set and where from, and what
// enter does there.
func (m sheet) keyValue(g client.Group) (shown, doc string) {
	st, ok := keyStatus(m.status, g)
	switch {
	case !ok:
		return "checking…", ""
	case st.Source == keyring.SourceKeyring:
		return "● set · keyring", "enter replaces it · d deletes it"
	case st.Source == keyring.SourceMemory:
		return "● set · memory", "in memory only, forgotten at exit · enter replaces it · d deletes it"
	case st.Source == keyring.SourceEnvironment:
		return "● set · " + st.EnvVar, "environment; wins over the keyring"
	}
	return "○ unset · " + st.EnvVar, "enter to set it here, or set the variable"
}

// values are the rows' texts and choices, as the form loads them.
func (m sheet) values() map[string]any {
	out := map[string]any{}
	for _, r := range m.rows {
		switch r.kind {
		case themeRow:
			out[r.path()] = m.cfg.Theme
		case blindRow:
			out[r.path()] = m.cfg.Arena.Blind
		case notifyRow:
			out[r.path()] = notifyOn(m.cfg, r.field)
		case keyRow, addHeaderRow, priceRow, addPriceRow:
		default:
			out[r.path()] = r.text(m.cfg)
		}
	}
	return out
}

// rules check the row being typed as store.SaveSettings will: the
// settings with that row changed are validated by the store's own rules,
// each problem at the row. Browsing, nothing is typed: nothing to check.
func rules(cfg store.Settings, rs []row, secure bool) form.Rules {
	return func(f *form.Model) []form.Violation {
		r, ok := rowAt(rs, f.Path())
		if f.Browsing() || !ok || r.kind == keyRow {
			return nil
		}
		next, err := with(cfg, r, f.Value(f.Path()), secure)
		if err != nil {
			return []form.Violation{{Field: f.Path(), Text: err.Error()}}
		}
		var vs []form.Violation
		for _, e := range next.Problems() {
			vs = append(vs, form.Violation{Field: f.Path(), Text: e.Key + ": " + e.Msg})
		}
		return vs
	}
}

// rowAt is the row of a form path.
func rowAt(rs []row, path string) (row, bool) {
	for _, r := range rs {
		if r.path() == path {
			return r, true
		}
	}
	return row{}, false
}

// rebuild lays the form out again from the settings, the focus on the row
// of path where it still is (else the nearest place), browsing.
func (m *Model) rebuild(path string) {
	at := m.form.Index()
	m.rows = rows(&m.cfg)
	sh := m.sheet()
	f := form.New(sh.spec(), rules(m.cfg, m.rows, m.secure))
	f.WideValues = true // URLs, paths and headers; the rules beside them are short
	f.Browse()
	f, _ = f.Load(sh.values())
	f.Try() // only a row typed into can break a rule: its problem shows at once
	f.SetStyles(m.st.Form)
	f.SetSize(m.width, m.height)
	f.Goto(at)
	for i, p := range f.Paths() {
		if p == path {
			f.Goto(i)
		}
	}
	f.Browse()
	m.form = f
}
