// Package hostile holds, in its tests only, the hostile-server suite: each
// attack of a service on its client (endless and quiet streams, endless
// and compressed bodies, huge images, lying video tasks, escape sequences
// in every string, a TUI on a pseudo-terminal) run against atelier in a
// child process, cmd/atelier's test binary built once without the race
// detector and run as atelier on the clocks the test names, which holds
// the child's peak resident memory to clitest.MaxResident. A suite of its
// own, so that it runs beside cmd/atelier's in-process tests rather than
// after them; the server and the child runner are cmd/atelier/internal/clitest.
package hostile
