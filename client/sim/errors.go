package sim

import (
	"net/http"
	"strconv"
	"strings"
)

// apiError is one error reply before it is written in a family's shape.
type apiError struct {
	status int
	typ    string // the family's error type; empty means the default for status
	code   string // gamma's finer code; queue's error_type
	param  string // gamma: the offending field
	msg    string
}

// violation is one broken request rule.
type violation struct {
	field string // JSON path, e.g. "thinking.budget_tokens"; "query." or "path." for the URL
	msg   string
	typ   string // queue detail type; empty means "value_error"
}

// fail writes an error reply with the family's default type for status.
func (c *call) fail(status int, msg string) {
	c.writeError(apiError{status: status, msg: msg})
}

// invalid answers a request that breaks documented rules: 400 in the
// family's shape, or 422 with one detail item per violation for the queue.
func (c *call) invalid(vs []violation) {
	if c.g == groupQueue {
		items := make([]map[string]any, 0, len(vs))
		for _, v := range vs {
			items = append(items, detailItem(v))
		}
		c.writeJSON(http.StatusUnprocessableEntity, map[string]any{"detail": items})
		return
	}
	parts := make([]string, 0, len(vs))
	for _, v := range vs {
		parts = append(parts, v.field+": "+v.msg)
	}
	e := apiError{status: http.StatusBadRequest, msg: strings.Join(parts, "; ")}
	if c.g == groupGamma && len(vs) > 0 {
		e.param, e.code = vs[0].field, "invalid_value"
		if strings.Contains(vs[0].msg, "required") {
			e.code = "missing_required_parameter"
		}
	}
	c.writeError(e)
}

// detailItem is a queue validation detail: loc, msg and type.
func detailItem(v violation) map[string]any {
	loc, field := []any{"body"}, v.field
	for _, in := range []string{"query", "path"} {
		if rest, ok := strings.CutPrefix(field, in+"."); ok {
			loc, field = []any{in}, rest
		}
	}
	for _, p := range strings.FieldsFunc(field, func(r rune) bool { return r == '.' || r == '[' || r == ']' }) {
		if n, err := strconv.Atoi(p); err == nil {
			loc = append(loc, n)
		} else {
			loc = append(loc, p)
		}
	}
	typ := v.typ
	if typ == "" {
		typ = "value_error"
	}
	return map[string]any{"loc": loc, "msg": v.msg, "type": typ}
}

// writeError writes e in the shape of the call's family (PROTOCOLS 1.7, 2.5,
// 3.4, 5.7). Errors are never subject to reply faults.
func (c *call) writeError(e apiError) {
	if e.status == http.StatusTooManyRequests {
		c.w.Header().Set("Retry-After", "1")
	}
	var body map[string]any
	switch c.g {
	case groupAlpha:
		body = map[string]any{
			"type":       "error",
			"error":      map[string]any{"type": or(e.typ, alphaErrorType(e.status)), "message": e.msg},
			"request_id": c.reqID(),
		}
	case groupBeta:
		inner := map[string]any{"code": e.status, "message": e.msg, "status": or(e.typ, betaStatus(e.status))}
		if e.status == http.StatusTooManyRequests {
			inner["details"] = []any{map[string]any{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "1s"}}
		}
		body = map[string]any{"error": inner}
	case groupGamma:
		typ, code := gammaErrorType(e.status)
		body = map[string]any{"error": map[string]any{
			"message": e.msg, "type": or(e.typ, typ), "param": nullable(e.param), "code": nullable(or(e.code, code)),
		}}
	default:
		body = map[string]any{"detail": e.msg}
		if t := or(e.code, queueErrorType(e.status)); t != "" {
			body["error_type"] = t
		}
	}
	c.writeJSON(e.status, body)
}

func alphaErrorType(status int) string {
	switch status {
	case 401:
		return "authentication_error"
	case 403:
		return "permission_error"
	case 404:
		return "not_found_error"
	case 413:
		return "request_too_large"
	case 429:
		return "rate_limit_error"
	case 500:
		return "api_error"
	case 529:
		return "overloaded_error"
	}
	return "invalid_request_error"
}

func betaStatus(status int) string {
	switch status {
	case 401:
		return "UNAUTHENTICATED"
	case 404:
		return "NOT_FOUND"
	case 429:
		return "RESOURCE_EXHAUSTED"
	case 500:
		return "INTERNAL"
	case 503:
		return "UNAVAILABLE"
	}
	return "INVALID_ARGUMENT"
}

func gammaErrorType(status int) (typ, code string) {
	switch status {
	case 401:
		return "invalid_request_error", "invalid_api_key"
	case 404:
		return "invalid_request_error", "not_found"
	case 429:
		return "requests", "rate_limit_exceeded"
	case 500, 503:
		return "server_error", ""
	}
	return "invalid_request_error", ""
}

func queueErrorType(status int) string {
	switch status {
	case 413:
		return "request_too_large"
	case 429:
		return "rate_limited"
	case 500:
		return "internal_server_error"
	case 503:
		return "runner_scheduling_failure"
	}
	return ""
}

// or returns a, or b when a is empty.
func or(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// nullable is s, or JSON null when s is empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}
