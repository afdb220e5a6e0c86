package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"atelier/client"
	"atelier/client/sim"
)

// demoKey is the credential of every group in demo mode.
const demoKey = "demo"

// defaultDemoPace is how long each step of a simulated video task takes in
// --demo, so a task finishes in seconds and its progress can be watched.
const defaultDemoPace = 700 * time.Millisecond

// startSim serves a simulator on a loopback port until the app closes, and
// returns its base URL.
func (a *app) startSim(pace time.Duration, failShare float64) (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("start the simulator: %w", err)
	}
	s := sim.New(sim.Options{
		Keys:          demoKeys(),
		Pace:          pace,
		FailShare:     failShare,
		ValidateVideo: sim.TableRules,
		IDSeed:        time.Now().String(),
	})
	srv := &http.Server{Handler: s, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintln(a.io.err, "atelier: simulator:", err)
		}
	}()
	a.closers = append(a.closers, func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		srv.Shutdown(ctx)
		s.Close()
	})
	return "http://" + ln.Addr().String(), nil
}

func demoKeys() map[string]string {
	m := map[string]string{}
	for _, g := range client.Groups {
		m[string(g)] = demoKey
	}
	return m
}
