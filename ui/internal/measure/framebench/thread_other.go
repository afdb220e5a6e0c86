//go:build !linux

package framebench

import "time"

// Thread is measured on Linux only; elsewhere it is 0, and callers report
// wall time alone.
func Thread() time.Duration { return 0 }
