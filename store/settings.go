package store

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/internal/wrongtype"
	"atelier/store/price"
)

// Settings is what config.toml holds. It never holds a key: a credential
// header is refused, since keys belong in the keyring.
type Settings struct {
	BaseURL string                       `toml:"base_url,omitempty"`
	Theme   string                       `toml:"theme,omitempty"` // auto (default), dark or light
	Models  Models                       `toml:"models,omitempty"`
	Headers map[string]map[string]string `toml:"headers,omitempty"` // group → header → value
	Output  Output                       `toml:"output,omitempty"`
	Limits  Limits                       `toml:"limits,omitempty"`
	Prices  price.Table                  `toml:"prices,omitempty"` // decoded and checked by store/price
	Budget  price.Budget                 `toml:"budget,omitempty"`
	Arena   Arena                        `toml:"arena,omitempty"`
	Notify  Notify                       `toml:"notify,omitempty"`
}

// Notify is how the end of a video task is told beyond the status line:
// a desktop notification where the terminal is known to show
// one, a terminal bell otherwise. Both are on unless set false.
type Notify struct {
	Desktop *bool `toml:"desktop,omitempty"`
	Bell    *bool `toml:"bell,omitempty"`
}

// DesktopOn reports whether desktop notifications are wanted.
func (n Notify) DesktopOn() bool { return n.Desktop == nil || *n.Desktop }

// BellOn reports whether the bell rings where no notification shows.
func (n Notify) BellOn() bool { return n.Bell == nil || *n.Bell }

// Toggled is n with the switch named ("desktop" or "bell") flipped.
func (n Notify) Toggled(name string) Notify {
	switch name {
	case "desktop":
		on := !n.DesktopOn()
		n.Desktop = &on
	case "bell":
		on := !n.BellOn()
		n.Bell = &on
	}
	return n
}

// Arena are the arena's defaults.
type Arena struct {
	// Blind makes a new comparison (Compare, and Image's side-by-side run)
	// start blind: the targets shown as A, B… until the vote.
	Blind bool `toml:"blind,omitempty"`
	// Judge is the chat target (FAMILY:MODEL[:key=value,...]) that grades
	// batch files' rubric checks naming no judge, picks winners in
	// Compare and is calibrated against the blind votes.
	Judge string `toml:"judge,omitempty"`
}

// Models are the default model of each family; empty means atelier's own
// default.
type Models struct {
	Alpha string `toml:"alpha,omitempty"`
	Beta  string `toml:"beta,omitempty"`
	Gamma string `toml:"gamma,omitempty"`
	Image string `toml:"image,omitempty"`
	Video string `toml:"video,omitempty"` // a video endpoint, e.g. videob/o3/pro/text-to-video
}

// Output are the folders where results are copied for the person; empty
// means the current directory. A leading ~/ is the home folder.
type Output struct {
	Images string `toml:"images,omitempty"`
	Videos string `toml:"videos,omitempty"`
}

// Limits change two of atelier's budgets (package limits); empty means the
// default.
type Limits struct {
	ReplyText   string `toml:"reply_text,omitempty"`   // reply text kept per turn, e.g. "8MiB"
	IdleTimeout string `toml:"idle_timeout,omitempty"` // a stream with no content for this long ends, e.g. "2m"
}

// ReplyTextBytes returns the reply text kept per turn.
func (l Limits) ReplyTextBytes() int64 {
	if n, err := limits.ParseSize(l.ReplyText); err == nil && l.ReplyText != "" {
		return n
	}
	return limits.ReplyText
}

// Idle returns how long a quiet stream is waited for.
func (l Limits) Idle() time.Duration {
	if d, err := time.ParseDuration(l.IdleTimeout); err == nil && l.IdleTimeout != "" {
		return d
	}
	return limits.IdleTimeout
}

// validate checks the limits against their bounds.
func (l Limits) validate(bad func(key, format string, args ...any)) {
	if l.ReplyText != "" {
		n, err := limits.ParseSize(l.ReplyText)
		switch {
		case err != nil:
			bad("limits.reply_text", "%v", err)
		case n < limits.ReplyTextMin || n > limits.ReplyTextMax:
			bad("limits.reply_text", "%s is outside %s to %s", limits.Size(n), limits.Size(limits.ReplyTextMin), limits.Size(limits.ReplyTextMax))
		}
	}
	if l.IdleTimeout != "" {
		d, err := time.ParseDuration(l.IdleTimeout)
		switch {
		case err != nil:
			bad("limits.idle_timeout", "%q is not a duration such as 2m or 90s", l.IdleTimeout)
		case d < limits.IdleTimeoutMin || d > limits.IdleTimeoutMax:
			bad("limits.idle_timeout", "%s is outside %s to %s", d, limits.IdleTimeoutMin, limits.IdleTimeoutMax)
		}
	}
}

// Themes are the allowed values of theme.
var Themes = []string{"auto", "dark", "light"}

// DefaultSettings returns the settings used when there is no config file.
func DefaultSettings() *Settings { return &Settings{Theme: "auto"} }

// DefaultConfigPath returns $XDG_CONFIG_HOME/atelier/config.toml, else
// ~/.config/atelier/config.toml.
func DefaultConfigPath() (string, error) {
	if d := os.Getenv("XDG_CONFIG_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "atelier", "config.toml"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("config file: %w", err)
	}
	return filepath.Join(home, ".config", "atelier", "config.toml"), nil
}

// SettingsError is one problem in the config file, at a line.
type SettingsError struct {
	Path string
	Line int    // 1-based; 0 when the problem has no line
	Key  string // dotted key, e.g. headers.alpha.Authorization
	Msg  string
}

