package client

import (
	"encoding/json"
	"maps"
	"slices"
)

// ResponseAccumulator folds the events of a Responses-protocol stream into
// the final reply. Its zero value is ready to use.
//
// It places every event by its output_index (or item_id), content_index and
// summary_index, and orders the deltas of one part by sequence number, so an
// event that arrives late still lands in its place; an event whose sequence
// number was already seen is dropped. A `.done` event replaces the text
// gathered so far with its full text, and an output_item.done replaces the
// whole item (its copy carries the final encrypted_content). The response
// object of response.completed, .incomplete or .failed is authoritative for
// status, usage and output, except that an empty output keeps the items
// gathered from the events. After a cut stream, Response still returns all
// that arrived.
type ResponseAccumulator struct {
	base    *Response // the latest of created, queued and in_progress
	baseSeq int64
	final   *Response // from the terminal event
	status  string    // the status a terminal or error event implies
	failure *ResponseError
	items   map[int]*responsesItemState
	ids     map[string]int
	seen    responsesSeqSet
	done    bool
}

// responsesItemState is one output item being gathered.
type responsesItemState struct {
	item    ResponseItem // from output_item.added, or the final copy from .done
	final   bool
	guess   string // the item type the events imply, if added never came
	status  string // from web_search_call events
	content map[int]*responsesPartState
	summary map[int]*responsesPartState
	args    responsesText
	name    string
}

// responsesPartState is one content or summary part being gathered.
type responsesPartState struct {
	part    ResponseContent // from the .added event, or the final copy from .done
	final   bool
	guess   string
	text    responsesText
	refusal responsesText
	notes   []responsesNote
}

// responsesNote is an annotation with its sequence number, kept in order.
type responsesNote struct {
	seq int64
	ann ResponseAnnotation
}

// Done reports whether a terminal event (response.completed, .incomplete or
// .failed) has been added.
func (a *ResponseAccumulator) Done() bool { return a.done }

// Add folds ev in. It returns the failure a response.failed or error event
// reports, as an *APIError with Status 0, after folding the event in (the
// same failure StreamResponse yields right after such an event, there with
// any credential removed from the message); every other event returns nil,
// including types it does not know.
func (a *ResponseAccumulator) Add(ev ResponseEvent) error {
	if ev.SequenceNumber >= 0 && !a.seen.add(ev.SequenceNumber) {
		return nil
	}
	if a.items == nil {
		a.items, a.ids = map[int]*responsesItemState{}, map[string]int{}
	}
	switch ev.Type {
	case ResponseEventCreated, ResponseEventQueued, ResponseEventInProgress:
		// The latest by sequence number wins, or by arrival without one.
		if ev.Response != nil && (a.base == nil || ev.SequenceNumber < 0 || ev.SequenceNumber >= a.baseSeq) {
			a.base, a.baseSeq = ev.Response, ev.SequenceNumber
		}
	case ResponseEventCompleted, ResponseEventIncomplete, ResponseEventFailed:
		a.done = true
		a.status = ev.Type[len("response."):]
		if ev.Response != nil {
			a.final = ev.Response
		}
		if ev.Type == ResponseEventFailed {
			if err := ev.Response.Failed(); err != nil {
				return err
			}
			return &APIError{Group: Gamma, Type: "failed", Message: "the response failed"}
		}
	case ResponseEventError:
		a.status, a.failure = "failed", &ResponseError{Code: ev.Code, Message: ev.Message}
		return &APIError{Group: Gamma, Type: ev.ErrorType, Code: ev.Code, Message: ev.Message, Param: ev.Param}
	default:
		a.addPiece(ev)
	}
	return nil
}

