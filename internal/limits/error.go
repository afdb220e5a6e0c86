package limits

import (
	"errors"
	"fmt"
	"time"
)

// ErrLimit is matched (errors.Is) by every size limit reached: what arrived
// up to the limit is kept, the rest is not read.
var ErrLimit = errors.New("limit reached")

// ErrIdle is matched (errors.Is) by a stream or body that went quiet.
var ErrIdle = errors.New("idle timeout")

// Error is a limit reached, told in one line that names the limit.
type Error struct {
	Limit   string // what is limited: "reply text", "JSON reply", "idle timeout", ...
	Value   string // the limit: "8 MiB", "2m0s"
	What    string // what happened: "the reply is cut there"
	Setting string // where it is set, e.g. "limits.reply_text in config.toml"; empty when fixed
	Cause   error  // the lower-level error that told of it, if any (not shown)
	kind    error  // ErrLimit or ErrIdle
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s limit (%s) reached", e.Limit, e.Value)
	if e.kind == ErrIdle {
		s = fmt.Sprintf("%s (%s) reached", e.Limit, e.Value)
	}
	if e.What != "" {
		s += ": " + e.What
	}
	if e.Setting != "" {
		s += " (" + e.Setting + ")"
	}
	return s
}

// Is makes errors.Is(err, ErrLimit) (or ErrIdle) true for an Error.
func (e *Error) Is(target error) bool { return target == e.kind }

// Unwrap returns the lower-level error, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Cause }

// Over returns the error for a size limit of max bytes.
func Over(limit string, max int64, what string) *Error {
	return &Error{Limit: limit, Value: Size(max), What: what, kind: ErrLimit}
}

// Idle returns the error for a wait of d with nothing arriving.
func Idle(d time.Duration, what string) *Error {
	return &Error{Limit: "idle timeout", Value: d.String(), What: what, Setting: "limits.idle_timeout in config.toml", kind: ErrIdle}
}

// WithSetting returns e naming where its limit is set.
func (e *Error) WithSetting(s string) *Error {
	c := *e
	c.Setting = s
	return &c
}
