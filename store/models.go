package store

import "atelier/client"

// Chat is the model a chat family starts with, in the TUI and on the
// command line alike: the settings' one; with none, in the demo (whose
// simulator answers to any name), "demo-FAMILY"; else "", no default.
func (m Models) Chat(f client.Group, demo bool) string {
	var name string
	switch f {
	case client.Alpha:
		name = m.Alpha
	case client.Beta:
		name = m.Beta
	case client.Gamma:
		name = m.Gamma
	}
	if name == "" && demo {
		name = "demo-" + string(f)
	}
	return name
}

// ImageModel is the image model a request starts with, in the Image tab
// and for `atelier image` alike: the settings' one, else the newest
// listed model.
func (m Models) ImageModel() string {
	if m.Image != "" {
		return m.Image
	}
	return client.ImageModel25Flare
}
