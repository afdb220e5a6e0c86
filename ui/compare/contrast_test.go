package compare

import (
	"testing"

	"atelier/ui/tab/tabtest"
)

// TestBasicPaletteContrast: on a 16-colour terminal every style here reads
// at 3:1 or better, on a light and on a dark background.
func TestBasicPaletteContrast(t *testing.T) {
	t.Parallel()
	tabtest.CheckBasicContrast(t, func(dark bool) any { return newStyles(dark) })
}
