package poller

import (
	"encoding/json"
	"strings"

	"atelier/client"
	"atelier/store"
)

// failureRecord is how a failure is recorded: the detail as the service
// sent it, with the words the client read from it beside.
type failureRecord struct {
	Status  string          `json:"status,omitempty"`
	Type    string          `json:"type,omitempty"`
	Message string          `json:"message,omitempty"`
	Detail  json.RawMessage `json:"detail,omitempty"`
}

func failureJSON(te *client.TaskError) json.RawMessage {
	b, _ := json.Marshal(failureRecord{Status: te.Status, Type: te.Type, Message: te.Message, Detail: te.Detail})
	return b
}

// Failure returns why a recorded task failed, or nil when it did not. It
// reads what the poller recorded, and shows any other record as its text.
func Failure(t store.VideoTask) *client.TaskError {
	if !t.Failed() {
		return nil
	}
	te := &client.TaskError{RequestID: t.RequestID, Status: t.Status}
	var r failureRecord
	if json.Unmarshal(t.FailureJSON, &r) == nil && (r.Type != "" || r.Message != "" || r.Detail != nil) {
		te.Type, te.Message, te.Detail = r.Type, r.Message, r.Detail
		if r.Status != "" {
			te.Status = r.Status
		}
		return te
	}
	te.Message = strings.TrimSpace(string(t.FailureJSON))
	return te
}

// DownloadError is why the video of a task the service completed was not
// saved: the task is not done in the sense of a whole file on disk, and
// store.RetryVideoDownload (the Video tab's key, `atelier video retry`)
// tries again.
type DownloadError struct {
	RequestID string
	Reason    string
}

func (e *DownloadError) Error() string { return "download failed: " + e.Reason }

// DownloadFailure returns why the video of a recorded task was not saved,
// or nil when it was, or is still to be fetched, or the task failed.
func DownloadFailure(t store.VideoTask) *DownloadError {
	if !t.DownloadFailed() {
		return nil
	}
	return &DownloadError{RequestID: t.RequestID, Reason: t.DownloadError}
}
