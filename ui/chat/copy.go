package chat

import (
	"fmt"
	"strconv"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"atelier/internal/limits"
	"atelier/internal/termtext"
	"atelier/ui/markdown"
	"atelier/ui/tab"
)

// codeChoice is the number being typed after y names a code block.
type codeChoice struct {
	waiting bool
	digits  string
	reply   int // the entry whose code blocks are numbered
}

// copyReply puts reply i, as markdown, on the clipboard (OSC 52).
func copyReply(entries []entry, i int) tea.Cmd {
	if i < 0 || entries[i].text == "" {
		return tab.Warn("no reply to copy")
	}
	text := termtext.String(entries[i].text)
	return tea.Batch(tea.SetClipboard(text), tab.Notice(fmt.Sprintf("reply copied (%s)", limits.Size(int64(len(text))))))
}

// ask waits for the number of the code block of reply i to copy; codes
// are that reply's blocks. A reply with one block has it copied at once.
func (c codeChoice) ask(i int, codes []markdown.CodeBlock) (codeChoice, tea.Cmd) {
	n := len(codes)
	switch {
	case i < 0 || n == 0:
		return c, tab.Warn("no code block in this reply")
	case n == 1:
		return c, copyCode(codes, 1)
	}
	return codeChoice{waiting: true, reply: i}, tab.Ask(fmt.Sprintf("copy which code block? 1–%d", n))
}

// key takes a digit of the block's number: the block is copied as soon as
// no further digit could name one, or on enter. codes are the blocks of
// c.reply.
func (c codeChoice) key(msg tea.KeyPressMsg, k keyMap, codes []markdown.CodeBlock) (codeChoice, tea.Cmd) {
	n := len(codes)
	switch {
	case key.Matches(msg, k.Cancel):
		return codeChoice{}, nil
	case key.Matches(msg, k.Save) && c.digits != "":
		num, _ := strconv.Atoi(c.digits)
		return codeChoice{}, copyCode(codes, num)
	}
	if !key.Matches(msg, k.CodeNumber) {
		return codeChoice{}, nil
	}
	c.digits += msg.String()
	num, _ := strconv.Atoi(c.digits)
	if num*10 > n {
		return codeChoice{}, copyCode(codes, num)
	}
	return c, nil
}

// copyCode puts code block num of codes on the clipboard.
func copyCode(codes []markdown.CodeBlock, num int) tea.Cmd {
	if num < 1 || num > len(codes) {
		return tab.Warn(fmt.Sprintf("no code block %d: this reply has %d", num, len(codes)))
	}
	code := codes[num-1].Code
	return tea.Batch(tea.SetClipboard(code), tab.Notice(fmt.Sprintf("code block %d copied (%s)", num, limits.Size(int64(len(code))))))
}
