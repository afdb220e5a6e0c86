package store

import (
	"testing"

	"atelier/store/recipe"
)

func TestInlineLeft(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		v    any
		want bool
	}{
		{"https://example.org/a.png", false},
		{"a prompt", false},
		{recipe.HashPrefix + "ab12", true},
		{"data:image/png;base64," + ElidedPrefix + "1200", true},
		{ElidedFilePrefix + "media/x.png", true},
		{[]any{"https://example.org/a.png", recipe.HashPrefix + "ab12"}, true},
		{map[string]any{"element_id": "e1", "frontal_image_url": ElidedFilePrefix + "m.png"}, true},
		{map[string]any{"element_id": "e1"}, false},
		{5, false},
	} {
		if got := InlineLeft(tc.v); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.v, got, tc.want)
		}
	}
}
