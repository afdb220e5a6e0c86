package main

import "atelier/store"

// defaultModels are config.toml's [models]: what a command uses when no
// model (or video endpoint) is given, as the TUI starts from them. Under
// --demo they are the demo's settings (configPath), which its Settings tab
// writes.
func (a *app) defaultModels() (store.Models, error) {
	cfg, err := a.settings()
	if err != nil {
		return store.Models{}, err
	}
	return cfg.Models, nil
}

// defaultsHint says where a missing default is set, for the error that
// asks for a model.
const defaultsHint = "or set a default: [models] %s in config.toml, or in the TUI's Settings"
