package ui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"

	"atelier/ui/arena"
	"atelier/ui/batch"
	"atelier/ui/chat"
	"atelier/ui/compare"
	"atelier/ui/components/keys"
	"atelier/ui/history"
	imagetab "atelier/ui/image"
	"atelier/ui/settings"
	"atelier/ui/tab"
	"atelier/ui/video"
)

// The key-grammar test (issue 30) walks the registry whole: the shell's
// groups and every tab's key map in every one of its modes, and holds it
// to the grammar README's key table states.

var updateKeyTable = flag.Bool("update-keys", false, "rewrite README's key table from the registry")

// tabModes are each tab's modes, by tab.
var tabModes = [tab.Count]func() []tab.Help{
	tab.Chat: chat.KeyModes, tab.Compare: compare.KeyModes, tab.Image: imagetab.KeyModes,
	tab.Video: video.KeyModes, tab.History: history.KeyModes, tab.Settings: settings.KeyModes,
	tab.Arena: arena.KeyModes, tab.Batch: batch.KeyModes,
}

// once reports each message once, however many modes show the fault.
type once map[string]bool

func (o once) errorf(t *testing.T, format string, args ...any) {
	t.Helper()
	if msg := fmt.Sprintf(format, args...); !o[msg] {
		o[msg] = true
		t.Error(msg)
	}
}

// place is one binding where it is: the tab's title ("" for the shell's
// own), the group's title, and the mode it was seen in.
type place struct {
	where, group string
	mode         int
	b            key.Binding
}

// walk is every binding of the registry in every mode: the shell's groups
// once (mode -1), then each tab's.
func walk(t *testing.T) []place {
	t.Helper()
	var out []place
	for _, g := range defaultKeyMap().groups(true) {
		for _, b := range g.Keys {
			out = append(out, place{"", g.Title, -1, b})
		}
	}
	for id, modes := range tabModes {
		if modes == nil {
			t.Fatalf("tab %s has no modes to walk", titles[id])
		}
		for i, h := range modes() {
			for _, g := range h.Groups {
				for _, b := range g.Keys {
					out = append(out, place{titles[id], g.Title, i, b})
				}
			}
		}
	}
	return out
}

// TestEveryModeHasLiveKeys: each mode of each tab says which of its groups
// act now; the palette offers those, and a bare digit reaches the tab only
// through them.
func TestEveryModeHasLiveKeys(t *testing.T) {
	for id, modes := range tabModes {
		for i, h := range modes() {
			if len(h.Live()) == 0 {
				t.Errorf("%s, mode %d: no live group", titles[id], i)
			}
			if len(h.Groups) > 0 && !h.Groups[0].Live {
				t.Errorf("%s, mode %d: the first group of the help (%s) is not one that acts now", titles[id], i, h.Groups[0].Title)
			}
		}
	}
}

// TestNoKeyBoundTwice: in no mode of any tab does one key do two things:
// among the tab's live groups and the shell's, a key is one binding (the
// same binding may be listed in two groups).
func TestNoKeyBoundTwice(t *testing.T) {
	var global []key.Binding
	for _, g := range defaultKeyMap().groups(false) {
		if g.Live {
			global = append(global, g.Keys...)
		}
	}
	for id, modes := range tabModes {
		for i, h := range modes() {
			by := map[string]key.Binding{}
			for _, b := range append(slices.Clone(global), h.Live()...) {
				if !b.Enabled() {
					continue
				}
				for _, k := range b.Keys() {
					if was, ok := by[k]; ok && !sameBinding(was, b) {
						t.Errorf("%s, mode %d: %q is %q and %q", titles[id], i, k, was.Help().Desc, b.Help().Desc)
					}
					by[k] = b
				}
			}
		}
	}
}

func sameBinding(a, b key.Binding) bool {
	return slices.Equal(a.Keys(), b.Keys()) && a.Help() == b.Help()
}

