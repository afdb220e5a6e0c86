package history

import (
	tea "charm.land/bubbletea/v2"

	"atelier/store"
	"atelier/ui/tab"
)

// retryCmd asks the Video tab, which owns the poller, to fetch again the
// video of a task whose download failed.
func retryCmd(r row) tea.Cmd {
	switch {
	case r.ref.Kind != store.KindVideo:
		return tab.Warn("D retries a video's failed download: this is a " + string(r.ref.Kind))
	case store.StatusWord(r.status) != store.WordDownloadFailed:
		return tab.Warn("this video's download did not fail: nothing to retry")
	}
	return func() tea.Msg { return tab.RetryDownloadMsg{RequestID: r.requestID} }
}
