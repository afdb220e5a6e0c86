package video

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"atelier/internal/termtext"
)

// shortID is a request id cut to its first eight characters: enough to
// tell tasks apart on screen; f and the history show it whole.
func shortID(id string) string {
	id = clean(id)
	if len(id) > 8 {
		return id[:8]
	}
	return id
}

// clean makes text from the service or the history safe to draw, on one
// line.
func clean(s string) string {
	s = termtext.String(s)
	return strings.Join(strings.Fields(s), " ")
}

// elapsed writes a duration as a clock does: 40s, 1m12s, 2h03m.
func elapsed(d time.Duration) string {
	d = d.Truncate(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
	case d < 100*24*time.Hour:
		return fmt.Sprintf("%dd%02dh", int(d.Hours())/24, int(d.Hours())%24)
	}
	return fmt.Sprintf("%dd", int(d.Hours())/24)
}

// ageWidth is the age column's width: elapsed is never wider, so the
// columns after it line up.
const ageWidth = 6

// padLeft right-aligns s in w columns.
func padLeft(s string, w int) string {
	return strings.Repeat(" ", max(w-ansi.StringWidth(s), 0)) + s
}

// taskWords shorten an endpoint's task for the list.
var taskWords = strings.NewReplacer(
	"first-last-frame-to-video", "fl2v", "start-end-to-video", "se2v", "reference-to-video", "ref2v",
	"image-to-video", "i2v", "text-to-video", "t2v", "video-to-video", "v2v", "/", " ")

// shortEndpoint is an endpoint in a few words: "videob o3 pro i2v".
func shortEndpoint(endpoint string) string { return taskWords.Replace(clean(endpoint)) }