// TestEveryBoundKeyInTheHelp: every binding has a key and words in the
// help, its label names every key it acts on, and each key is one Bubble
// Tea can send (the palette presses it).
func TestEveryBoundKeyInTheHelp(t *testing.T) {
	seen := once{}
	for _, p := range walk(t) {
		h := p.b.Help()
		if !p.b.Enabled() {
			continue
		}
		if h.Key == "" || h.Desc == "" {
			seen.errorf(t, "%s · %s: a binding of %q without help", p.where, p.group, p.b.Keys())
			continue
		}
		for _, k := range p.b.Keys() {
			if !keys.Covers(h.Key, k) {
				seen.errorf(t, "%s · %s: %q (%s) acts on %q too, which its label does not show", p.where, p.group, h.Key, h.Desc, k)
			}
			if press, ok := keys.Press(k); !ok || press.String() != k {
				seen.errorf(t, "%s · %s: %q is no key", p.where, p.group, k)
			}
		}
	}
}

// verb is one thing done, by its words, and what it is bound to.
type verb struct {
	desc, label string
	keys        []string
	where       []string // the places it is found in, in order
}

// verbs are the registry's bindings by their words, in the order first
// seen; a verb seen with two labels or key sets is an error.
func verbs(t *testing.T) []*verb {
	t.Helper()
	var out []*verb
	by := map[string]*verb{}
	seen := once{}
	for _, p := range walk(t) {
		if !p.b.Enabled() {
			continue
		}
		h := p.b.Help()
		v, ok := by[h.Desc]
		if !ok {
			v = &verb{desc: h.Desc, label: h.Key, keys: p.b.Keys()}
			by[h.Desc] = v
			out = append(out, v)
		}
		if v.label != h.Key || !sameKeys(p.b, key.NewBinding(key.WithKeys(v.keys...))) {
			seen.errorf(t, "%q is %s (%q) in %s · %s, %s (%q) before", h.Desc, h.Key, p.b.Keys(), where(p), p.group, v.label, v.keys)
		}
		if w := where(p); !slices.Contains(v.where, w) {
			v.where = append(v.where, w)
		}
	}
	return out
}

// where names a place as README's table does: a tab, the help, or
// everywhere.
func where(p place) string {
	switch {
	case p.where != "":
		return p.where
	case p.group == coverKeys:
		return "help"
	}
	return "everywhere"
}

// TestOneVerbOneKey: the same words are the same keys in every tab and
// mode (issue 30: withdraw was W in Compare and Video, w in Image).
func TestOneVerbOneKey(t *testing.T) { verbs(t) }

// shared are the verbs README's table holds: those of more than one
// place, those of the shell, and the grammar's own.
func shared(vs []*verb) []*verb {
	var grammar []string
	for _, b := range keys.Shared() {
		grammar = append(grammar, b.Help().Desc)
	}
	var out []*verb
	for _, v := range vs {
		if len(v.where) > 1 || slices.Contains(v.where, "everywhere") || slices.Contains(grammar, v.desc) {
			out = append(out, v)
		}
	}
	return out
}

// The README's key table lies between these lines.
const (
	tableStart = "<!-- key table: TestREADMEKeyTable; go test ./ui -run KeyTable -update-keys rewrites it -->"
	tableEnd   = "<!-- end of the key table -->"
)

// keyTable is README's table for the verbs: verb, key, where.
func keyTable(vs []*verb) string {
	var b strings.Builder
	b.WriteString("| verb | key | where |\n|---|---|---|\n")
	for _, v := range vs {
		places := strings.Join(v.where, ", ")
		if len(v.where) == int(tab.Count) {
			places = "every tab"
		}
		fmt.Fprintf(&b, "| %s | `%s` | %s |\n", v.desc, strings.ReplaceAll(v.label, "|", `\|`), places)
	}
	return b.String()
}

