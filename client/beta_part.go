package client

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
)

// BetaPart is one part of a beta turn. Exactly one data member is normally
// set (Text, InlineData, FileData, FunctionCall, ...); ThoughtSignature may
// ride on any of them.
//
// A part decoded from a reply keeps its bytes in Raw, unknown keys included.
// Marshalling it writes Raw back unchanged as long as the typed fields still
// say what Raw says, so a model turn sent back in the next request carries
// its thought signature exactly (the service rejects tool turns without it).
// A part whose fields were edited is encoded from its fields, with Raw's
// unknown keys kept beside them.
type BetaPart struct {
	Text string `json:"text,omitempty"`
	// Thought marks a part of the model's thinking rather than its answer.
	Thought bool `json:"thought,omitempty"`
	// ThoughtSignature is an opaque token (base64) that must go back on the
	// same part in the next request.
	ThoughtSignature    string                   `json:"thoughtSignature,omitempty"`
	InlineData          *BetaBlob                `json:"inlineData,omitempty"`
	FileData            *BetaFileData            `json:"fileData,omitempty"`
	FunctionCall        *BetaFunctionCall        `json:"functionCall,omitempty"`
	FunctionResponse    *BetaFunctionResponse    `json:"functionResponse,omitempty"`
	ExecutableCode      *BetaExecutableCode      `json:"executableCode,omitempty"`
	CodeExecutionResult *BetaCodeExecutionResult `json:"codeExecutionResult,omitempty"`
	// Raw is the part as received; nil for a part built in code.
	Raw json.RawMessage `json:"-"`
}

// BetaBlob is media sent inline: base64 data and its MIME type.
type BetaBlob struct {
	MimeType string `json:"mimeType"`
	Data     string `json:"data"` // base64
}

// Bytes decodes the base64 data, accepting the standard and URL alphabets
// with or without padding, since proto-JSON writers differ.
func (b BetaBlob) Bytes() ([]byte, error) {
	s := strings.TrimRight(b.Data, "=")
	if strings.ContainsAny(s, "-_") {
		return base64.RawURLEncoding.DecodeString(s)
	}
	return base64.RawStdEncoding.DecodeString(s)
}

// BetaFileData refers to media by URI instead of sending its bytes.
type BetaFileData struct {
	MimeType string `json:"mimeType,omitempty"`
	FileURI  string `json:"fileUri"`
}

// BetaFunctionCall is the model asking for a function to be called. Args is
// kept as sent, to be decoded into the caller's own type.
type BetaFunctionCall struct {
	ID   string          `json:"id,omitempty"`
	Name string          `json:"name"`
	Args json.RawMessage `json:"args,omitempty"`
}

// BetaFunctionResponse is the result of a function call, sent back in a user
// turn. ID and Name echo the call's.
type BetaFunctionResponse struct {
	ID       string          `json:"id,omitempty"`
	Name     string          `json:"name"`
	Response json.RawMessage `json:"response"`
}

// BetaExecutableCode is code the model wrote for the code-execution tool.
type BetaExecutableCode struct {
	Language string `json:"language,omitempty"`
	Code     string `json:"code"`
}

// BetaCodeExecutionResult is the outcome of running BetaExecutableCode.
type BetaCodeExecutionResult struct {
	Outcome string `json:"outcome,omitempty"`
	Output  string `json:"output,omitempty"`
}

// BetaTextPart returns a text part.
func BetaTextPart(text string) BetaPart { return BetaPart{Text: text} }

// BetaImagePart returns an inline media part holding data. An empty
// mimeType is sniffed from the bytes (image/png, image/jpeg, ...).
func BetaImagePart(data []byte, mimeType string) BetaPart {
	if mimeType == "" {
		mimeType = http.DetectContentType(data)
	}
	return BetaPart{InlineData: &BetaBlob{MimeType: mimeType, Data: base64.StdEncoding.EncodeToString(data)}}
}

// BetaFunctionResponsePart returns the part answering the function call
// named name (with the call's id, if it had one); response is encoded as
// JSON and should be an object.
func BetaFunctionResponsePart(name, id string, response any) (BetaPart, error) {
	raw, err := json.Marshal(response)
	if err != nil {
		return BetaPart{}, err
	}
	return BetaPart{FunctionResponse: &BetaFunctionResponse{ID: id, Name: name, Response: raw}}, nil
}

// betaPartJSON is BetaPart without its methods, for plain encoding.
type betaPartJSON BetaPart

// UnmarshalJSON decodes the typed fields and keeps a copy of data in Raw.
func (p *BetaPart) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var a betaPartJSON
	if err := json.Unmarshal(data, &a); err != nil {
		return err
	}
	*p = BetaPart(a)
	p.Raw = bytes.Clone(data)
	return nil
}

// MarshalJSON writes Raw when the typed fields still match it, and
// otherwise encodes the fields, keeping Raw's unknown keys.
func (p BetaPart) MarshalJSON() ([]byte, error) {
	typed, err := json.Marshal(betaPartJSON(p))
	if err != nil || len(p.Raw) == 0 {
		return typed, err
	}
	var orig betaPartJSON
	if json.Unmarshal(p.Raw, &orig) != nil {
		return typed, nil // Raw is not a part: the fields are all there is
	}
	if o, err := json.Marshal(orig); err == nil && bytes.Equal(o, typed) {
		return p.Raw, nil
	}
	return betaKeepUnknown(typed, p.Raw)
}

// betaPartKeys are the part keys BetaPart models.
var betaPartKeys = map[string]bool{
	"text": true, "thought": true, "thoughtSignature": true, "inlineData": true, "fileData": true,
	"functionCall": true, "functionResponse": true, "executableCode": true, "codeExecutionResult": true,
}

// betaKeepUnknown adds to the typed encoding the keys of raw that BetaPart
// does not model, so an edited part loses nothing the service sent.
func betaKeepUnknown(typed, raw []byte) ([]byte, error) {
	var from map[string]json.RawMessage
	if json.Unmarshal(raw, &from) != nil {
		return typed, nil
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(typed, &out); err != nil {
		return nil, err
	}
	added := false
	for k, v := range from {
		if !betaPartKeys[k] {
			out[k] = v
			added = true
		}
	}
	if !added {
		return typed, nil
	}
	return json.Marshal(out)
}

// hasData reports whether p holds a non-text data member.
func (p BetaPart) hasData() bool {
	return p.InlineData != nil || p.FileData != nil || p.FunctionCall != nil ||
		p.FunctionResponse != nil || p.ExecutableCode != nil || p.CodeExecutionResult != nil
}

// betaIsTextPart reports whether p is plain (thought or answer) text that
// may be merged with its neighbours: no data member and no key beyond text,
// thought and thoughtSignature. A part with keys we do not know is kept whole.
func betaIsTextPart(p BetaPart) bool {
	if p.hasData() {
		return false
	}
	if len(p.Raw) == 0 {
		return true
	}
	var keys map[string]json.RawMessage
	if json.Unmarshal(p.Raw, &keys) != nil {
		return false
	}
	for k := range keys {
		if k != "text" && k != "thought" && k != "thoughtSignature" {
			return false
		}
	}
	return true
}
