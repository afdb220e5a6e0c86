package tab

// RetryDownloadMsg asks the Video tab to fetch again the video of a task
// the service completed whose download failed: History sends
// it when the person presses the retry key on such a task, and the shell
// delivers it to the Video tab, without showing it. The Video tab owns the poller, which follows
// the task again; the tabs that list it see it move as the store changes.
type RetryDownloadMsg struct {
	RequestID string
}
