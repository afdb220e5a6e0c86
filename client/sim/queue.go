package sim

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
)

// Reply forms of a video submission (INTERFACE 2.11).
const (
	formA  = "A"
	formA2 = "A2"
	formB  = "B"
	formC  = "C"
)

// qvEndpoint is one video submission endpoint.
type qvEndpoint struct {
	pattern  string   // path after /queue/qv/; "{mode}" is videob's mode segment
	form     string   // reply form
	required []string // fields that must be present; "a|b" means one of them
	modes    []string // allowed values of {mode}
	webhook  bool     // whether queue_webhook is listed for the endpoint
}

var (
	videobModes = []string{"standard", "pro", "4k"}
	videobV2V   = []string{"standard", "std", "pro"}
)

// qvEndpoints are the sixteen submission endpoints of the interface.
var qvEndpoints = []qvEndpoint{
	{pattern: "videoa/q1/text-to-video", form: formA, required: []string{"prompt"}, webhook: true},
	{pattern: "videoa/q1/reference-to-video", form: formA, required: []string{"prompt", "subjects"}, webhook: true},
	{pattern: "videoa/q1/image-to-video", form: formA, required: []string{"prompt", "image_url"}},
	{pattern: "videoa/q1/start-end-to-video", form: formA, required: []string{"prompt", "start_image_url", "end_image_url"}},
	{pattern: "videoa/q3/reference-to-video/turbo", form: formA2, required: []string{"prompt", "reference_image_urls"}, webhook: true},
	{pattern: "videoa/q3/image-to-video/turbo", form: formA, required: []string{"image_url"}, webhook: true},
	{pattern: "videoa/q3/text-to-video/turbo", form: formA, required: []string{"prompt"}, webhook: true},
	{pattern: "videoa/q3/start-end-to-video/turbo", form: formA, required: []string{"start_image_url", "end_image_url"}, webhook: true},
	{pattern: "videob/o3/{mode}/text-to-video", form: formB, required: []string{"prompt|multi_prompt"}, modes: videobModes, webhook: true},
	{pattern: "videob/o3/{mode}/image-to-video", form: formB, required: []string{"image_url"}, modes: videobModes, webhook: true},
	{pattern: "videob/o3/{mode}/reference-to-video", form: formB, required: []string{"prompt|multi_prompt"}, modes: videobModes, webhook: true},
	{pattern: "videob/o3/{mode}/video-to-video/reference", form: formB, required: []string{"prompt", "video_url"}, modes: videobV2V, webhook: true},
	{pattern: "videob/o3/{mode}/video-to-video/edit", form: formB, required: []string{"prompt", "video_url"}, modes: videobV2V, webhook: true},
	{pattern: "videoc3.1/fast", form: formC, required: []string{"prompt"}, webhook: true},
	{pattern: "videoc3.1/fast/first-last-frame-to-video", form: formC, required: []string{"prompt", "first_frame_url", "last_frame_url"}, webhook: true},
	{pattern: "videoc3.1/fast/image-to-video", form: formC, required: []string{"prompt", "image_url"}, webhook: true},
}

// family is the endpoint's first path segment: videoa, videob or videoc3.1.
func (e qvEndpoint) family() string { return strings.SplitN(e.pattern, "/", 2)[0] }

// matchEndpoint finds the endpoint for a path after /queue/qv/ and the
// mode segment it carries.
func matchEndpoint(path string) (qvEndpoint, string, bool) {
	segs := strings.Split(path, "/")
	for _, e := range qvEndpoints {
		want := strings.Split(e.pattern, "/")
		if len(want) != len(segs) {
			continue
		}
		mode, ok := "", true
		for i, w := range want {
			if w == "{mode}" {
				mode = segs[i]
			} else if w != segs[i] {
				ok = false
				break
			}
		}
		if ok {
			return e, mode, true
		}
	}
	return qvEndpoint{}, "", false
}

