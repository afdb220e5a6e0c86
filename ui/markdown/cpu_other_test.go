//go:build !unix

package markdown

import "time"

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }

// threadCPU is not measured here.
func threadCPU() time.Duration { return 0 }
