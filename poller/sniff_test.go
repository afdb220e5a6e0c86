package poller

import (
	"strings"
	"testing"

	"atelier/assets"
)

func TestSniffVideo(t *testing.T) {
	for _, tc := range []struct {
		name string
		head []byte
		want string // "" for a video
	}{
		{"the demo mp4", assets.DemoMP4(), ""},
		{"quicktime", []byte("\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00"), ""},
		{"webm", []byte{0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81}, ""},
		{"avi", []byte("RIFF\x10\x00\x00\x00AVI LIST"), ""},
		{"an html page", []byte("<html><body>denied</body></html>"), "not a video: the server sent text/html"},
		{"json", []byte(`{"detail":"expired"}`), "not a video: the server sent text/plain"},
		{"empty", nil, "not a video: the server sent an empty file"},
		{"short", []byte("ftyp"), "not a video"},
	} {
		err := sniffVideo(tc.head)
		if tc.want == "" && err != nil || tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)) {
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
}

// FuzzSniffVideo: any bytes a server sends are judged without a panic,
// and an ISO media head is always taken for a video.
func FuzzSniffVideo(f *testing.F) {
	f.Add(assets.DemoMP4()[:64])
	f.Add([]byte("<html>"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, head []byte) {
		if len(head) > 512 {
			return // the poller sniffs the first 512 bytes; a longer input only slows minimizing
		}
		err := sniffVideo(head)
		if len(head) >= 8 && string(head[4:8]) == "ftyp" && err != nil {
			t.Fatalf("an ftyp head refused: %v", err)
		}
	})
}
