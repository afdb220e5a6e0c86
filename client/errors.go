package client

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"atelier/internal/limits"
)

// maxErrorBody caps how much of an error reply is read.
const maxErrorBody = limits.ErrorBody

// APIError is a non-2xx reply, or an error event inside a stream (Status 0).
// It carries whatever the family's error body said; unknown bodies keep their
// text in Message.
type APIError struct {
	Group      Group
	Status     int           // HTTP status; 0 for an error sent inside a stream
	Type       string        // the protocol's error type or status word (rate_limit_error, RESOURCE_EXHAUSTED, ...)
	Code       string        // a finer code where the family has one (moderation_blocked, API_KEY_INVALID, ...)
	Message    string        // the human-readable message
	Param      string        // the offending request field, where the family names one
	RequestID  string        // the reply's request id, for support
	RetryAfter time.Duration // how long the service asked to wait, if it said
	Body       []byte        // the raw error body, credentials removed

	shouldRetry *bool // the x-should-retry header, when present
}

func (e *APIError) Error() string {
	var b strings.Builder
	if e.Group != "" {
		b.WriteString(string(e.Group))
		b.WriteString(": ")
	}
	if e.Status != 0 {
		b.WriteString(strings.TrimSpace(fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status)))) // 529 has no text
	} else {
		b.WriteString("error in stream")
	}
	if e.Type != "" {
		b.WriteString(": " + e.Type)
	}
	if e.Code != "" && e.Code != e.Type {
		b.WriteString(" (" + e.Code + ")")
	}
	if e.Message != "" {
		b.WriteString(": " + e.Message)
	}
	if e.RetryAfter > 0 && !strings.Contains(strings.ToLower(e.Message), "retry after") {
		fmt.Fprintf(&b, "; retry after %s", e.RetryAfter.Round(time.Millisecond)) // unless the message says it already
	}
	if e.RequestID != "" {
		b.WriteString(" [request " + e.RequestID + "]")
	}
	return b.String()
}

// Temporary reports whether the same request may succeed later.
func (e *APIError) Temporary() bool { return e.retryable(retryAlways) }

// apiError builds the error for a non-2xx reply.
func (c *Client) apiError(g Group, resp *http.Response, raw []byte) *APIError {
	e := &APIError{Group: g, Status: resp.StatusCode, RetryAfter: parseRetryAfter(resp.Header, time.Now()),
		RequestID: requestIDOf(resp.Header)}
	if v := resp.Header.Get("X-Should-Retry"); v != "" {
		b := strings.EqualFold(v, "true")
		e.shouldRetry = &b
	}
	decodeErrorBody(e, raw)
	if e.Type == "" {
		if t := resp.Header.Get("X-Fal-Error-Type"); t != "" {
			e.Type = t
		}
	}
	e.Message = c.redact(e.Message)
	e.Body = []byte(c.redact(string(raw)))
	return e
}

// errorBody is the union of every family's error envelope (PROTOCOLS.md 0.3).
type errorBody struct {
	Type      string          `json:"type"`       // alpha: "error"
	RequestID string          `json:"request_id"` // alpha
	Error     json.RawMessage `json:"error"`      // alpha, beta, gamma: object; qv: sometimes a string
	Detail    json.RawMessage `json:"detail"`     // qv: string or [{loc,msg,type}]
	ErrorType string          `json:"error_type"` // qv infrastructure errors
	Message   string          `json:"message"`    // gateways' own plain shapes
}

type errorObject struct {
	Type    string          `json:"type"`    // alpha, gamma
	Message string          `json:"message"` // all
	Status  string          `json:"status"`  // beta
	Code    json.RawMessage `json:"code"`    // beta: int; gamma: string or null
	Param   string          `json:"param"`   // gamma
	Details json.RawMessage `json:"details"` // beta: [google.rpc details]; alpha: {error_code}
}

// errorDetail is one google.rpc detail, or alpha's details object.
type errorDetail struct {
	Reason     string `json:"reason"`
	ErrorCode  string `json:"error_code"`
	RetryDelay string `json:"retryDelay"`
}

