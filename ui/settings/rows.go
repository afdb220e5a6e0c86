package settings

import (
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"atelier/client"
	"atelier/store"
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
	outputRow // a media folder
)

// row is one line of the list the cursor moves over.
type row struct {
	kind  kind
	group store.Group // keyRow, headerRow, addHeaderRow
	field string      // the family (modelRow), folder (outputRow) or header name
}

// families are the default models Settings edits, in display order.
var families = []string{"alpha", "beta", "gamma", "image", "video"}

// folders are the media folders Settings edits.
var folders = []string{"images", "videos"}

// rows lists every row for the settings cfg, in display order.
func rows(cfg *store.Settings) []row {
	rs := []row{{kind: baseURLRow}}
	for _, g := range store.Groups {
		rs = append(rs, row{kind: keyRow, group: g})
	}
	for _, f := range families {
		rs = append(rs, row{kind: modelRow, field: f})
	}
	for _, g := range store.Groups {
		for _, name := range slices.Sorted(maps.Keys(cfg.Headers[string(g)])) {
			rs = append(rs, row{kind: headerRow, group: g, field: name})
		}
		rs = append(rs, row{kind: addHeaderRow, group: g})
	}
	rs = append(rs, row{kind: themeRow})
	for _, f := range folders {
		rs = append(rs, row{kind: outputRow, field: f})
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
	case outputRow:
		return *outputField(&cfg.Output, r.field)
	}
	return ""
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
	}
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
func withoutHeader(cfg store.Settings, g store.Group, name string) store.Settings {
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
// that is not loopback, which every request would refuse (issue 19, bug 9:
// it was saved and failed only on send).
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
	}
	return "settings"
}
