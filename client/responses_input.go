package client

import (
	"encoding/base64"
	"encoding/json"
)

// ResponseInput is a request's input: plain user text, or a list of input
// items (messages with text and images, function call outputs, and output
// items echoed back from an earlier reply).
type ResponseInput struct {
	Text  string
	Items []ResponseInputItem // when not nil, sent instead of Text
}

// ResponseInputText returns input that is plain user text.
func ResponseInputText(text string) ResponseInput { return ResponseInput{Text: text} }

// ResponseInputItems returns input made of items.
func ResponseInputItems(items ...ResponseInputItem) ResponseInput {
	if items == nil {
		items = []ResponseInputItem{}
	}
	return ResponseInput{Items: items}
}

// IsZero reports whether there is no input.
func (in ResponseInput) IsZero() bool { return in.Text == "" && in.Items == nil }

// MarshalJSON sends the items as a list, or else the text as a string.
func (in ResponseInput) MarshalJSON() ([]byte, error) {
	if in.Items != nil {
		return json.Marshal(in.Items)
	}
	return json.Marshal(in.Text)
}

// ResponseInputItem is one input item. A message has Role and Content; a
// function_call_output has CallID and Output. When Raw is set it is sent
// exactly as it is and the other fields are ignored: that is how output
// items (reasoning with encrypted content, function calls) go back unchanged.
type ResponseInputItem struct {
	Type    string              `json:"type,omitempty"` // message, function_call_output, ...
	Role    string              `json:"role,omitempty"` // user, assistant, system, developer
	Content []ResponseInputPart `json:"content,omitempty"`
	CallID  string              `json:"call_id,omitempty"`
	Output  string              `json:"output,omitempty"`
	Raw     json.RawMessage     `json:"-"`
}

// MarshalJSON sends Raw when set, else the typed fields.
func (it ResponseInputItem) MarshalJSON() ([]byte, error) {
	if len(it.Raw) > 0 {
		return json.Marshal(it.Raw)
	}
	type alias ResponseInputItem
	return json.Marshal(alias(it))
}

// ResponseInputPart is one content part of an input message: input_text,
// input_image, or (in assistant history) output_text.
type ResponseInputPart struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"`
	// ImageURL is an http(s) URL or a data URL (data:image/png;base64,...).
	ImageURL string `json:"image_url,omitempty"`
	FileID   string `json:"file_id,omitempty"`
	Detail   string `json:"detail,omitempty"` // low, high, auto
	// Annotations is sent (empty) with output_text, which requires it.
	Annotations []json.RawMessage `json:"annotations,omitzero"`
}

// ResponseUserText returns a user message with one text part.
func ResponseUserText(text string) ResponseInputItem {
	return ResponseUserMessage(ResponseTextPart(text))
}

// ResponseUserMessage returns a user message made of parts (text, images).
func ResponseUserMessage(parts ...ResponseInputPart) ResponseInputItem {
	return ResponseInputItem{Type: "message", Role: "user", Content: parts}
}

// ResponseAssistantText returns an earlier assistant turn, as history: its
// text goes in an output_text part, as the protocol expects.
func ResponseAssistantText(text string) ResponseInputItem {
	return ResponseInputItem{Type: "message", Role: "assistant", Content: []ResponseInputPart{
		{Type: "output_text", Text: text, Annotations: []json.RawMessage{}},
	}}
}

// ResponseTextPart returns an input_text part.
func ResponseTextPart(text string) ResponseInputPart {
	return ResponseInputPart{Type: "input_text", Text: text}
}

// ResponseImagePart returns an input_image part for an http(s) URL or a data
// URL; detail (low, high, auto) may be empty.
func ResponseImagePart(url, detail string) ResponseInputPart {
	return ResponseInputPart{Type: "input_image", ImageURL: url, Detail: detail}
}

// ResponseImageDataPart returns an input_image part carrying data inline as
// a base64 data URL of the given media type (image/png, image/jpeg, ...).
func ResponseImageDataPart(mediaType string, data []byte, detail string) ResponseInputPart {
	return ResponseImagePart("data:"+mediaType+";base64,"+base64.StdEncoding.EncodeToString(data), detail)
}

// ResponseFunctionOutput returns the result of a function call, matched to
// the call by callID.
func ResponseFunctionOutput(callID, output string) ResponseInputItem {
	return ResponseInputItem{Type: "function_call_output", CallID: callID, Output: output}
}

// ResponseEcho returns an output item as an input item, sent exactly as it
// was received (a reasoning item keeps its encrypted_content). An item with
// no Raw, built by hand, is encoded from its fields.
func ResponseEcho(item ResponseItem) ResponseInputItem {
	raw := item.Raw
	if len(raw) == 0 {
		raw, _ = json.Marshal(item)
	}
	return ResponseInputItem{Raw: raw}
}
