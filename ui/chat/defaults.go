package chat

import (
	"atelier/client"
	"atelier/store"
	"atelier/ui/tab"
)

// defaults is the model each family starts with: Settings' default models,
// or the simulator's in the demo. It is apart from the Model because the
// picker asks it too, when a family is switched to.
type defaults struct {
	models store.Models
	demo   bool
}

// model is the model family f starts with (see tab.DefaultModel).
func (d defaults) model(f client.Group) string {
	return tab.DefaultModel(d.models, f, d.demo)
}

// adopt takes new default models at once (they applied
// only after a restart): the target t follows its family's new default
// unless a model was picked for it, and families switched to later start
// on theirs.
func (d defaults) adopt(ms store.Models, t client.ChatTarget) (defaults, client.ChatTarget) {
	was := d.model(t.Family)
	d.models = ms
	if t.Model == was {
		t.Model = d.model(t.Family)
	}
	return d, t
}