// addPiece folds an event about one output item.
func (a *ResponseAccumulator) addPiece(ev ResponseEvent) {
	seq := ev.SequenceNumber
	switch ev.Type {
	case ResponseEventItemAdded, ResponseEventItemDone:
		if ev.Item == nil {
			return
		}
		st := a.item(ev.OutputIndex, ev.Item.ID, "")
		if ev.Type == ResponseEventItemDone || !st.final {
			st.item, st.final = *ev.Item, ev.Type == ResponseEventItemDone
		}
	case ResponseEventPartAdded, ResponseEventPartDone:
		if ev.Part != nil {
			a.item(ev.OutputIndex, ev.ItemID, "message").part(ev.ContentIndex, "").set(*ev.Part, ev.Type == ResponseEventPartDone)
		}
	case ResponseEventTextDelta:
		a.item(ev.OutputIndex, ev.ItemID, "message").part(ev.ContentIndex, "output_text").text.add(seq, ev.Delta)
	case ResponseEventTextDone:
		a.item(ev.OutputIndex, ev.ItemID, "message").part(ev.ContentIndex, "output_text").text.finish(ev.Text)
	case ResponseEventAnnotationAdded:
		if ev.Annotation != nil {
			a.item(ev.OutputIndex, ev.ItemID, "message").part(ev.ContentIndex, "output_text").note(seq, *ev.Annotation)
		}
	case ResponseEventRefusalDelta:
		a.item(ev.OutputIndex, ev.ItemID, "message").part(ev.ContentIndex, "refusal").refusal.add(seq, ev.Delta)
	case ResponseEventRefusalDone:
		a.item(ev.OutputIndex, ev.ItemID, "message").part(ev.ContentIndex, "refusal").refusal.finish(ev.Refusal)
	case ResponseEventReasoningTextDelta:
		a.item(ev.OutputIndex, ev.ItemID, "reasoning").part(ev.ContentIndex, "reasoning_text").text.add(seq, ev.Delta)
	case ResponseEventReasoningTextDone:
		a.item(ev.OutputIndex, ev.ItemID, "reasoning").part(ev.ContentIndex, "reasoning_text").text.finish(ev.Text)
	case ResponseEventSummaryPartAdded, ResponseEventSummaryPartDone:
		if ev.Part != nil {
			a.item(ev.OutputIndex, ev.ItemID, "reasoning").summaryPart(ev.SummaryIndex).set(*ev.Part, ev.Type == ResponseEventSummaryPartDone)
		}
	case ResponseEventSummaryTextDelta:
		a.item(ev.OutputIndex, ev.ItemID, "reasoning").summaryPart(ev.SummaryIndex).text.add(seq, ev.Delta)
	case ResponseEventSummaryTextDone:
		a.item(ev.OutputIndex, ev.ItemID, "reasoning").summaryPart(ev.SummaryIndex).text.finish(ev.Text)
	case ResponseEventWebSearchInProgress, ResponseEventWebSearchSearching, ResponseEventWebSearchCompleted:
		st := a.item(ev.OutputIndex, ev.ItemID, "web_search_call")
		st.status = ev.Type[len("response.web_search_call."):]
	case ResponseEventArgumentsDelta:
		a.item(ev.OutputIndex, ev.ItemID, "function_call").args.add(seq, ev.Delta)
	case ResponseEventArgumentsDone:
		st := a.item(ev.OutputIndex, ev.ItemID, "function_call")
		st.args.finish(ev.Arguments)
		st.name = ev.Name
	}
}

// item returns the state of the item at index, or of the item with id when
// that id was seen before at another index.
func (a *ResponseAccumulator) item(index int, id, guess string) *responsesItemState {
	if id != "" {
		if i, ok := a.ids[id]; ok {
			index = i
		} else {
			a.ids[id] = index
		}
	}
	st := a.items[index]
	if st == nil {
		st = &responsesItemState{content: map[int]*responsesPartState{}, summary: map[int]*responsesPartState{}}
		a.items[index] = st
	}
	if st.guess == "" {
		st.guess = guess
	}
	return st
}

func (st *responsesItemState) part(index int, guess string) *responsesPartState {
	return responsesPartAt(st.content, index, guess)
}

func (st *responsesItemState) summaryPart(index int) *responsesPartState {
	return responsesPartAt(st.summary, index, "summary_text")
}

func responsesPartAt(m map[int]*responsesPartState, index int, guess string) *responsesPartState {
	p := m[index]
	if p == nil {
		p = &responsesPartState{}
		m[index] = p
	}
	if p.guess == "" {
		p.guess = guess
	}
	return p
}

// set records a part from an .added event, or the final one from .done.
func (p *responsesPartState) set(part ResponseContent, final bool) {
	if final || !p.final {
		p.part, p.final = part, final
	}
}

// note inserts an annotation in sequence order.
func (p *responsesPartState) note(seq int64, ann ResponseAnnotation) {
	i := len(p.notes)
	for seq >= 0 && i > 0 && p.notes[i-1].seq > seq {
		i--
	}
	p.notes = slices.Insert(p.notes, i, responsesNote{seq, ann})
}

// Response returns the reply as gathered so far: the final reply after a
// terminal event, or what arrived before a cut. Its Raw is the JSON of the
// latest response object the stream sent, with only what the events changed
// (output, and the status of a failure) replaced; its items' and parts' Raw
// likewise, so fields this package does not know survive at any depth.
func (a *ResponseAccumulator) Response() *Response { return a.snapshot(true) }

// OutputText returns the reply's text so far, without re-encoding anything,
// for showing a reply while it streams.
func (a *ResponseAccumulator) OutputText() string { return a.snapshot(false).OutputText() }

// Reasoning returns the reasoning summary so far.
func (a *ResponseAccumulator) Reasoning() string { return a.snapshot(false).Reasoning() }

func (a *ResponseAccumulator) snapshot(encode bool) *Response {
	var r Response
	switch {
	case a.final != nil:
		r = *a.final
	case a.base != nil:
		r = *a.base
	default:
		r = Response{Object: "response"}
	}
	set := map[string]any{}
	if a.final == nil || len(a.final.Output) == 0 {
		if items := a.output(encode); len(items) > 0 {
			r.Output = items
			if encode {
				raws := make([]json.RawMessage, len(items))
				for i, it := range items {
					raws[i] = responsesRawOf(it.Raw, it)
				}
				set["output"] = raws
			}
		}
	}
	if a.final == nil && a.status != "" {
		r.Status, set["status"] = a.status, a.status
		if a.failure != nil {
			r.Error, set["error"] = a.failure, a.failure
		}
	}
	if encode {
		r.Raw = responsesPatch(r.Raw, r, set)
	}
	return &r
}

// output builds the gathered items in output_index order.
func (a *ResponseAccumulator) output(encode bool) []ResponseItem {
	out := make([]ResponseItem, 0, len(a.items))
	for _, i := range slices.Sorted(maps.Keys(a.items)) {
		out = append(out, a.items[i].build(encode))
	}
	return out
}
