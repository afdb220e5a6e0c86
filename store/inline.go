package store

import (
	"slices"
	"strings"

	"atelier/store/recipe"
)

// InlineLeft reports a request value (a string, or a list or object
// holding one) that stands for an inline image no longer there: a
// recipe's hash of it, or the store's marker of elided base64. Sending a
// recorded request again, such a field must be given anew.
func InlineLeft(v any) bool {
	switch t := v.(type) {
	case string:
		return strings.HasPrefix(t, recipe.HashPrefix) || strings.Contains(t, ElidedPrefix) ||
			strings.HasPrefix(t, ElidedFilePrefix)
	case []any:
		return slices.ContainsFunc(t, InlineLeft)
	case map[string]any:
		for _, x := range t {
			if InlineLeft(x) {
				return true
			}
		}
	}
	return false
}
