package style

import "testing"

func TestInputFollowsTheBackground(t *testing.T) {
	dark, light := Input(true), Input(false)
	if dark.Focused.Text.GetForeground() == light.Focused.Text.GetForeground() {
		t.Error("the input's text is the same colour on dark and light")
	}
	if dark.Cursor.Blink || light.Cursor.Blink {
		t.Error("a blinking cursor wakes the program for nothing")
	}
	if dark.Focused.Prompt.GetForeground() == dark.Blurred.Prompt.GetForeground() {
		t.Error("the prompt does not dim when the input loses the keyboard")
	}
}