// Error reads "PATH:LINE: KEY: MSG", as compilers print it.
func (e *SettingsError) Error() string {
	s := e.Path
	if e.Line > 0 {
		s += fmt.Sprintf(":%d", e.Line)
	}
	if e.Key != "" {
		s += ": " + e.Key
	}
	return s + ": " + e.Msg
}

// LoadSettings reads a config file. A missing file gives the defaults. An
// unknown key, a value of the wrong type or an invalid value is an error
// naming its line; all such problems are reported together.
func LoadSettings(path string) (*Settings, error) {
	data, err := limits.ReadFile(path, limits.Config, "config.toml")
	if errors.Is(err, os.ErrNotExist) {
		return DefaultSettings(), nil
	}
	if err != nil {
		return nil, fmt.Errorf("read settings: %w", err)
	}
	return parseSettings(path, data)
}

// parseSettings reads the settings in data, the contents of the file at
// path (which its errors name).
func parseSettings(path string, data []byte) (*Settings, error) {
	s := DefaultSettings()
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(s); err != nil {
		return nil, decodeErr(path, err)
	}
	if s.Theme == "" {
		s.Theme = "auto"
	}
	if errs := s.validate(); len(errs) > 0 {
		lines := keyLines(data)
		joined := make([]error, len(errs))
		for i, e := range errs {
			e.Path, e.Line = path, lines[e.Key]
			joined[i] = e
		}
		return nil, errors.Join(joined...)
	}
	return s, nil
}

// decodeErr turns go-toml's errors into SettingsErrors with their lines.
func decodeErr(path string, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		errs := make([]error, len(strict.Errors))
		for i, e := range strict.Errors {
			line, _ := e.Position()
			errs[i] = &SettingsError{Path: path, Line: line, Key: strings.Join(e.Key(), "."), Msg: "unknown key"}
		}
		return errors.Join(errs...)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		msg := wrongtype.TOML(strings.TrimPrefix(de.Error(), "toml: "), settingsTypes)
		return &SettingsError{Path: path, Line: line, Key: strings.Join(de.Key(), "."), Msg: msg}
	}
	return &SettingsError{Path: path, Msg: err.Error()}
}

// settingsTypes are config.toml's own tables in words, for a value of the
// wrong type (wrongtype.TOML).
var settingsTypes = map[string]string{
	"store.Models": "a table", "store.Output": "a table", "store.Limits": "a table",
	"store.Arena": "a table", "store.Notify": "a table",
}

// credentialHeaders are refused in headers: keys live in the keyring.
var credentialHeaders = []string{"authorization", "proxy-authorization", "x-api-key", "x-beta-api-key"}

// Problems are what SaveSettings would refuse in s, each at its dotted
// key (without a path or line): the Settings tab checks a value as it is
// typed with the rules it is saved by.
func (s *Settings) Problems() []*SettingsError { return s.validate() }

// validate checks values the types do not, keyed by dotted key.
func (s *Settings) validate() []*SettingsError {
	var errs []*SettingsError
	bad := func(key, format string, args ...any) {
		errs = append(errs, &SettingsError{Key: key, Msg: fmt.Sprintf(format, args...)})
	}
	if s.BaseURL != "" {
		u, err := url.Parse(s.BaseURL)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("base_url", "%q is not an http or https URL", s.BaseURL)
		}
	}
	if !slices.Contains(Themes, s.Theme) {
		bad("theme", "%q is not one of %s", s.Theme, strings.Join(Themes, ", "))
	}
	if s.Arena.Judge != "" {
		if _, err := client.ParseChatTarget(s.Arena.Judge); err != nil {
			bad("arena.judge", "%v (a chat target: FAMILY:MODEL[:key=value,...])", err)
		}
	}
	s.Limits.validate(bad)
	price.Validate(s.Prices, s.Budget, bad)
	groups := make([]string, 0, len(s.Headers))
	for g := range s.Headers {
		groups = append(groups, g)
	}
	sort.Strings(groups)
	for _, g := range groups {
		if _, err := client.ParseGroup(g); err != nil || g != strings.ToLower(g) {
			bad("headers."+g, "unknown group: use alpha, beta, gamma or queue")
			continue
		}
		names := make([]string, 0, len(s.Headers[g]))
		for name := range s.Headers[g] {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			key := "headers." + g + "." + name
			switch {
			case !validHeaderName(name):
				bad(key, "not a valid header name")
			case slices.Contains(credentialHeaders, strings.ToLower(name)):
				bad(key, "credentials do not belong in the config file: store the key with `atelier keys set %s` (it goes to the keyring) or set %s", g, client.Group(g).EnvVar())
			case strings.ContainsAny(s.Headers[g][name], "\r\n\x00"):
				bad(key, "the value holds a line break or NUL")
			}
		}
	}
	return errs
}

// validHeaderName reports whether name is an HTTP token.
func validHeaderName(name string) bool {
	if name == "" {
		return false
	}
	for _, c := range []byte(name) {
		ok := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
		if !ok {
			return false
		}
	}
	return true
}

// SaveSettings validates s and writes it to path atomically (a temporary
// file renamed over the old one), creating the folder.
func SaveSettings(path string, s *Settings) error {
	if errs := s.validate(); len(errs) > 0 {
		joined := make([]error, len(errs))
		for i, e := range errs {
			e.Path = path
			joined[i] = e
		}
		return errors.Join(joined...)
	}
	b, err := toml.Marshal(s)
	if err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if err := writeFileAtomic(path, b); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	return nil
}
