package client

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"

	"atelier/client/sse"
)

// The Responses-protocol event types (PROTOCOLS 3.3). Others pass on as they
// come, with their JSON in ResponseEvent.Raw.
const (
	ResponseEventCreated             = "response.created"
	ResponseEventQueued              = "response.queued"
	ResponseEventInProgress          = "response.in_progress"
	ResponseEventCompleted           = "response.completed"
	ResponseEventIncomplete          = "response.incomplete"
	ResponseEventFailed              = "response.failed"
	ResponseEventItemAdded           = "response.output_item.added"
	ResponseEventItemDone            = "response.output_item.done"
	ResponseEventPartAdded           = "response.content_part.added"
	ResponseEventPartDone            = "response.content_part.done"
	ResponseEventTextDelta           = "response.output_text.delta"
	ResponseEventTextDone            = "response.output_text.done"
	ResponseEventAnnotationAdded     = "response.output_text.annotation.added"
	ResponseEventRefusalDelta        = "response.refusal.delta"
	ResponseEventRefusalDone         = "response.refusal.done"
	ResponseEventSummaryPartAdded    = "response.reasoning_summary_part.added"
	ResponseEventSummaryPartDone     = "response.reasoning_summary_part.done"
	ResponseEventSummaryTextDelta    = "response.reasoning_summary_text.delta"
	ResponseEventSummaryTextDone     = "response.reasoning_summary_text.done"
	ResponseEventReasoningTextDelta  = "response.reasoning_text.delta"
	ResponseEventReasoningTextDone   = "response.reasoning_text.done"
	ResponseEventWebSearchInProgress = "response.web_search_call.in_progress"
	ResponseEventWebSearchSearching  = "response.web_search_call.searching"
	ResponseEventWebSearchCompleted  = "response.web_search_call.completed"
	ResponseEventArgumentsDelta      = "response.function_call_arguments.delta"
	ResponseEventArgumentsDone       = "response.function_call_arguments.done"
	ResponseEventError               = "error"
)

const (
	// responsesDoneSentinel is a data line some servers end a stream with.
	responsesDoneSentinel = "[DONE]"
	// responsesNoSequence marks an event that carried no sequence number.
	responsesNoSequence int64 = -1
)

// ResponseEvent is one event of a Responses-protocol stream. Which fields
// are set depends on Type; Raw always holds the event's JSON, including
// fields not listed here (the obfuscation padding among them).
type ResponseEvent struct {
	Type string `json:"type"`
	// SequenceNumber orders the events of one stream; -1 when the event
	// carried none.
	SequenceNumber  int64  `json:"sequence_number"`
	OutputIndex     int    `json:"output_index"`
	ContentIndex    int    `json:"content_index"`
	SummaryIndex    int    `json:"summary_index"`
	AnnotationIndex int    `json:"annotation_index"`
	ItemID          string `json:"item_id"`

	Delta     string `json:"delta"`     // *.delta events
	Text      string `json:"text"`      // output_text, summary and reasoning .done: the full text
	Refusal   string `json:"refusal"`   // refusal.done: the full refusal
	Name      string `json:"name"`      // function_call_arguments.done
	Arguments string `json:"arguments"` // function_call_arguments.done: the full arguments

	Item       *ResponseItem       `json:"item"`       // output_item.added and .done
	Part       *ResponseContent    `json:"part"`       // content_part and reasoning_summary_part events
	Annotation *ResponseAnnotation `json:"annotation"` // output_text.annotation.added
	Logprobs   json.RawMessage     `json:"logprobs"`   // output_text.delta and .done
	// Response is the response object of created, queued, in_progress,
	// completed, incomplete and failed events.
	Response *Response `json:"response"`

	// Code, Message and Param describe an error event, from its top level
	// or from a nested error object; ErrorType is the nested object's type.
	// A data object with only a nested error gets Type "error".
	Code      string `json:"-"`
	Message   string `json:"-"`
	Param     string `json:"-"`
	ErrorType string `json:"-"`

	Raw json.RawMessage `json:"-"`
}

// responsesErrorFields are an error event's fields in either shape.
type responsesErrorFields struct {
	Type    string          `json:"type"`
	Code    json.RawMessage `json:"code"`
	Message string          `json:"message"`
	Param   json.RawMessage `json:"param"`
}

// UnmarshalJSON decodes e leniently, reads an error event's fields from
// either shape, and keeps the bytes in Raw.
func (e *ResponseEvent) UnmarshalJSON(b []byte) error {
	type alias ResponseEvent
	var w struct {
		*alias
		Code    json.RawMessage       `json:"code"`
		Message json.RawMessage       `json:"message"`
		Param   json.RawMessage       `json:"param"`
		Error   *responsesErrorFields `json:"error"`
	}
	*e = ResponseEvent{SequenceNumber: responsesNoSequence}
	w.alias = (*alias)(e)
	if err := responsesDecode(b, &w); err != nil {
		return err
	}
	e.Code, e.Message, e.Param = rawString(w.Code), rawString(w.Message), rawString(w.Param)
	if n := w.Error; n != nil {
		e.ErrorType = n.Type
		e.Code = cmp.Or(e.Code, rawString(n.Code))
		e.Message = cmp.Or(e.Message, n.Message)
		e.Param = cmp.Or(e.Param, rawString(n.Param))
		if e.Type == "" {
			e.Type = ResponseEventError // a bare {"error":{...}} line from a gateway
		}
	}
	e.Raw = responsesClone(b)
	return nil
}

// errResponsesSkip marks data that is not an event ([DONE], a blank line).
var errResponsesSkip = errors.New("not an event")

// responsesDecodeEvent decodes one server-sent event. The type comes from
// the data's type field; the SSE event name is only a fallback.
func responsesDecodeEvent(se sse.Event) (ResponseEvent, error) {
	data := bytes.TrimSpace(se.Data)
	if len(data) == 0 || string(data) == responsesDoneSentinel {
		return ResponseEvent{}, errResponsesSkip
	}
	name := se.Type
	if name == sse.StrayJSON {
		name = ""
	}
	if !responsesIsObject(data) {
		return ResponseEvent{}, fmt.Errorf("malformed %s event: not a JSON object: %s", cmp.Or(name, "unnamed"), plainText(data))
	}
	var ev ResponseEvent
	if err := json.Unmarshal(data, &ev); err != nil {
		return ResponseEvent{}, fmt.Errorf("malformed %s event: %w", cmp.Or(name, "unnamed"), err)
	}
	if ev.Type == "" {
		ev.Type = name
	}
	return ev, nil
}

// responsesEventError is the *APIError for an error event.
func (c *Client) responsesEventError(ev ResponseEvent) *APIError {
	e := &APIError{Group: Gamma, Type: ev.ErrorType, Code: ev.Code, Message: c.redact(ev.Message), Param: ev.Param}
	if e.Message == "" && e.Code == "" {
		e.Message = "error event without a message"
	}
	e.Body = []byte(c.redact(string(ev.Raw)))
	return e
}
