package tab

import (
	"atelier/client"
	"atelier/store"
)

// DefaultModel is the model a chat family starts with: the settings' one;
// with none, in the demo (whose simulator answers to any name),
// "demo-FAMILY"; else "", no default. Chat and Compare both start from it.
func DefaultModel(models store.Models, f client.Group, demo bool) string {
	var name string
	switch f {
	case client.Alpha:
		name = models.Alpha
	case client.Beta:
		name = models.Beta
	case client.Gamma:
		name = models.Gamma
	}
	if name == "" && demo {
		name = "demo-" + string(f)
	}
	return name
}
