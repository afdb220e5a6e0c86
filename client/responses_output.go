package client

import "strings"

// OutputText returns the text of the reply: every output_text part of every
// message item, in order, joined as the protocol's own clients join it. The
// real protocol sends no output_text field and leaves this to the client;
// when a reply has no output_text part but did carry the field (as the
// interface lists it), that field is returned instead.
func (r *Response) OutputText() string {
	if r == nil {
		return ""
	}
	var texts []string
	for _, it := range r.Output {
		if it.Type != "message" {
			continue
		}
		for _, c := range it.Content {
			if c.Type == "output_text" {
				texts = append(texts, c.Text)
			}
		}
	}
	if texts == nil {
		return r.SentOutputText
	}
	return strings.Join(texts, "") // one part: that very string, not a copy
}

// Reasoning returns the reasoning summary, one paragraph per summary part,
// or the reasoning text itself for a reasoning item that has no summary.
func (r *Response) Reasoning() string {
	if r == nil {
		return ""
	}
	var parts []string
	for _, it := range r.Output {
		if it.Type != "reasoning" {
			continue
		}
		for _, s := range it.Summary {
			parts = append(parts, s.Text)
		}
		if len(it.Summary) == 0 {
			for _, c := range it.Content {
				if c.Type == "reasoning_text" {
					parts = append(parts, c.Text)
				}
			}
		}
	}
	return strings.Join(parts, "\n\n")
}

// Refusal returns the text of every refusal part: a refusal is data, not an
// error.
func (r *Response) Refusal() string {
	if r == nil {
		return ""
	}
	var b strings.Builder
	for _, it := range r.Output {
		for _, c := range it.Content {
			if c.Type == "refusal" {
				b.WriteString(c.Refusal)
			}
		}
	}
	return b.String()
}

// FunctionCalls returns the function_call items, whose Name, Arguments and
// CallID say what the model asked to run.
func (r *Response) FunctionCalls() []ResponseItem {
	if r == nil {
		return nil
	}
	var out []ResponseItem
	for _, it := range r.Output {
		if it.Type == "function_call" {
			out = append(out, it)
		}
	}
	return out
}

// Failed returns the generation failure the reply reports (status failed,
// with error code and message) as an *APIError with Status 0, Type "failed"
// and the failure's Code; nil otherwise. An incomplete response is not a
// failure: IncompleteDetails says why it stopped.
func (r *Response) Failed() error {
	return r.responsesFailure(func(s string) string { return s })
}

// responsesFailure is Failed with the message passed through redact.
func (r *Response) responsesFailure(redact func(string) string) error {
	if r == nil {
		return nil
	}
	hasErr := r.Error != nil && (r.Error.Code != "" || r.Error.Message != "")
	if r.Status != "failed" && (r.Status != "" || !hasErr) {
		return nil
	}
	e := &APIError{Group: Gamma, Type: "failed", Message: "the response failed"}
	if hasErr {
		e.Code, e.Message = r.Error.Code, redact(r.Error.Message)
	}
	return e
}

// InputItems returns the reply's output items as input items for the next
// turn, each exactly as received, so reasoning (with its encrypted content)
// and function calls go back unchanged.
func (r *Response) InputItems() []ResponseInputItem {
	if r == nil {
		return nil
	}
	out := make([]ResponseInputItem, 0, len(r.Output))
	for _, it := range r.Output {
		out = append(out, ResponseEcho(it))
	}
	return out
}
