package style

import (
	"slices"
	"testing"
)

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

func TestSharedKeys(t *testing.T) {
	for _, c := range []struct {
		keys []string
		want string
	}{
		{ListUp().Keys(), "k"}, {ListDown().Keys(), "j"},
	} {
		if !slices.Contains(c.keys, c.want) {
			t.Errorf("keys %v lack %q", c.keys, c.want)
		}
	}
	if Up().Help().Key != "↑" || ListUp().Help().Key != "↑/k" {
		t.Errorf("help says %q and %q", Up().Help().Key, ListUp().Help().Key)
	}
}
