package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strconv"
)

// nativeTextKeys are the keys under which the three families' final
// replies hold reply text and thinking: alpha content[].text and
// .thinking, beta candidates[].content.parts[].text, gamma
// output[].content[].text, output[].summary[].text and output_text.
var nativeTextKeys = map[string]bool{"text": true, "thinking": true, "output_text": true}

// cutNativeText returns a native final reply whose text and thinking
// strings (nativeTextKeys), taken in order, hold at most max bytes between
// them, each cut where a character ends: the reply --json prints and the
// history keeps says no more than the text kept. Keys stay in their
// order, numbers as written, every other value as it was. A reply that is
// not JSON comes back as it is.
func cutNativeText(raw json.RawMessage, max int64) json.RawMessage {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	c := &textCutter{d: d, left: max, out: make([]byte, 0, min(len(raw), int(max)+64<<10))}
	if err := c.value(false); err != nil {
		return raw
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return raw
	}
	return c.out
}

// textCutter copies a JSON value token by token, cutting the text strings
// to what is left.
type textCutter struct {
	d    *json.Decoder
	left int64
	out  []byte
}

// value copies one value; text says it is the value of a text key.
func (c *textCutter) value(text bool) error {
	tok, err := c.d.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return c.object()
		}
		return c.array()
	case string:
		if text {
			t = cutUTF8(t, c.left)
			c.left -= int64(len(t))
		}
		c.out = appendJSONString(c.out, t)
	case json.Number:
		c.out = append(c.out, t...)
	case bool:
		c.out = strconv.AppendBool(c.out, t)
	default:
		c.out = append(c.out, "null"...)
	}
	return nil
}

func (c *textCutter) object() error {
	c.out = append(c.out, '{')
	for i := 0; c.d.More(); i++ {
		tok, err := c.d.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if i > 0 {
			c.out = append(c.out, ',')
		}
		c.out = append(appendJSONString(c.out, key), ':')
		if err := c.value(nativeTextKeys[key]); err != nil {
			return err
		}
	}
	_, err := c.d.Token()
	c.out = append(c.out, '}')
	return err
}

func (c *textCutter) array() error {
	c.out = append(c.out, '[')
	for i := 0; c.d.More(); i++ {
		if i > 0 {
			c.out = append(c.out, ',')
		}
		if err := c.value(false); err != nil {
			return err
		}
	}
	_, err := c.d.Token()
	c.out = append(c.out, ']')
	return err
}
