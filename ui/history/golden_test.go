package history

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"atelier/ui/tab/tabtest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
)

// homeFixture is the fixture in ~/data, under a home folder of the
// test's own, so that paths on screen read ~/data/… wherever the temporary
// folder is.
func homeFixture(t *testing.T) *fixture {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("USERPROFILE", home)
	return newFixture(t, filepath.Join(home, "data"))
}

// TestGolden compares views with testdata/TestGolden/*.golden, drawn in
// 256 colours. Run `go test ./ui/history -run TestGolden -update` after a
// deliberate change, and look at the files (cat shows them in colour).
func TestGolden(t *testing.T) {
	// Media names carry the day and random letters, masked.
	f := homeFixture(t)
	cases := []struct {
		name string
		do   func(hs *harness)
	}{
		{"list", func(hs *harness) {}},
		{"list_light", func(hs *harness) { hs.m.SetDark(false) }},
		{"search", func(hs *harness) { hs.Keys("/").Type("lighthouse") }},
		{"filters", func(hs *harness) { hs.Keys("f", "down", "down", "down", "tab") }},
		{"confirm", func(hs *harness) { hs.Keys("j", "d") }},
		{"chat", func(hs *harness) { hs.to("haiku").Keys("enter", "t") }},
		{"compare", func(hs *harness) { hs.to("CRDT").Keys("enter") }},
		{"image", func(hs *harness) { hs.to("watercolor").Keys("enter") }},
		{"video", func(hs *harness) { hs.to("beam sweeps").Keys("enter") }},
		{"json", func(hs *harness) { hs.to("haiku").Keys("enter", "J") }},
		{"strip", func(hs *harness) { hs.to("watercolor").Keys("s") }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}, {200, 50}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				hs := newHarness(t, f.db, size[0], size[1])
				c.do(hs)
				hs.Send(tea.KeyPressMsg{}) // let background renderings land
				golden.RequireEqual(t, masked(tabtest.In256Colours(hs.m.View())))
			})
		}
	}
}

// mediaName is a media file's day folder and random name.
var mediaName = regexp.MustCompile(`media/\d{4}-\d{2}-\d{2}/(img|in|vid)-[0-9a-f]{12}`)

func masked(s string) string {
	return mediaName.ReplaceAllStringFunc(s, func(m string) string {
		kind := m[len("media/2006-01-02/"):strings.LastIndexByte(m, '-')]
		return "media/YYYY-MM-DD/" + kind + "-" + strings.Repeat("x", 12)
	})
}
