// Package sim is a local simulator of the whole service of INTERFACE.md: an
// http.Handler that serves every endpoint (alpha messages, beta content
// generation, gamma responses and images, the qv video queue) with the same
// paths, per-group authentication, validation of the documented limits,
// error shapes, stream grammars and task lifecycle, plus the status, result
// and media URLs it hands out. The client's end-to-end tests, benchmarks,
// `atelier --demo` and `atelier sim` run against it.
//
// It is the other side of the wire: it writes the service's JSON and events
// itself and never uses the client's request and response types, so an
// encoding bug cannot hide on both sides. The limits it checks are its own,
// written from the interface, except one optional hook: TableRules
// validates video submissions with the client's endpoint table (the only
// use of package client here), for Options.ValidateVideo; without it the
// simulator checks the required fields only. Besides the client it imports
// the standard library, assets (the demo video) and a WebP encoder.
//
// # Content
//
// Replies are deterministic: a hash of the prompt seeds the generator, and
// ids derive from the request, so the same request gives the same bytes
// (timestamps come from Options.Clock). A plain chat reply is exactly
// ReplyText(prompt): markdown with headings, a list, a fenced code block and
// a table. Usage counts use a simple tokenizer (a run of letters, digits and
// underscores is one token; so is every other non-space character), and the
// stream deltas are cut at token boundaries, so streamed tokens add up to
// the reported usage.
//
// Prompt markers change what comes back:
//
//	[[long]]     a reply of about 30 KB
//	[[pause]]    alpha: stop with pause_turn (continuing the turn completes it)
//	[[refusal]]  alpha: stop with refusal
//	[[block]]    beta: promptFeedback.blockReason and no candidates
//	[[fail]]     gamma responses: status failed; video: the task fails
//
// A judge's request (a grade against a rubric, or a pick between answers)
// is answered in the judge's format, scripted by [[grade:fail]],
// [[grade:malformed]], [[grade:inject]], [[pick:me]], [[pick:first]] and
// [[pick:malformed]] (see judge.go).
//
// Requests also switch features on as the real protocols do: alpha
// thinking.type enabled/adaptive (thinking block with signature), custom
// tools (tool_use), a web_search tool (server_tool_use, results, citations);
// beta thinkingConfig.includeThoughts, functionDeclarations, webSearch
// (groundingMetadata); gamma reasoning.summary, function and web_search
// tools, max_output_tokens (incomplete when too small).
//
// # Faults
//
// A fault is chosen per request by the header X-Sim-Fault: <token> or by a
// marker [[fault:<token>]] anywhere in the request body (the header wins):
//
//	429           429 with Retry-After: 1 in the family's error shape
//	500           500 in the family's error shape
//	overloaded    alpha 529 overloaded_error; other groups 503
//	unauthorized  401 in the family's error shape
//	cut           half the stream's events (or half a JSON body), then the
//	              connection is aborted
//	error         half the stream's events, then the family's in-stream
//	              error (alpha and gamma an error event, beta a bare JSON
//	              error line); a JSON reply gets a plain 500
//	malformed     the middle event (or the JSON body) is cut into invalid JSON
//	slow          events trickle with a delay: Options.Pace, 10ms when Pace
//	              is 0, or the token's argument (slow:5ms)
//	oversize      the middle event (or the JSON body) is padded to 70 MiB,
//	              or to the argument's size (oversize:1MiB), written in pieces
//
// A count after the name, as in 429x2 or cutx1, applies the fault only to
// the first N requests carrying that exact token and lets later ones
// through, to test retry-then-success. The counter is keyed by the whole
// token, so a suffix (429x1:run2) starts a fresh counter.
//
// # Video tasks
//
// A submission answers in its endpoint's reply form (A, A2, B or C). The
// task then spends three Options.Pace steps IN_QUEUE (queue_position 2, 1,
// 0), four steps IN_PROGRESS (one log line per step: "rendering frame
// 30/120" ...), and completes; its state is derived from Options.Clock on
// each status request, so a simulated clock drives it without goroutines.
// With Pace 0 a task is complete when first polled. The result links to
// /sim/media/<id>.mp4, a small real MP4 served with Range support.
// Options.FailShare of the tasks, and every task whose prompt holds
// [[fail]], fail: error and error_type in the status and a 422 detail
// result, or a non-null detail in the Form C envelope of videoc3.1.
// A queue_webhook on a loopback address receives one completion callback.
package sim
