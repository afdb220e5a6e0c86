package tab

import (
	"atelier/client"
	"atelier/store"
)

// DefaultModel is the model a chat family starts with (store.Models.Chat:
// the command line starts from the same). Chat and Compare both use it.
func DefaultModel(models store.Models, f client.Group, demo bool) string {
	return models.Chat(f, demo)
}
