package chat

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/ui/tab"
	"atelier/ui/termtext"
)

// copyReply puts the reply in view, as markdown, on the clipboard (OSC 52).
func (m Model) copyReply() (Model, tea.Cmd) {
	i := m.tr.current(m.conv.entries)
	if i < 0 || m.conv.entries[i].text == "" {
		return m, tab.Warn("no reply to copy")
	}
	text := termtext.String(m.conv.entries[i].text)
	return m, tea.Batch(tea.SetClipboard(text), tab.Notice(fmt.Sprintf("reply copied (%s)", size(len(text)))))
}

// askCode waits for the number of the code block to copy.
func (m Model) askCode() (Model, tea.Cmd) {
	i := m.tr.current(m.conv.entries)
	n := len(m.tr.codes(i))
	switch {
	case i < 0 || n == 0:
		return m, tab.Warn("no code block in this reply")
	case n == 1:
		return m.copyCode(i, 1)
	}
	m.code = codeChoice{waiting: true, reply: i}
	return m, tab.Ask(fmt.Sprintf("copy which code block? 1–%d", n))
}

// codeKey takes a digit of the block's number: the block is copied as soon
// as no further digit could name one, or on enter.
func (m Model) codeKey(msg tea.KeyPressMsg) (Model, tea.Cmd) {
	c := m.code
	n := len(m.tr.codes(c.reply))
	switch {
	case key.Matches(msg, m.km.Cancel):
		m.code = codeChoice{}
		return m, nil
	case key.Matches(msg, m.km.Save) && c.digits != "":
		m.code = codeChoice{}
		num, _ := strconv.Atoi(c.digits)
		return m.copyCode(c.reply, num)
	}
	r := msg.String()
	if len(r) != 1 || r[0] < '0' || r[0] > '9' {
		m.code = codeChoice{}
		return m, nil
	}
	c.digits += r
	num, _ := strconv.Atoi(c.digits)
	if num*10 > n {
		m.code = codeChoice{}
		return m.copyCode(c.reply, num)
	}
	m.code = c
	return m, nil
}

// copyCode puts code block num of reply i on the clipboard.
func (m Model) copyCode(i, num int) (Model, tea.Cmd) {
	codes := m.tr.codes(i)
	if num < 1 || num > len(codes) {
		return m, tab.Warn(fmt.Sprintf("no code block %d: this reply has %d", num, len(codes)))
	}
	code := codes[num-1].Code
	return m, tea.Batch(tea.SetClipboard(code), tab.Notice(fmt.Sprintf("code block %d copied (%s)", num, size(len(code)))))
}

// size writes a byte count as people read it.
func size(n int) string {
	switch {
	case n < 1000:
		return fmt.Sprintf("%d bytes", n)
	case n < 1000*1000:
		return fmt.Sprintf("%.1f KB", float64(n)/1000)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}