// routeQueue serves submissions, status and results under /queue/qv/.
func (s *Server) routeQueue(c *call) {
	rest, ok := strings.CutPrefix(c.r.URL.Path, "/queue/qv/")
	segs := strings.Split(rest, "/")
	switch {
	case !ok:
	case len(segs) == 4 && segs[1] == "requests" && segs[3] == "status":
		if c.get() {
			c.taskStatus(segs[0], segs[2])
		}
		return
	case len(segs) == 3 && segs[1] == "requests":
		if c.get() {
			c.taskResult(segs[0], segs[2])
		}
		return
	default:
		if e, mode, found := matchEndpoint(rest); found {
			if c.post() {
				c.submit(e, rest, mode)
			}
			return
		}
	}
	c.fail(http.StatusNotFound, "Not Found: no such endpoint "+c.r.URL.Path)
}

// get reports whether the request is a GET, answering 405 when not.
func (c *call) get() bool {
	if c.r.Method == http.MethodGet || c.r.Method == http.MethodHead {
		return true
	}
	c.w.Header().Set("Allow", http.MethodGet)
	c.fail(http.StatusMethodNotAllowed, "method "+c.r.Method+" not allowed; use GET")
	return false
}

// submit creates a task and answers with the endpoint's reply form.
func (c *call) submit(e qvEndpoint, path, mode string) {
	var body map[string]any
	if err := json.Unmarshal(c.body, &body); err != nil || body == nil {
		c.invalid([]violation{{field: "", msg: "the body must be a JSON object", typ: "json_invalid"}})
		return
	}
	vs := append(c.s.checkVideo(e, path, mode, body), checkFirstFrame(e, body)...)
	hook, hookErr := parseWebhook(c.r.URL.Query().Get("queue_webhook"))
	if hookErr != nil {
		vs = append(vs, violation{field: "query.queue_webhook", msg: hookErr.Error(), typ: "url_parsing"})
	}
	if len(vs) > 0 {
		c.invalid(vs)
		return
	}
	target := ""
	if hook != nil && e.webhook && c.s.opts.AllowWebhook(hook) {
		target = hook.String()
	}
	t := c.s.newTask(e, c.body, body, c.baseURL(), target)
	c.s.armWebhook(t)
	c.reply(http.StatusOK, t.handle())
}

// checkVideo validates a submission: the mode segment, then the lead's
// rule table when configured, else the required fields.
func (s *Server) checkVideo(e qvEndpoint, path, mode string, body map[string]any) []violation {
	var vs []violation
	if e.modes != nil && !oneOf(mode, e.modes...) {
		vs = append(vs, violation{field: "path.mode", msg: fmt.Sprintf("must be one of %s (got %q)", strings.Join(e.modes, ", "), mode), typ: "enum"})
	}
	if s.opts.ValidateVideo != nil {
		return append(vs, hookViolations(s.opts.ValidateVideo(path, body))...)
	}
	for _, req := range e.required {
		names := strings.Split(req, "|")
		present := false
		for _, n := range names {
			present = present || !empty(body[n])
		}
		if !present {
			vs = append(vs, violation{field: names[0], msg: "field required", typ: "missing"})
		}
	}
	if _, ok := body["multi_prompt"]; ok && !empty(body["prompt"]) {
		vs = append(vs, violation{field: "multi_prompt", msg: "prompt and multi_prompt are mutually exclusive"})
	}
	return vs
}

// hookViolations turns the validator's error into detail items: one per
// joined error, the text before the first ": " naming the field.
func hookViolations(err error) []violation {
	if err == nil {
		return nil
	}
	var leaves []error
	var walk func(error)
	walk = func(e error) {
		if j, ok := e.(interface{ Unwrap() []error }); ok {
			for _, x := range j.Unwrap() {
				walk(x)
			}
			return
		}
		leaves = append(leaves, e)
	}
	walk(err)
	vs := make([]violation, 0, len(leaves))
	for _, e := range leaves {
		field, msg, ok := strings.Cut(e.Error(), ": ")
		if !ok || strings.ContainsAny(field, " \t") {
			field, msg = "", e.Error()
		}
		vs = append(vs, violation{field: field, msg: msg})
	}
	return vs
}

// empty reports whether a JSON value is missing, null, "" or [].
func empty(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	}
	return false
}

// parseWebhook reads the queue_webhook query parameter ("" means none).
func parseWebhook(s string) (*url.URL, error) {
	if s == "" {
		return nil, nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, errors.New("must be an absolute http(s) URL")
	}
	return u, nil
}
