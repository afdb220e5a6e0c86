package imageview

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"strings"
)

// A video's poster frame and a short strip of its frames,
// cut by ffmpeg where it is installed, as PNG bytes the previews decode
// like any image. Without ffmpeg there is no poster and nothing stands
// in for one.

// FFmpeg is the ffmpeg on $PATH, "" when there is none.
func FFmpeg() string {
	p, err := exec.LookPath("ffmpeg")
	if err != nil {
		return ""
	}
	return p
}

// Frames are a video's poster and its strip, PNG encoded.
type Frames struct {
	Poster []byte // one frame, a little way in
	Strip  []byte // four frames across the first seconds, side by side
}

// stripFilter samples a frame every half second, each 160 pixels wide,
// and lays four of them side by side; a video shorter than two seconds
// leaves the rest of the strip black.
const stripFilter = "fps=2,scale=160:-2,tile=4x1"

// VideoFrames cuts the poster and the strip of the video at path with the
// ffmpeg at bin.
func VideoFrames(ctx context.Context, bin, path string) (Frames, error) {
	var f Frames
	var err error
	if f.Poster, err = ffmpegPNG(ctx, bin, "-ss", "0.5", "-i", path, "-frames:v", "1"); err != nil {
		// A video shorter than half a second: its first frame.
		if f.Poster, err = ffmpegPNG(ctx, bin, "-i", path, "-frames:v", "1"); err != nil {
			return f, err
		}
	}
	f.Strip, err = ffmpegPNG(ctx, bin, "-i", path, "-vf", stripFilter, "-frames:v", "1")
	return f, err
}

// ffmpegPNG runs ffmpeg with args and one PNG to stdout, and returns it.
func ffmpegPNG(ctx context.Context, bin string, args ...string) ([]byte, error) {
	full := append([]string{"-v", "error", "-nostdin"}, args...)
	full = append(full, "-f", "image2pipe", "-c:v", "png", "-")
	cmd := exec.CommandContext(ctx, bin, full...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("ffmpeg: %w: %s", err, strings.TrimSpace(errb.String()))
	}
	if out.Len() == 0 {
		return nil, fmt.Errorf("ffmpeg: no frame: %s", strings.TrimSpace(errb.String()))
	}
	return out.Bytes(), nil
}
