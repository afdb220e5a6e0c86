package form

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// sheet is a form browsed a row at a time, as Settings uses it: section
// headings, a secret, a row showing a status in place of its text.
var sheet = []Field{
	{Name: "§a", Label: "Service", Kind: Object, Section: true, Doc: "where requests go"},
	{Name: "url", Kind: String, Doc: "an https URL"},
	{Name: "§b", Label: "Keys", Kind: Object, Section: true},
	{Name: "key", Kind: String, Secret: true, Shown: "○ unset", Doc: "enter to set"},
}

func TestSectionsSecretsAndBrowsing(t *testing.T) {
	m := New(sheet, nil)
	m.SetSize(80, 10)
	m.Browse()
	if m.Path() != "url" {
		t.Fatalf("the focus starts on %q, not the first row past the heading", m.Path())
	}
	if v := ansi.Strip(m.View()); !strings.HasPrefix(v, "Service  where requests go\n› url") {
		t.Errorf("heading:\n%s", v)
	}
	m = press(m, "abc")
	if m.Value("url") != "" {
		t.Error("a browsed form took typed keys")
	}
	if !m.Step(1) || m.Path() != "key" || m.Step(1) {
		t.Fatalf("step passes over the heading to %q and stops at the end", m.Path())
	}
	m.Step(-1)
	if m.Path() != "url" {
		t.Fatalf("step up passes over the heading: %q", m.Path())
	}
	m.Step(1)
	m.Edit()
	m = press(m, "s3cr3t")
	if m.Value("key") != "s3cr3t" || m.Browsing() {
		t.Fatalf("edit: value %q", m.Value("key"))
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, "s3cr3t") || !strings.Contains(v, "••••••") {
		t.Errorf("the secret shows while typed:\n%s", v)
	}
	m.Browse()
	if v := ansi.Strip(m.View()); strings.Contains(v, "s3cr3t") || !strings.Contains(v, "○ unset") {
		t.Errorf("the secret shows, or not its status, once browsed:\n%s", v)
	}
}
