package compare

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/diff"
	"atelier/ui/tab/tabtest"
)

// press gives m the keys, each handled to the end.
func press(t *testing.T, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		var cmd tea.Cmd
		m, cmd = m.Update(tabtest.Press(k))
		m = drive(t, m, cmd)
	}
	return m
}

// TestDiffView: D shows the focused column against the next, the word
// only the left has struck on the left and the one only the right has
// underlined on the right, on the same row; tab moves the pair on; the
// diff scrolls; D closes it.
func TestDiffView(t *testing.T) {
	texts := []string{
		"The quick brown fox jumps over the lazy dog.\n\nA second paragraph, the same in both.",
		"The quick red fox jumps over the lazy dog.\n\nA second paragraph, the same in both.",
	}
	m := madeUpBlind(t, 120, 40, texts...)
	m = press(t, m, "a", "ctrl+d") // named now; the diff of A and B
	if m.lens.diff == nil || m.lens.diff.left != 0 || m.lens.diff.right != 1 {
		t.Fatalf("diff %+v", m.lens.diff)
	}
	var del, ins []string
	for _, r := range m.lens.diff.runs {
		switch r.Op {
		case diff.Delete:
			del = append(del, strings.TrimSpace(r.Text))
		case diff.Insert:
			ins = append(ins, strings.TrimSpace(r.Text))
		}
	}
	if strings.Join(del, "|") != "brown" || strings.Join(ins, "|") != "red" {
		t.Fatalf("deleted %q, inserted %q", del, ins)
	}
	v := m.View()
	row := tabtest.Line(ansi.Strip(v), "brown")
	if !strings.Contains(row, "red") || !strings.Contains(row, "The quick") {
		t.Errorf("the changed words are not side by side: %q\n%s", row, ansi.Strip(v))
	}
	struck, underlined := m.st.Deleted.Render("brown"), m.st.Inserted.Render("red")
	if !strings.Contains(v, struck) || !strings.Contains(v, underlined) || strings.Contains(v, m.st.Deleted.Render("quick")) {
		t.Errorf("brown not struck or red not underlined (or a shared word marked):\n%q", v)
	}
	plain := ansi.Strip(v)
	if !hasAll(plain, "A = alpha · zq-first", "B = beta · xv-second", "struck: only here", "underlined: only here", "lines 1–") {
		t.Errorf("view:\n%s", plain)
	}
	m = press(t, m, "tab")
	if m.lens.diff == nil || m.lens.diff.left != 1 || m.lens.diff.right != 0 {
		t.Fatalf("after tab: diff %+v", m.lens.diff)
	}
	if m = press(t, m, "ctrl+d"); m.lens.diff != nil || strings.Contains(ansi.Strip(m.View()), "struck: only here") {
		t.Fatal("D did not close the diff")
	}
}

// TestDiffScrolls: a long diff scrolls with the columns' keys and stays
// within its lines.
func TestDiffScrolls(t *testing.T) {
	long := strings.Repeat("line of words\n\n", 80)
	m := madeUpBlind(t, 80, 24, long+"end one", long+"end two")
	m = press(t, m, "ctrl+d", "G")
	n := len(m.lens.diff.lines[0])
	if n < 80 || m.lens.diff.at.Offset() == 0 {
		t.Fatalf("%d lines, top %d after G", n, m.lens.diff.at.Offset())
	}
	if v := ansi.Strip(m.View()); !hasAll(v, "end", "one", "two") || strings.Contains(v, "┃ line of words") && !strings.Contains(v, "end") {
		t.Errorf("the end is not shown after G:\n%s", v)
	}
	m = press(t, m, "g")
	if m.lens.diff.at.Offset() != 0 {
		t.Errorf("top %d after g", m.lens.diff.at.Offset())
	}
	m = press(t, m, "up")
	if m.lens.diff.at.Offset() != 0 {
		t.Errorf("scrolled above the first line: %d", m.lens.diff.at.Offset())
	}
}
