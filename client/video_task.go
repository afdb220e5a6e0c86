package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
)

// The status words of a video task. The interface names IN_QUEUE and
// COMPLETED; IN_PROGRESS comes from the queue protocol (PROTOCOLS.md 5.3).
// Any other word is kept as sent.
const (
	VideoInQueue    = "IN_QUEUE"
	VideoInProgress = "IN_PROGRESS"
	VideoCompleted  = "COMPLETED"
)

// VideoTask is a video task handle: the reply to a submission (forms A, A2,
// B and C) or to a status request. Fields of the wrong type are read as well
// as they can be, never an error; Raw keeps what was sent.
type VideoTask struct {
	Status           string          `json:"status"` // IN_QUEUE, IN_PROGRESS, COMPLETED, or any other word as sent
	RequestID        string          `json:"request_id"`
	GatewayRequestID string          `json:"gateway_request_id,omitempty"` // sent with a webhook; normally RequestID
	ResponseURL      string          `json:"response_url,omitempty"`       // where the result is fetched
	StatusURL        string          `json:"status_url,omitempty"`         // where the status is polled
	CancelURL        string          `json:"cancel_url,omitempty"`         // empty: cancellation is not supported
	QueuePosition    *int            `json:"queue_position,omitempty"`     // requests ahead; nil when not sent
	Logs             []VideoLog      `json:"logs,omitempty"`
	Metrics          json.RawMessage `json:"metrics,omitempty"`    // free-form, e.g. {"inference_time": 12.3}; nil when null
	Result           json.RawMessage `json:"result,omitempty"`     // form C: {"video": ...} or {"images": [...]}; nil when null
	Detail           json.RawMessage `json:"detail,omitempty"`     // form C: failure or progress details; nil when null
	Error            string          `json:"error,omitempty"`      // the failure message of a failed task
	ErrorType        string          `json:"error_type,omitempty"` // the failure's machine-readable type

	// Family and Endpoint are set by SubmitVideo (and carried on by
	// VideoStatus) so that a handle missing its URLs can still be followed.
	Family   string `json:"-"`
	Endpoint string `json:"-"` // the path after /queue/qv/, mode included

	Raw json.RawMessage `json:"-"`
}

// VideoLog is one log line of a running task.
type VideoLog struct {
	Message   string `json:"message"`
	Level     string `json:"level,omitempty"` // STDERR, STDOUT, ERROR, INFO, WARN, DEBUG, or as sent
	Source    string `json:"source,omitempty"`
	Timestamp string `json:"timestamp,omitempty"` // ISO 8601, as sent
}

// videoTaskWire reads every field as raw JSON, so that no type surprise in
// a reply can fail the whole decode.
type videoTaskWire struct {
	Status           json.RawMessage `json:"status"`
	RequestID        json.RawMessage `json:"request_id"`
	GatewayRequestID json.RawMessage `json:"gateway_request_id"`
	ResponseURL      json.RawMessage `json:"response_url"`
	StatusURL        json.RawMessage `json:"status_url"`
	CancelURL        json.RawMessage `json:"cancel_url"`
	QueuePosition    json.RawMessage `json:"queue_position"`
	Logs             json.RawMessage `json:"logs"`
	Metrics          json.RawMessage `json:"metrics"`
	Result           json.RawMessage `json:"result"`
	Detail           json.RawMessage `json:"detail"`
	Error            json.RawMessage `json:"error"`
	ErrorType        json.RawMessage `json:"error_type"`
}

// UnmarshalJSON reads a task handle of any reply form. Only a body that is
// not a JSON object is an error.
func (t *VideoTask) UnmarshalJSON(data []byte) error {
	var w videoTaskWire
	if err := json.Unmarshal(data, &w); err != nil {
		return err
	}
	if bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		return errors.New("video task: null instead of an object")
	}
	*t = VideoTask{
		Status:           rawString(w.Status),
		RequestID:        rawString(w.RequestID),
		GatewayRequestID: rawString(w.GatewayRequestID),
		ResponseURL:      rawString(w.ResponseURL),
		StatusURL:        rawString(w.StatusURL),
		CancelURL:        rawString(w.CancelURL),
		QueuePosition:    videoInt(w.QueuePosition),
		Logs:             videoLogs(w.Logs),
		Metrics:          videoNonNull(w.Metrics),
		Result:           videoNonNull(w.Result),
		Detail:           videoNonNull(w.Detail),
		Error:            videoMessage(w.Error),
		ErrorType:        rawString(w.ErrorType),
		Raw:              append(json.RawMessage(nil), data...),
	}
	return nil
}

// Terminal reports whether the task will not change again: COMPLETED, and
// the FAILED, CANCELED/CANCELLED and ERROR words some queues use.
func (t *VideoTask) Terminal() bool {
	switch strings.ToUpper(t.Status) {
	case VideoCompleted, "FAILED", "CANCELED", "CANCELLED", "ERROR":
		return true
	}
	return false
}

