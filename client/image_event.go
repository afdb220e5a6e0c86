package client

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"atelier/client/sse"
)

// The event types of an image stream (PROTOCOLS 4.3). Others are passed on
// with their raw JSON.
const (
	ImageGenerationPartial   = "image_generation.partial_image"
	ImageGenerationCompleted = "image_generation.completed"
	ImageEditPartial         = "image_edit.partial_image"
	ImageEditCompleted       = "image_edit.completed"
	// ImageEventError is the type of an error event; the stream yields it
	// as an *APIError, never as an event to use.
	ImageEventError = "error"
)

// ImageEvent is one event of an image stream. Events of a type this client
// does not know keep their Type and Raw and nothing else.
type ImageEvent struct {
	Type string `json:"type"`
	// B64JSON is the image of a partial or completed event, in base64.
	B64JSON string `json:"b64_json,omitempty"`
	// PartialImageIndex counts partial images from 0.
	PartialImageIndex int         `json:"partial_image_index,omitempty"`
	CreatedAt         int64       `json:"created_at,omitempty"`
	Size              string      `json:"size,omitempty"`
	Quality           string      `json:"quality,omitempty"`
	Background        string      `json:"background,omitempty"`
	OutputFormat      string      `json:"output_format,omitempty"`
	Usage             *ImageUsage `json:"usage,omitempty"`

	// Raw is the event's data exactly as received; nil for a partial or
	// completed event of more than imageRawMax bytes that decoded, whose
	// image B64JSON holds (a 30 MiB image's event is 40 MiB: not held
	// twice).
	Raw json.RawMessage `json:"-"`
	// RequestID is the stream's request id, from the reply's headers.
	RequestID string `json:"-"`
}

// Partial reports whether the event carries a partial image.
func (e ImageEvent) Partial() bool {
	return e.Type == ImageGenerationPartial || e.Type == ImageEditPartial
}

// Completed reports whether the event carries a final image.
func (e ImageEvent) Completed() bool {
	return e.Type == ImageGenerationCompleted || e.Type == ImageEditCompleted
}

// Decode returns the event's image bytes, at most ImageMaxBytes.
func (e ImageEvent) Decode() ([]byte, error) {
	if e.B64JSON == "" {
		return nil, fmt.Errorf("%s event: no image data", e.Type)
	}
	b, err := imageDecodeB64(e.B64JSON, ImageMaxBytes)
	if err != nil {
		return nil, fmt.Errorf("%s event: b64_json: %w", e.Type, err)
	}
	return b, nil
}

// imageRawMax is the largest image event whose Raw is kept.
const imageRawMax = 1 << 20

// errImageSkip marks an event that carries nothing (a ping, a [DONE]).
var errImageSkip = errors.New("skip")

// imageParseEvent decodes one event. The data's own type wins over the
// advisory event name (PROTOCOLS 0.2 rule 2). An error event returns the
// event and an *APIError (not yet redacted); a ping or [DONE] returns
// errImageSkip; an unknown type is kept with its raw JSON; a known type whose
// JSON does not decode is an error.
func imageParseEvent(name string, data []byte) (ImageEvent, error) {
	data = bytes.TrimSpace(data)
	if string(data) == "[DONE]" || (name == "ping" && len(data) == 0) {
		return ImageEvent{}, errImageSkip
	}
	ev := ImageEvent{}
	var probe struct {
		Type    json.RawMessage `json:"type"`
		Error   json.RawMessage `json:"error"`
		Code    json.RawMessage `json:"code"`
		Message json.RawMessage `json:"message"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		ev.Type, ev.Raw = name, bytes.Clone(data)
		switch {
		case name == ImageEventError:
			return ev, &APIError{Group: Gamma, Message: plainText(data), Body: ev.Raw}
		case imageKnownName(name):
			return ev, fmt.Errorf("malformed %s event: %w", imageEventName(name), err)
		}
		return ev, nil // an unknown event need not carry JSON: kept as sent
	}
	ev.Type = rawString(probe.Type)
	if ev.Type == "" && name != sse.StrayJSON {
		ev.Type = name
	}
	if image := ev.Partial() || ev.Completed(); !image || len(data) <= imageRawMax {
		// A large image event is decoded first and not kept raw: the raw
		// data, its copy and the decoded image would be held at once.
		ev.Raw = bytes.Clone(data)
	}
	switch {
	case ev.Type == "ping":
		return ev, errImageSkip
	case ev.Type == ImageEventError,
		ev.Type == "" && (imageSet(probe.Error) || imageSet(probe.Code) || imageSet(probe.Message)):
		ev.Type = ImageEventError
		return ev, imageEventAPIError(data)
	case ev.Partial(), ev.Completed():
		typ := ev.Type
		freeBefore(len(data)) // the line's pieces, joined into data, are garbage now
		if err := json.Unmarshal(data, &ev); err != nil {
			return ImageEvent{Type: typ, Raw: bytes.Clone(data)}, fmt.Errorf("malformed %s event: %w", typ, err)
		}
		ev.Type = typ
	}
	return ev, nil
}

// imageSet reports whether a JSON value is present and not null.
func imageSet(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// imageKnownName reports whether an event name promises an image event's
// JSON: a known type, or no name at all (data-only framing).
func imageKnownName(name string) bool {
	switch name {
	case "", "message", sse.StrayJSON, ImageGenerationPartial, ImageGenerationCompleted,
		ImageEditPartial, ImageEditCompleted:
		return true
	}
	return false
}

// imageEventName keeps an event name readable in error text.
func imageEventName(name string) string {
	if name == "" || name == "message" || name == sse.StrayJSON {
		return "image stream"
	}
	if len(name) > 60 {
		name = name[:57] + "..."
	}
	return strings.ToValidUTF8(name, "?")
}

// imageEventAPIError reads an error event in either shape the protocol
// uses: {"type":"error","error":{...}} or a top-level code/message/param.
func imageEventAPIError(data []byte) *APIError {
	e := &APIError{Group: Gamma, Body: bytes.Clone(data)}
	decodeErrorBody(e, data)
	var top struct {
		Code  json.RawMessage `json:"code"`
		Param json.RawMessage `json:"param"`
	}
	if json.Unmarshal(data, &top) == nil {
		if code := rawString(top.Code); e.Code == "" && code != "" && !isNumber(code) {
			e.Code = code
		}
		if e.Param == "" {
			e.Param = rawString(top.Param)
		}
	}
	if e.Type == "" && e.Code == "" && e.Message == "" {
		e.Message = plainText(data)
	}
	return e
}

// imageEvent decodes one SSE event for the client, removing credentials
// from any error it carries.
func (c *Client) imageEvent(ev sse.Event) (ImageEvent, error) {
	out, err := imageParseEvent(ev.Type, ev.Data)
	var ae *APIError
	if errors.As(err, &ae) {
		ae.Message = c.redact(ae.Message)
		ae.Body = []byte(c.redact(string(ae.Body)))
		ae.Param = c.redact(ae.Param)
	} else if err != nil && err != errImageSkip {
		err = errors.New(c.redact(err.Error()))
	}
	return out, err
}
