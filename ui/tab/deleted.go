package tab

import (
	"errors"
	"fmt"

	"atelier/store"
)

// DeletedMsg says an item of the history was deleted (the History tab
// deletes any): the shell passes it to every tab, so none goes on showing
// it, counting it or writing to it. RequestID is a video task's.
type DeletedMsg struct {
	Ref       store.ItemRef
	RequestID string
}

// ErrVideoRunning is why a video task that still runs is not deleted: the
// poller still records its progress and the Video tab counts it. The Video
// and History tabs refuse it alike.
var ErrVideoRunning = errors.New("is still running: delete it once it ends")

// VideoRunning is the refusal to delete the running task id (shown short).
func VideoRunning(id string) error {
	if len(id) > 8 {
		id = id[:8]
	}
	return fmt.Errorf("video %s %w", id, ErrVideoRunning)
}
