package limits

import "time"

// Units of size.
const (
	KiB = 1 << 10
	MiB = 1 << 20
	GiB = 1 << 30
)

// The sizes, one per purpose. ReplyText and IdleTimeout can be changed in
// config.toml ([limits]); the others are fixed.
const (
	// ReplyText is the reply text (text and thinking together) kept per
	// turn. A stream that passes it is cut there, keeping what arrived.
	ReplyText = 8 * MiB
	// ReplyTextMin and ReplyTextMax bound what config.toml may set.
	ReplyTextMin = 64 * KiB
	ReplyTextMax = 256 * MiB

	// ChatStream is all the event data of one chat stream: what a reply may
	// carry besides its text (tool input, citations, usage) stays bounded.
	ChatStream = 64 * MiB
	// ImageStream is all the event data of one image stream (partial and
	// final images of up to Event each).
	ImageStream = 320 * MiB
	// Event is the largest server-sent event: a partial image of many
	// megabytes.
	Event = 64 * MiB
	// ChatEventSlack is what one event of a chat stream may hold beyond the
	// reply text limit: a chat event is a delta of a few bytes, or the
	// reply repeated whole at its end, never more (9 MiB by default).
	ChatEventSlack = 1 * MiB

	// JSONReply is the largest non-streamed reply, counted after gzip is
	// undone.
	JSONReply = 64 * MiB
	// VideoReply is the largest video submission, status or result reply.
	VideoReply = 4 * MiB
	// ErrorBody is how much of an error reply is read.
	ErrorBody = 1 * MiB

	// Image is one decoded image, received or read from a file.
	Image = 64 * MiB
	// Video is one downloaded video.
	Video = 2 * GiB

	// Prompt is a prompt read from stdin or written in an editor.
	Prompt = 8 * MiB
	// Body is a --body file (or stdin) of request fields.
	Body = 16 * MiB
	// ChatImage is an image file attached to a chat prompt.
	ChatImage = 20 * MiB
	// VideoImage is an image file sent inline (a data URI) to a video
	// endpoint: the interface caps the whole body at 20 MB, and base64
	// makes the file a third larger.
	VideoImage = 15 * MiB
	// Config is config.toml.
	Config = 1 * MiB

	// GoHeap is the soft limit atelier sets on the Go heap (debug.SetMemoryLimit)
	// unless GOMEMLIMIT is set; cmd/atelier says why it is this size.
	GoHeap = 64 * MiB

	// SearchedText is how much of a message the search index reads: FTS5
	// gathers a row's terms in memory before it writes them, and a reply
	// at the reply limit would cost some 14 MiB more there. It is
	// store/migrations/0016_search_budget.sql's number, kept here to be
	// documented with the others.
	SearchedText = 1 * MiB
)

// The waits.
const (
	// IdleTimeout ends a stream that sends no content for this long (pings
	// and comments do not count), and a body or download that sends no byte.
	IdleTimeout = 2 * time.Minute
	// IdleTimeoutMin and IdleTimeoutMax bound what config.toml may set.
	IdleTimeoutMin = 5 * time.Second
	IdleTimeoutMax = time.Hour
	// ReplyWait is the longest a non-streamed request waits for its whole
	// reply: a model may think for minutes before the first byte.
	ReplyWait = 10 * time.Minute
	// RetryAttempts and RetryTime bound how long a video task is retried
	// after transient faults (5xx, 429, a cut connection) in a row.
	RetryAttempts = 8
	RetryTime     = 15 * time.Minute
	// OddStatus is how long a video task may report no status, or a status
	// word never documented (PAUSED), in a row before it is failed with that
	// reason: the same quarter hour as RetryTime, as both mean the service
	// says nothing atelier can act on.
	OddStatus = RetryTime
)
