package client

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
)

// VideoFile is one output file of a finished task.
type VideoFile struct {
	URL         string          `json:"url"`
	ContentType string          `json:"content_type,omitempty"`
	FileName    string          `json:"file_name,omitempty"`
	FileSize    int64           `json:"file_size,omitempty"` // bytes; 0 when not sent
	Raw         json.RawMessage `json:"-"`
}

// VideoResult is the output of a finished task: a video, or images (form C
// image tasks). Raw keeps the reply as sent.
type VideoResult struct {
	Video  *VideoFile
	Images []VideoFile
	Raw    json.RawMessage
}

// Files returns every output file, the video first.
func (r *VideoResult) Files() []VideoFile {
	var out []VideoFile
	if r.Video != nil {
		out = append(out, *r.Video)
	}
	return append(out, r.Images...)
}

// VideoResult fetches the output of a COMPLETED task from its response URL
// (or the interface's /queue/qv/<family>/requests/<id> when the handle has
// none). The body may be the model output itself ({"video": {...}}) or the
// form C envelope ({"result": {...}}); both are read. A reply saying that
// the task failed (a 422 detail list, a detail with error_type, or a form C
// detail) is a *TaskError; when it came as a non-2xx reply the *APIError is
// wrapped too, for errors.As.
func (c *Client) VideoResult(ctx context.Context, t *VideoTask) (*VideoResult, error) {
	ref, err := videoRef(t, t.ResponseURL, "")
	if err != nil {
		return nil, fmt.Errorf("video result: %w", err)
	}
	r := request{group: Queue, method: http.MethodGet, path: ref, accept: "application/json", retry: retryAlways}
	raw, err := c.doJSON(ctx, r, nil)
	var ae *APIError
	if errors.As(err, &ae) {
		if te := videoFailedFetch(t, ae); te != nil {
			return nil, fmt.Errorf("video result: %w", &videoResultError{task: te, api: ae})
		}
	}
	if err != nil {
		return nil, fmt.Errorf("video result: %w", err)
	}
	res, te, err := videoDecodeResult(raw)
	if err != nil {
		return nil, fmt.Errorf("video result: %w", err)
	}
	if te != nil {
		te.RequestID = t.RequestID
		return nil, fmt.Errorf("video result: %w", te)
	}
	return res, nil
}

// videoResultError is a task failure told by a non-2xx result reply: it is
// both the *TaskError and the *APIError.
type videoResultError struct {
	task *TaskError
	api  *APIError
}

func (e *videoResultError) Error() string {
	return fmt.Sprintf("%s (HTTP %d)", e.task.Error(), e.api.Status)
}

func (e *videoResultError) Unwrap() []error { return []error{e.task, e.api} }

// videoFailedFetch tells a failed task from a failed fetch: a reply about
// the request itself (401, 403, 404, 408, 429, or a 5xx without error_type)
// says nothing about the task.
func videoFailedFetch(t *VideoTask, ae *APIError) *TaskError {
	var body struct {
		Detail    json.RawMessage `json:"detail"`
		ErrorType json.RawMessage `json:"error_type"`
	}
	_ = json.Unmarshal(ae.Body, &body)
	errType := rawString(body.ErrorType)
	switch ae.Status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound,
		http.StatusRequestTimeout, http.StatusTooManyRequests:
		return nil
	}
	if errType == "" && (ae.Status >= 500 || videoMeaningful(body.Detail) == nil) {
		return nil
	}
	te := &TaskError{RequestID: t.RequestID, Status: VideoCompleted, Type: errType,
		Message: ae.Message, Detail: videoMeaningful(body.Detail)}
	if te.Type == "" {
		te.Type = ae.Type
	}
	if te.RequestID == "" {
		te.RequestID = ae.RequestID
	}
	return te
}

// videoDecodeResult reads a result body. A form C envelope whose detail is
// set, or a body with only an error, is a failure.
func videoDecodeResult(raw []byte) (*VideoResult, *TaskError, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(raw, &top); err != nil {
		return nil, nil, fmt.Errorf("decode reply: %w", err)
	}
	if top == nil {
		return nil, nil, errors.New("decode reply: null instead of an object")
	}
	res := &VideoResult{Raw: append(json.RawMessage(nil), raw...)}
	res.read(top)
	if inner := videoNonNull(top["result"]); res.Video == nil && len(res.Images) == 0 && inner != nil {
		var m map[string]json.RawMessage
		if json.Unmarshal(inner, &m) == nil {
			res.read(m)
		}
	}
	if res.Video == nil && len(res.Images) == 0 {
		var t VideoTask
		if json.Unmarshal(raw, &t) == nil {
			if t.Status == "" {
				t.Status = VideoCompleted // a result is only fetched once the task completed
			}
			if te := t.Failure(); te != nil {
				return nil, te, nil
			}
		}
	}
	return res, nil, nil
}

// read takes the video and images out of an output object.
func (r *VideoResult) read(m map[string]json.RawMessage) {
	if f, ok := videoDecodeFile(m["video"]); ok {
		r.Video = &f
	}
	var items []json.RawMessage
	if json.Unmarshal(videoNonNull(m["images"]), &items) == nil {
		for _, it := range items {
			if f, ok := videoDecodeFile(it); ok {
				r.Images = append(r.Images, f)
			}
		}
	}
}

// videoDecodeFile reads a file object, or a bare URL string.
func videoDecodeFile(raw json.RawMessage) (VideoFile, bool) {
	raw = videoNonNull(raw)
	if raw == nil {
		return VideoFile{}, false
	}
	if raw[0] == '"' {
		u := rawString(raw)
		return VideoFile{URL: u, Raw: raw}, u != ""
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return VideoFile{}, false
	}
	f := VideoFile{URL: rawString(m["url"]), ContentType: rawString(m["content_type"]),
		FileName: rawString(m["file_name"]), Raw: raw}
	if n, err := strconv.ParseFloat(rawString(m["file_size"]), 64); err == nil && n > 0 && n < 1<<62 {
		f.FileSize = int64(n)
	}
	return f, f.URL != ""
}

// Output returns the files a form C status reply carries in its result, so
// that a finished task needs no separate result fetch; nil when it has none.
func (t *VideoTask) Output() *VideoResult {
	if t == nil || t.Result == nil {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(t.Result, &m) != nil {
		return nil
	}
	res := &VideoResult{Raw: t.Result}
	res.read(m)
	if res.Video == nil && len(res.Images) == 0 {
		return nil
	}
	return res
}
