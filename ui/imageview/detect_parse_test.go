package imageview

import (
	"strings"
	"testing"
)

func TestParseSGRReport(t *testing.T) {
	tests := []struct {
		reply         string
		trueColor, ok bool
	}{
		{"\x1bP1$r0;38:2::1:2:3m\x1b\\", true, true}, // xterm
		{"\x1bP1$r0;38:2:1:2:3m\x1b\\", true, true},  // no colour space
		{"\x1bP1$r38;2;1;2;3m\x1b\\", true, true},    // semicolons
		{"\x1bP1$r0;1;38;2;1;2;3;48;5;4m\x1b\\", true, true},
		{"\x1bP1$r0;38;5;16m\x1b\\", false, true},       // mapped to the palette
		{"\x1bP1$r0;38:2::1:2:4m\x1b\\", false, true},   // another colour
		{"\x1bP1$r0;38:2::1:2:3:9m\x1b\\", false, true}, // not read as the probe
		{"\x1bP1$r0m\x1b\\", false, true},               // the colour dropped
		{"\x1bP0$r\x1b\\", false, true},                 // "not understood"
		{"\x1bP1$r0;38;2;1;2m\x1b\\", false, true},      // cut short
		{"\x1bP1$r0;38:5:1:2:3m\x1b\\", false, true},
		{"\x1bP1$r0;38:2::x:2:3m\x1b\\", false, true},
		{"\x1bP1$r0;38:2::1:2:3\x1b\\", false, false}, // no final m
		{"\x1bP2$r0m\x1b\\", false, false},
		{"\x1bP1+r5463\x1b\\", false, false}, // XTGETTCAP
		{"\x1bP>|XTerm(379)\x1b\\", false, false},
		{"\x1bP1$r0;38:2::1:2:3m", false, false},
		{"", false, false},
	}
	for _, tt := range tests {
		tc, ok := parseSGRReport(tt.reply)
		if tc != tt.trueColor || ok != tt.ok {
			t.Errorf("%q: %v %v, want %v %v", tt.reply, tc, ok, tt.trueColor, tt.ok)
		}
	}
}

func TestCapabilityTrueColor(t *testing.T) {
	for content, want := range map[string]bool{
		"RGB": true, "RGB=8": true, "Tc": true, "colors=256;RGB=8/8/8": true,
		"colors=256": false, "": false, "RGBA": false, "setrgbf=x": false,
	} {
		if got := capabilityTrueColor(content); got != want {
			t.Errorf("%q: %v, want %v", content, got, want)
		}
	}
}

func TestParseGraphicsGeometry(t *testing.T) {
	tests := []struct {
		reply string
		w, h  int
		ok    bool
	}{
		{"\x1b[?2;0;1000;1000S", 1000, 1000, true},
		{"\x1b[?2;0;1080;702S", 1080, 702, true},
		{"\x1b[?2;3S", 0, 0, false},            // failure: no sixel
		{"\x1b[?1;0;256S", 0, 0, false},        // colour registers
		{"\x1b[?2;0;0;1000S", 0, 0, false},     // nothing drawn
		{"\x1b[?2;0;-1;1000S", 0, 0, false},    // negative
		{"\x1b[?2;0;+10;1000S", 0, 0, false},   // signed
		{"\x1b[?2;0;99999;1000S", 0, 0, false}, // larger than any screen
		{"\x1b[?2;0;1000;1000;1S", 0, 0, false},
		{"\x1b[?2;0;1000;1000", 0, 0, false},
		{"\x1b[2;0;1000;1000S", 0, 0, false},
		{"", 0, 0, false},
	}
	for _, tt := range tests {
		w, h, ok := parseGraphicsGeometry(tt.reply)
		if w != tt.w || h != tt.h || ok != tt.ok {
			t.Errorf("%q: %d %d %v, want %d %d %v", tt.reply, w, h, ok, tt.w, tt.h, tt.ok)
		}
	}
}

// FuzzParseSGRReport: any DCS from the terminal is read without panicking;
// true colour is only ever read from a valid reply that holds the probe's
// colour.
func FuzzParseSGRReport(f *testing.F) {
	for _, s := range []string{"\x1bP1$r0;38:2::1:2:3m\x1b\\", "\x1bP1$r38;2;1;2;3m\x1b\\", "\x1bP0$r\x1b\\",
		"\x1bP1$r38;m\x1b\\", "\x1bP1$r38:2:m\x1b\\", "\x1bP1$r38m\x1b\\", "\x1bP$r\x1b\\"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		tc, ok := parseSGRReport(reply)
		if tc && (!ok || !strings.HasPrefix(reply, "\x1bP1$r") || !strings.Contains(reply, "38")) {
			t.Errorf("%q read as true colour", reply)
		}
		if ok && !strings.HasSuffix(reply, "\x1b\\") {
			t.Errorf("%q read as a whole reply", reply)
		}
	})
}

// FuzzParseGraphicsGeometry: any CSI from the terminal is read without
// panicking, and a size read is one a screen can have.
func FuzzParseGraphicsGeometry(f *testing.F) {
	for _, s := range []string{"\x1b[?2;0;1000;1000S", "\x1b[?2;3S", "\x1b[?2;0;;S", "\x1b[?S", "\x1b[?2;0;1;1S"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		w, h, ok := parseGraphicsGeometry(reply)
		if ok && (w <= 0 || h <= 0 || w > maxGraphicSide || h > maxGraphicSide) {
			t.Errorf("%q read as %d×%d", reply, w, h)
		}
		if !ok && (w != 0 || h != 0) {
			t.Errorf("%q refused, yet %d×%d", reply, w, h)
		}
	})
}

// FuzzCapabilityTrueColor: any XTGETTCAP answer is read without panicking,
// and only one naming RGB or Tc counts.
func FuzzCapabilityTrueColor(f *testing.F) {
	for _, s := range []string{"RGB=8", "Tc", "colors=256;RGB", ";;", "="} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		if capabilityTrueColor(content) && !strings.Contains(content, "RGB") && !strings.Contains(content, "Tc") {
			t.Errorf("%q read as true colour", content)
		}
	})
}