// TestREADMEKeyTable: README's key table is the registry's: every verb
// found in more than one place (or the shell's, or the grammar's own), on
// the key the registry binds it to, in the places it is found. A verb
// moved to another key in the code, or in the README, fails here.
func TestREADMEKeyTable(t *testing.T) {
	path := filepath.Join("..", "README.md")
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(raw)
	i, j := strings.Index(readme, tableStart), strings.Index(readme, tableEnd)
	if i < 0 || j < i {
		t.Fatalf("README has no key table between %q and %q", tableStart, tableEnd)
	}
	want := keyTable(shared(verbs(t)))
	got := strings.TrimPrefix(readme[i+len(tableStart):j], "\n")
	if got == want {
		return
	}
	if *updateKeyTable {
		if err := os.WriteFile(path, []byte(readme[:i+len(tableStart)]+"\n"+want+readme[j:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	wantRows, gotRows := strings.Split(want, "\n"), strings.Split(got, "\n")
	for _, r := range wantRows {
		if !slices.Contains(gotRows, r) {
			t.Errorf("README's key table lacks %s", r)
		}
	}
	for _, r := range gotRows {
		if !slices.Contains(wantRows, r) {
			t.Errorf("README's key table has %s, which the registry does not", r)
		}
	}
}

// TestEveryListMovesAlike: where the keys that act move a cursor up a
// list (the grammar's up: ↑/k), they move it a page with pgup/pgdn and to
// either end with g/G/home/end too (issue 30: Chat's conversation list
// ignored g and G).
func TestEveryListMovesAlike(t *testing.T) {
	seen := once{}
	up := keys.Up()
	for id, modes := range tabModes {
		for _, h := range modes() {
			live := h.Live()
			if !slices.ContainsFunc(live, func(b key.Binding) bool { return sameBinding(b, up) }) {
				continue
			}
			for _, k := range []string{"j", "down", "pgup", "pgdown", "g", "home", "G", "end"} {
				if !binds(live, k) {
					seen.errorf(t, "%s, %s: a list without %q", titles[id], strings.Join(liveTitles(h), ", "), k)
				}
			}
		}
	}
}

func binds(bs []key.Binding, k string) bool {
	for _, b := range bs {
		if slices.Contains(b.Keys(), k) && b.Enabled() {
			return true
		}
	}
	return false
}

// TestEscGoesBack: in every mode below a tab's top (its first mode, and
// the modes sharing a live group with it), esc does something: one level
// back, a question answered no, a stream stopped.
func TestEscGoesBack(t *testing.T) {
	for id, modes := range tabModes {
		all := modes()
		top := liveTitles(all[0])
		for i, h := range all[1:] {
			live := liveTitles(h)
			if slices.ContainsFunc(live, func(s string) bool { return slices.Contains(top, s) }) {
				continue
			}
			if !binds(h.Live(), "esc") {
				t.Errorf("%s, mode %d (%s): esc does nothing", titles[id], i+1, strings.Join(live, ", "))
			}
		}
	}
}

func liveTitles(h tab.Help) []string {
	var out []string
	for _, g := range h.Groups {
		if g.Live {
			out = append(out, g.Title)
		}
	}
	return out
}

// TestTabsBindNoShellKey: no tab binds a key the shell takes first, in any
// group: it would never reach the tab.
func TestTabsBindNoShellKey(t *testing.T) {
	km := defaultKeyMap()
	shell := [][]string{km.Jump.Keys(), km.Next.Keys(), km.Prev.Keys(), km.Help.Keys(), km.Palette.Keys(), km.Log.Keys(), km.Quit.Keys()}
	for _, p := range walk(t) {
		if p.where == "" {
			continue
		}
		for _, k := range p.b.Keys() {
			if slices.ContainsFunc(shell, func(ks []string) bool { return slices.Contains(ks, k) }) {
				t.Errorf("%s · %s binds %q, the shell's", p.where, p.group, k)
			}
		}
	}
}
