package batch

import (
	"testing"

	"atelier/ui/tab/tabtest"
)

// The tab's colours stay readable on a 16-colour terminal, light or dark.
func TestBasicPaletteContrast(t *testing.T) {
	tabtest.CheckBasicContrast(t, func(dark bool) any { return newStyles(dark) })
}
