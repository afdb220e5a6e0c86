package imagetab

import (
	"atelier/ui/tab/tabtest"
	"testing"
)

// BenchmarkViewForm draws the whole form, with violations.
func BenchmarkViewForm(b *testing.B) { benchView(b, violations) }

// BenchmarkViewResults draws two half-block results, cached.
func BenchmarkViewResults(b *testing.B) { benchView(b, results) }

// benchView draws the golden model at 116×36 after setup, again and again.
func benchView(b *testing.B, setup func(Model) Model) {
	m := goldenModel()
	m.SetSize(116, 36)
	m = setup(m)
	for b.Loop() {
		_ = m.View()
	}
}

// BenchmarkKeyPress types a letter and takes it back.
func BenchmarkKeyPress(b *testing.B) {
	m := goldenModel()
	m.SetSize(116, 36)
	for b.Loop() {
		m, _ = m.Update(tabtest.Press("a"))
		m, _ = m.Update(tabtest.Press("backspace"))
	}
}
