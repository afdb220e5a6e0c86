//go:build !unix

package poller

// lockFile does not lock where the system has no flock: there, two
// pollers on one data directory may both download a video (the size check
// keeps a garbled file from being saved).
func lockFile(string) (release func(), err error) { return func() {}, nil }