func (o errorObject) details() []errorDetail {
	var list []errorDetail
	if json.Unmarshal(o.Details, &list) == nil {
		return list
	}
	var one errorDetail
	if json.Unmarshal(o.Details, &one) == nil {
		return []errorDetail{one}
	}
	return nil
}

// decodeErrorBody fills e from raw by probing the known envelopes; anything
// else becomes the message as text.
func decodeErrorBody(e *APIError, raw []byte) {
	var b errorBody
	if json.Unmarshal(raw, &b) != nil {
		e.Message = plainText(raw)
		return
	}
	if b.RequestID != "" && e.RequestID == "" {
		e.RequestID = b.RequestID
	}
	switch {
	case len(b.Error) > 0 && b.Error[0] == '{':
		var o errorObject
		_ = json.Unmarshal(b.Error, &o)
		e.Type, e.Message, e.Param = o.Type, o.Message, o.Param
		if o.Status != "" {
			e.Type = o.Status
		}
		if code := rawString(o.Code); code != "" && !isNumber(code) {
			e.Code = code
		}
		for _, d := range o.details() {
			if d.Reason != "" {
				e.Code = d.Reason
			}
			if d.ErrorCode != "" {
				e.Code = d.ErrorCode
			}
			if e.RetryAfter == 0 && d.RetryDelay != "" {
				if dur, err := time.ParseDuration(d.RetryDelay); err == nil {
					e.RetryAfter = dur
				}
			}
		}
	case len(b.Error) > 0 && b.Error[0] == '"':
		e.Message = rawString(b.Error)
		e.Type = b.ErrorType
	case len(b.Detail) > 0:
		e.Type = b.ErrorType
		e.Message, e.Code = detailText(b.Detail)
		if e.Type == "" {
			e.Type = e.Code
		}
	case b.Message != "":
		e.Message = b.Message
	default:
		e.Message = plainText(raw)
	}
}

// detailItem is one entry of a queue validation error.
type detailItem struct {
	Loc  []any  `json:"loc"`
	Msg  string `json:"msg"`
	Type string `json:"type"`
}

// detailText renders a queue `detail` (a string, or a list of {loc,msg,type})
// as one message, returning the first item's type as the code.
func detailText(raw json.RawMessage) (msg, code string) {
	if s := rawString(raw); s != "" && raw[0] == '"' {
		return s, ""
	}
	var items []detailItem
	if json.Unmarshal(raw, &items) != nil {
		return plainText(raw), ""
	}
	parts := make([]string, 0, len(items))
	for _, it := range items {
		loc := make([]string, 0, len(it.Loc))
		for _, l := range it.Loc {
			loc = append(loc, fmt.Sprint(l))
		}
		if len(loc) > 0 {
			parts = append(parts, strings.Join(loc, ".")+": "+it.Msg)
		} else {
			parts = append(parts, it.Msg)
		}
		if code == "" {
			code = it.Type
		}
	}
	return strings.Join(parts, "; "), code
}

// rawString returns a JSON string's value, or the raw text of a non-string.
func rawString(raw json.RawMessage) string {
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// plainText shortens an unknown body to one readable line.
func plainText(raw []byte) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

// redact removes every configured credential from s.
func (c *Client) redact(s string) string {
	for _, g := range Groups {
		if k := c.keys.For(g); len(k) >= 4 && strings.Contains(s, k) {
			s = strings.ReplaceAll(s, k, "[redacted]")
		}
	}
	return s
}

// TaskError is a video task that finished with a failure: the status said
// COMPLETED but carried an error or detail, or the result fetch failed.
type TaskError struct {
	RequestID string
	Status    string          // the status word the task ended with
	Type      string          // error_type, or the first detail item's type
	Message   string          // what went wrong, in the service's words
	Detail    json.RawMessage // the failure detail as sent
}

func (e *TaskError) Error() string {
	s := "video task " + e.RequestID + " failed"
	if e.Type != "" {
		s += ": " + e.Type
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}
