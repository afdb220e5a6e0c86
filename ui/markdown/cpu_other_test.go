//go:build !linux

package markdown

import "time"

// threadCPU is measured on Linux only; elsewhere frames report their wall
// time alone.
func threadCPU() time.Duration { return 0 }
