// Package clitest is for tests only: what cmd/atelier's tests and its
// hostile-server suite (cmd/atelier/hostile) both need, one copy serving
// both. Hostile is a service that attacks its client; Start and Run run
// cmd/atelier's test binary again as atelier in a child process (its
// TestMain answers ClockEnv), on the clocks the parent names, and read the
// child's peak resident memory; Terminal is a pseudo-terminal; SeedHistory
// writes the template history into the data folder a run opens.
package clitest
