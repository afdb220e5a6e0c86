package ui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// lipglossBody is how the shell drew the tab before: padded to the body's
// size by lipgloss, then framed by it.
func lipglossBody(m Model, body string) string {
	cw, ch := m.inner()
	body = lipgloss.NewStyle().Width(cw).Height(ch).MaxWidth(cw).MaxHeight(ch).Render(body)
	return m.styles.Frame.Render(body)
}

// TestFrameDrawnAsLipgloss: the frame the shell draws by hand, row by row
// from its cache, is byte for byte what lipgloss drew, for bodies of every
// kind of line (short, exact, styled, wide characters, too few or too
// many), frame after frame as the body changes.
func TestFrameDrawnAsLipgloss(t *testing.T) {
	m, fakes := withFakes(New(testDeps(t)))
	next, _ := m.Update(tea.WindowSizeMsg{Width: 60, Height: 12})
	m = next.(Model)
	cw, ch := m.inner()
	bodies := []string{
		"\n",
		"one line",
		strings.Repeat("x", cw) + "\n" + "\x1b[1mbold\x1b[m and \x1b[38;5;203mred\x1b[m",
		"漢字 wide\n\ttab?\n" + strings.Repeat("é", cw),
		strings.Repeat("line\n", ch+3),
		"one line", // the same as two frames ago: rows from the cache
		strings.Repeat("line\n", ch-1) + "changed last",
	}
	for _, body := range bodies {
		fakes[m.active].view = body
		got := m.View().Content
		lines := strings.Split(got, "\n")
		want := lipglossBody(m, body)
		if framed := strings.Join(lines[1:len(lines)-1], "\n"); framed != want {
			t.Fatalf("body %q framed as\n%q\nwant\n%q", body, framed, want)
		}
	}
}
