// Package assets holds files embedded in the atelier binary: for now the
// demo media the simulator serves as a finished video. It is a package of
// its own because go:embed cannot reach files above a package directory.
// It imports nothing of atelier.
package assets

import _ "embed"

//go:embed demo.mp4
var demoMP4 []byte

// DemoMP4 returns a small real MP4 (1 s, 160x90, H.264, no audio) that the
// simulator hands out as the result of every video task. The slice is
// shared: callers must not modify it.
func DemoMP4() []byte { return demoMP4 }
