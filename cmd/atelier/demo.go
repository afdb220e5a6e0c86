package main

import (
	"net/http"
	"time"

	"atelier/client"
	"atelier/client/sim"
)

// demoKey is the credential of every group in demo mode.
const demoKey = "demo"

// demoBaseURL is the demo service's origin: a fixed name under the .invalid
// top-level domain (RFC 2606), which no resolver answers, served by the
// simulator in this process through its Transport, with no port. Being the
// same in every run, the status and result URLs a task was recorded with
// stay on the base URL's origin after a restart; and the simulator follows
// a task from its id alone, so a task submitted in one run completes, and
// its video downloads, in the next.
const demoBaseURL = "https://demo.atelier.invalid"

// defaultDemoPace is how long each step of a simulated video task takes in
// --demo, so a task finishes in seconds and its progress can be watched.
const defaultDemoPace = 700 * time.Millisecond

// demoClient returns a client of the in-process simulator, which starts
// on first use and stops when the app closes.
func (a *app) demoClient() (*client.Client, error) {
	if a.demoSim == nil {
		s := sim.New(sim.Options{
			Keys:          demoKeys(),
			Pace:          a.flags.simPace,
			ValidateVideo: sim.TableRules,
			BaseURL:       demoBaseURL,
			IDSeed:        time.Now().String(),
		})
		a.demoSim = s
		a.closers = append(a.closers, s.Close)
	}
	c, err := client.New(demoBaseURL, client.Keys{Alpha: demoKey, Beta: demoKey, Gamma: demoKey, Queue: demoKey})
	if err != nil {
		return nil, err
	}
	c.HTTP = &http.Client{Transport: sim.Transport{Handler: a.demoSim}}
	return c, nil
}

func demoKeys() map[string]string {
	m := map[string]string{}
	for _, g := range client.Groups {
		m[string(g)] = demoKey
	}
	return m
}
