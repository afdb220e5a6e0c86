package imagetab

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"atelier/client"
	"atelier/store"
	"atelier/ui/imageview"
	"atelier/ui/tab/tabtest"
)

// TestGolden compares the tab's views with testdata/TestGolden/*.golden at
// the room the shell gives a tab in an 80×24 and a 120×40 terminal, with
// half-block previews (as ATELIER_IMAGES=halfblock forces) in 256 colours.
// Run `go test ./ui/image -run TestGolden -update` after a deliberate
// change, and look at the files (cat shows them in colour).
func TestGolden(t *testing.T) {
	cases := []struct {
		name  string
		setup func(Model) Model
	}{
		{"form", func(m Model) Model { return m }},
		{"violations", violations},
		{"streaming", streaming},
		{"results", results},
		{"compare", comparing},
		{"picker", func(m Model) Model { m.form.prompt.SetValue("a paper crane"); return m.openPicker() }},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, c := range cases {
			t.Run(fmt.Sprintf("%s_%dx%d", c.name, size[0], size[1]), func(t *testing.T) {
				m := goldenModel()
				m.SetSize(size[0]-4, size[1]-4) // the shell's frame takes 4 each way
				m = c.setup(m)
				golden.RequireEqual(t, tabtest.In256Colours(m.View()))
			})
		}
	}
}

func goldenModel() Model {
	return New(Options{
		Settings: &store.Settings{Models: store.Models{Image: client.ImageModel25Flare}},
		Images:   imageview.Capabilities{Override: imageview.ProtocolHalfBlock},
		Getenv:   func(string) string { return "" },
	})
}

// violations is a form sent with a missing prompt and settings image-2
// does not take.
func violations(m Model) Model {
	m.form.setText(rowModel, client.ImageModel2)
	m.form.setText(rowQuality, "xhigh")
	m.form.setText(rowFormat, "png")
	m.form.setText(rowCompression, "50")
	m.form.setText(rowPartials, "2")
	m.form.setText(rowStream, "false")
	m, _ = m.send()
	return m
}

// streaming is a run with its first partial image on screen.
func streaming(m Model) Model {
	m.form.prompt.SetValue("a lighthouse in fog, watercolour")
	m.form.setText(rowPartials, "2")
	l := &lane{model: client.ImageModel25Flare, state: laneStreaming,
		partial: &picture{key: "p", img: scene(64, 48, 2), partial: 1}}
	m.page.run = &run{id: 1, spec: m.form.spec(), cancel: func() {}, lanes: []*lane{l}}
	return m.toResults()
}

// results is a finished run of two images.
func results(m Model) Model {
	m.form.prompt.SetValue("a lighthouse in fog, watercolour")
	m.form.setText(rowN, "2")
	l := &lane{model: client.ImageModel25Flare, state: laneDone, total: 4100 * time.Millisecond, finals: []picture{
		{key: "a", img: scene(64, 48, 0), path: "/data/media/2026-11-21/image-8f2c.png"},
		{key: "b", img: scene(48, 64, 1), path: "/data/media/2026-11-21/image-77a1.png", index: 1},
	}}
	m.page.run = &run{id: 1, spec: m.form.spec(), cancel: func() {}, lanes: []*lane{l}}
	return m.toResults()
}

// comparing is three models side by side: one done, one streaming, one
// refused.
func comparing(m Model) Model {
	m.form.prompt.SetValue("a paper crane")
	m.form.setText(rowQuality, "max")
	done := &lane{model: client.ImageModel25Flare, state: laneDone, total: 2 * time.Second,
		finals: []picture{{key: "a", img: scene(64, 64, 0), path: "/data/media/2026-11-21/image-1.png"}}}
	streaming := &lane{model: client.ImageModel25Sunburst, state: laneStreaming,
		partial: &picture{key: "p", img: scene(64, 64, 2), partial: 2}}
	refused := &lane{model: client.ImageModel2, state: laneRefused,
		refused: client.Violations((&client.ImageRequest{Model: client.ImageModel2, Prompt: "x", Quality: "max"}).Validate())}
	m.page.run = &run{id: 1, spec: m.form.spec(), cancel: func() {}, lanes: []*lane{done, streaming, refused}}
	return m.toResults()
}

// scene is a small deterministic picture: a sky, a sea and a sun, coarser
// for a partial image.
func scene(w, h, coarse int) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	block := 1 << coarse
	for y := range h {
		for x := range w {
			bx, by := x/block*block, y/block*block
			c := color.NRGBA{uint8(40 + by*120/h), uint8(90 + by*100/h), 200, 255}
			if by > h*2/3 {
				c = color.NRGBA{20, uint8(60 + bx*80/w), 120, 255}
			}
			if dx, dy := bx-w*3/4, by-h/4; dx*dx+dy*dy < (w/8)*(w/8) {
				c = color.NRGBA{250, 200, 60, 255}
			}
			img.Set(x, y, c)
		}
	}
	return img
}