// Documented reports whether the status word is one the interface or the
// queue protocol names (IN_QUEUE, IN_PROGRESS, COMPLETED), or a terminal
// word some queues use (FAILED, CANCELED, CANCELLED, ERROR). A missing
// status is not; neither is any other word, which is kept and shown as
// sent but counts toward the poller's end (limits.OddStatus).
func (t *VideoTask) Documented() bool {
	switch strings.ToUpper(t.Status) {
	case VideoInQueue, VideoInProgress:
		return true
	}
	return t.Terminal()
}

// Failure returns why a finished task failed, or nil while it runs or when
// it succeeded. A COMPLETED task failed when it carries error or error_type,
// or (form C) a detail that is not null; a task ending with any other
// terminal word failed by that word alone. Detail of a running task is
// progress, not failure.
func (t *VideoTask) Failure() *TaskError {
	if t == nil || !t.Terminal() {
		return nil
	}
	detail := videoMeaningful(t.Detail)
	completed := strings.EqualFold(t.Status, VideoCompleted)
	if completed && t.Error == "" && t.ErrorType == "" && detail == nil {
		return nil
	}
	te := &TaskError{RequestID: t.RequestID, Status: t.Status, Type: t.ErrorType, Message: t.Error, Detail: detail}
	if detail != nil {
		msg, typ := videoDetail(detail)
		if te.Message == "" {
			te.Message = msg
		}
		if te.Type == "" {
			te.Type = typ
		}
	}
	if te.Message == "" && !completed {
		te.Message = "the task ended as " + t.Status
	}
	return te
}

// videoLogs reads logs sent as a list, one object, or null. A list item or
// object that is not a log line becomes a line holding its JSON text, so
// that nothing sent is lost from view.
func videoLogs(raw json.RawMessage) []VideoLog {
	raw = videoNonNull(raw)
	if raw == nil {
		return nil
	}
	var items []json.RawMessage
	if raw[0] != '[' {
		items = []json.RawMessage{raw}
	} else if json.Unmarshal(raw, &items) != nil {
		return nil
	}
	out := make([]VideoLog, 0, len(items))
	for _, it := range items {
		var w struct {
			Message, Level, Source, Timestamp json.RawMessage
		}
		if len(it) == 0 || string(it) == "null" {
			continue
		}
		if it[0] != '{' || json.Unmarshal(it, &w) != nil || len(w.Message) == 0 {
			out = append(out, VideoLog{Message: videoMessage(it)})
			continue
		}
		out = append(out, VideoLog{Message: rawString(w.Message), Level: rawString(w.Level),
			Source: rawString(w.Source), Timestamp: rawString(w.Timestamp)})
	}
	return out
}

// videoInt reads an integer sent as a number or a string of digits.
func videoInt(raw json.RawMessage) *int {
	s := rawString(raw)
	if s == "" {
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < -1<<31 || f > 1<<31 {
		return nil
	}
	n := int(f)
	return &n
}

// videoNonNull returns raw, or nil for an absent or null value.
func videoNonNull(raw json.RawMessage) json.RawMessage {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	return raw
}

// videoMeaningful returns detail unless it says nothing: null, "", {} or [].
func videoMeaningful(raw json.RawMessage) json.RawMessage {
	raw = videoNonNull(raw)
	switch string(raw) {
	case `""`, "{}", "[]":
		return nil
	}
	var v any
	if json.Unmarshal(raw, &v) == nil {
		switch x := v.(type) {
		case string:
			if strings.TrimSpace(x) == "" {
				return nil
			}
		case map[string]any:
			if len(x) == 0 {
				return nil
			}
		case []any:
			if len(x) == 0 {
				return nil
			}
		}
	}
	return raw
}

// videoDetail renders a failure detail (a string, a {loc,msg,type} list or
// an object) as a message and a type.
func videoDetail(raw json.RawMessage) (msg, typ string) {
	switch raw[0] {
	case '"', '[':
		return detailText(raw)
	case '{':
		var o map[string]json.RawMessage
		if json.Unmarshal(raw, &o) == nil {
			for _, k := range []string{"message", "msg", "error", "detail", "reason"} {
				if m := videoMessage(o[k]); m != "" {
					msg = m
					break
				}
			}
			for _, k := range []string{"error_type", "type", "code"} {
				if s := rawString(o[k]); s != "" && len(s) < 100 {
					typ = s
					break
				}
			}
		}
	}
	if msg == "" {
		msg = plainText(raw)
	}
	return msg, typ
}

// videoMessage reads a message sent as a string, an object with a message,
// or anything else (kept as its compact JSON text).
func videoMessage(raw json.RawMessage) string {
	raw = videoNonNull(raw)
	if raw == nil {
		return ""
	}
	if raw[0] == '{' {
		var o struct {
			Message json.RawMessage `json:"message"`
		}
		if json.Unmarshal(raw, &o) == nil {
			if m := rawString(o.Message); m != "" {
				return m
			}
		}
		return plainText(raw)
	}
	return rawString(raw)
}
