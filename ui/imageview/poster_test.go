//go:build ffmpeg

package imageview

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"atelier/assets"
)

// TestVideoFramesOfTheDemo (go test -tags ffmpeg; CI installs ffmpeg)
// cuts the poster and the strip of the demo video.
func TestVideoFramesOfTheDemo(t *testing.T) {
	bin := FFmpeg()
	if bin == "" {
		t.Fatal("-tags ffmpeg needs ffmpeg on $PATH")
	}
	path := filepath.Join(t.TempDir(), "demo.mp4")
	if err := os.WriteFile(path, assets.DemoMP4(), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := VideoFrames(t.Context(), bin, path)
	if err != nil {
		t.Fatal(err)
	}
	poster, err := png.Decode(bytes.NewReader(f.Poster))
	if err != nil {
		t.Fatalf("the poster is not a PNG: %v", err)
	}
	strip, err := png.Decode(bytes.NewReader(f.Strip))
	if err != nil {
		t.Fatalf("the strip is not a PNG: %v", err)
	}
	if b := strip.Bounds(); b.Dx() != 4*160 {
		t.Errorf("the strip is %v, want four frames 160 wide", b)
	}
	if poster.Bounds().Empty() {
		t.Error("an empty poster")
	}
	if _, err := VideoFrames(t.Context(), bin, filepath.Join(t.TempDir(), "none.mp4")); err == nil {
		t.Error("frames of a missing video")
	}
}
