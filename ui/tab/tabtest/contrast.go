package tabtest

import (
	"fmt"
	"image/color"
	"math"
	"reflect"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"atelier/ui/tab"
)

// xtermColors are xterm's default 16 colours, the ones a TERM=xterm
// terminal most likely shows (the issue that asked for BasicPalette was
// seen in xterm: #E5E5E5 on white, #0000EE on black).
var xtermColors = [16]color.RGBA{
	{0x00, 0x00, 0x00, 0xff}, {0xcd, 0x00, 0x00, 0xff}, {0x00, 0xcd, 0x00, 0xff}, {0xcd, 0xcd, 0x00, 0xff},
	{0x00, 0x00, 0xee, 0xff}, {0xcd, 0x00, 0xcd, 0xff}, {0x00, 0xcd, 0xcd, 0xff}, {0xe5, 0xe5, 0xe5, 0xff},
	{0x7f, 0x7f, 0x7f, 0xff}, {0xff, 0x00, 0x00, 0xff}, {0x00, 0xff, 0x00, 0xff}, {0xff, 0xff, 0x00, 0xff},
	{0x5c, 0x5c, 0xff, 0xff}, {0xff, 0x00, 0xff, 0xff}, {0x00, 0xff, 0xff, 0xff}, {0xff, 0xff, 0xff, 0xff},
}

// MinContrast is the WCAG contrast ratio every pair must reach: 3:1, the
// least for text that must be read at a glance (large text, UI parts).
const MinContrast = 3.0

// background is a terminal's default colours.
type background struct {
	name   string
	fg, bg color.RGBA
}

var backgrounds = []background{
	{"light", xtermColors[0], xtermColors[15]},
	{"dark", xtermColors[15], xtermColors[0]},
}

// CheckBasicContrast builds a screen's styles, for a light and a dark
// theme, as a 16-colour terminal gets them (tab.UseColorProfile with
// colorprofile.ANSI), and fails for every foreground and background pair
// under MinContrast on a white and on a black background, in xterm's
// colours. It finds the styles by walking what styles returns: every
// lipgloss.Style (foreground, background, border), every colour, and every
// Color / BackgroundColor string (glamour's styles), in exported fields.
func CheckBasicContrast(t *testing.T, styles func(dark bool) any) {
	t.Helper()
	tab.UseColorProfile(colorprofile.ANSI)
	t.Cleanup(func() { tab.UseColorProfile(colorprofile.TrueColor) })
	pairs := 0
	for _, dark := range []bool{false, true} {
		for _, p := range colourPairs(reflect.ValueOf(styles(dark)), "styles") {
			for _, b := range backgrounds {
				pairs++
				fg, bg := resolve(p.fg, b.fg), resolve(p.bg, b.bg)
				if r := Contrast(fg, bg); r < MinContrast {
					t.Errorf("%s (dark theme %v) on a %s background: %s on %s is %.2f:1", p.path, dark, b.name, hex(fg), hex(bg), r)
				}
			}
		}
	}
	if pairs == 0 {
		t.Fatal("no styles found")
	}
}

// pair is one style's colours; nil means the terminal's own.
type pair struct {
	path   string
	fg, bg color.Color
}

// colourPairs walks v for colours.
func colourPairs(v reflect.Value, path string) []pair {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return nil
		}
		if c, ok := v.Interface().(color.Color); ok && v.Kind() == reflect.Interface {
			return []pair{{path: path, fg: c}}
		}
		return colourPairs(v.Elem(), path)
	case reflect.Struct:
	default:
		return nil
	}
	if s, ok := v.Interface().(lipgloss.Style); ok {
		out := []pair{{path: path, fg: s.GetForeground(), bg: s.GetBackground()}}
		if s.GetBorderTop() || s.GetBorderBottom() || s.GetBorderLeft() || s.GetBorderRight() {
			out = append(out, pair{path: path + " border", fg: s.GetBorderTopForeground(), bg: s.GetBorderTopBackground()})
		}
		return out
	}
	var out []pair
	t := v.Type()
	if fg, bg, ok := stringColors(v); ok { // glamour's StylePrimitive
		out = append(out, pair{path: path, fg: fg, bg: bg})
	}
	for i := range t.NumField() {
		if !t.Field(i).IsExported() {
			continue
		}
		out = append(out, colourPairs(v.Field(i), path+"."+t.Field(i).Name)...)
	}
	return out
}

// stringColors reads a struct's own Color and BackgroundColor fields of
// type *string, glamour's colours ("#rrggbb" or a palette number).
func stringColors(v reflect.Value) (fg, bg color.Color, ok bool) {
	field := func(name string) (color.Color, bool) {
		f, found := v.Type().FieldByName(name)
		if !found || len(f.Index) != 1 || f.Type != reflect.TypeFor[*string]() {
			return nil, false
		}
		s := v.FieldByIndex(f.Index).Interface().(*string)
		if s == nil {
			return nil, true
		}
		return lipgloss.Color(*s), true
	}
	fg, okF := field("Color")
	bg, okB := field("BackgroundColor")
	return fg, bg, okF && okB
}

// resolve is the colour a 16-colour terminal shows for c: Bubble Tea
// brings it to one of the 16 (colorprofile.ANSI), which xterm draws in
// its colours; no colour is the terminal's own, def.
func resolve(c color.Color, def color.RGBA) color.RGBA {
	if c == nil {
		return def
	}
	if _, ok := c.(lipgloss.NoColor); ok {
		return def
	}
	switch b := colorprofile.ANSI.Convert(c).(type) {
	case ansi.BasicColor:
		return xtermColors[b&15]
	case nil:
		return def
	default:
		panic(fmt.Sprintf("colour %v is %T after conversion to 16 colours", c, b))
	}
}

// Contrast is the WCAG 2 contrast ratio of two colours, 1 to 21.
func Contrast(a, b color.RGBA) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// luminance is WCAG 2's relative luminance of an sRGB colour.
func luminance(c color.RGBA) float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

func hex(c color.RGBA) string { return fmt.Sprintf("#%02X%02X%02X", c.R, c.G, c.B) }
