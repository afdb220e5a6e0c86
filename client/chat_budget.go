package client

import "unicode/utf8"

// replyKept counts the reply text (text and thinking together) a chat
// reply has kept against its budget.
type replyKept struct {
	max            int64
	text, thinking int64 // bytes of each kept so far
	over           bool  // fit cut an event's text: the reply ends with it
}

// take counts d, cutting its text to what the budget has left; full
// reports that the budget is spent and the reply must end here.
func (k *replyKept) take(d ChatDelta) (_ ChatDelta, full bool) {
	if d.Kind != ChatTextDelta && d.Kind != ChatThinkingDelta {
		return d, false
	}
	left := k.max - k.text - k.thinking
	if int64(len(d.Text)) > left {
		d.Text, full = cutUTF8(d.Text, left), true
	}
	if d.Kind == ChatTextDelta {
		k.text += int64(len(d.Text))
	} else {
		k.thinking += int64(len(d.Text))
	}
	return d, full
}

// fit cuts s, text of an event about to be folded into a family's native
// reply, to the room the budget has left less used (text of the same event
// fitted already, not yet yielded). A cut means the budget is spent: the
// reply ends with this event.
func (k *replyKept) fit(s string, used int64) string {
	cut := cutUTF8(s, max(k.max-k.text-k.thinking-used, 0))
	if len(cut) < len(s) {
		k.over = true
	}
	return cut
}

// fits reports whether a whole reply is within the budget.
func (k replyKept) fits(res *ChatResult) bool {
	return int64(len(res.Text))+int64(len(res.Thinking)) <= k.max
}

// cut trims a result to the budget: for a stream, to what was yielded; for
// a whole reply, text first, then as much thinking as is left.
func (k replyKept) cut(res *ChatResult) {
	if k.text == 0 && k.thinking == 0 {
		res.Text = cutUTF8(res.Text, k.max)
		res.Thinking = cutUTF8(res.Thinking, k.max-int64(len(res.Text)))
		return
	}
	res.Text = cutUTF8(res.Text, k.text)
	res.Thinking = cutUTF8(res.Thinking, k.thinking)
}

// cutUTF8 returns the longest prefix of s of at most n bytes that does not
// split a character.
func cutUTF8(s string, n int64) string {
	if int64(len(s)) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	i := int(n)
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}
