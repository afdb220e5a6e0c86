package client

import (
	"bytes"
	"encoding/json"
	"slices"
)

// maxPartials is how many partial images (by index) an accumulator keeps.
// The interface asks for at most 3 per image.
const maxPartials = 8

// ImageAccumulator folds the events of an image stream into what a screen
// or the command line needs: the latest partial image while it streams, the
// final images in the order they completed, and the usage. Its zero value is
// ready to use. It is not safe for concurrent use.
type ImageAccumulator struct {
	partials  map[int]ImageEvent
	latest    ImageEvent
	hasLatest bool
	completed []ImageEvent
	usage     *ImageUsage
	meta      ImageResponse // created and image settings, from every image event
}

// Add folds one event in. An error event returns its *APIError; every other
// event, of any type, is accepted (unknown types are ignored here; the
// stream still yields them).
func (a *ImageAccumulator) Add(ev ImageEvent) error {
	switch {
	case ev.Type == ImageEventError:
		return imageEventAPIError(ev.Raw)
	case ev.Partial():
		a.note(ev)
		if a.partials == nil {
			a.partials = make(map[int]ImageEvent)
		}
		// Only so many indexes are kept, whatever a server numbers them:
		// memory stays bounded, and the latest partial is always kept.
		if _, seen := a.partials[ev.PartialImageIndex]; seen || len(a.partials) < maxPartials {
			a.partials[ev.PartialImageIndex] = ev
		}
		a.latest, a.hasLatest = ev, true
	case ev.Completed():
		a.note(ev)
		a.completed = append(a.completed, ev)
		if ev.Usage != nil {
			// For n > 1 it is not known whether each completed event counts
			// its own image or the whole request; the last one is kept, so
			// that a running total is never counted twice.
			a.usage = ev.Usage
		}
	}
	return nil
}

// LatestPartial returns the partial image that arrived last.
func (a *ImageAccumulator) LatestPartial() (ImageEvent, bool) {
	return a.latest, a.hasLatest
}

// Partial returns the partial image with the given partial_image_index (the
// last one received with that index).
func (a *ImageAccumulator) Partial(index int) (ImageEvent, bool) {
	ev, ok := a.partials[index]
	return ev, ok
}

// Final returns the completed images in the order they arrived; for n > 1
// there is one per image.
func (a *ImageAccumulator) Final() []ImageEvent {
	return append([]ImageEvent(nil), a.completed...)
}

// Done reports whether at least one completed image has arrived.
func (a *ImageAccumulator) Done() bool { return len(a.completed) > 0 }

// Usage returns the usage reported by the last completed event that had one.
func (a *ImageAccumulator) Usage() *ImageUsage { return a.usage }

// Response returns the stream as an image reply: one data item per completed
// image, or, for a stream cut before any image completed, the latest partial
// image so that what arrived is kept (Done tells which). Its Raw is the
// reply re-encoded, not bytes the service sent.
func (a *ImageAccumulator) Response() *ImageResponse {
	src := a.completed
	if len(src) == 0 && a.hasLatest {
		src = []ImageEvent{a.latest}
	}
	r := &ImageResponse{Created: a.meta.Created, Usage: a.usage, Background: a.meta.Background,
		OutputFormat: a.meta.OutputFormat, Quality: a.meta.Quality, Size: a.meta.Size, RequestID: a.meta.RequestID}
	for _, ev := range src {
		r.Data = append(r.Data, ImageData{B64JSON: ev.B64JSON})
	}
	if len(a.completed) > 0 && a.completed[0].CreatedAt != 0 {
		r.Created = a.completed[0].CreatedAt // when the first final image was made
	}
	r.Raw = imageResponseJSON(r)
	return r
}

// imageResponseJSON is r as json.Marshal writes it, with each image's
// base64 written into a buffer of the exact size: json.Marshal would hold
// it three times at once (its growing buffer, the copy it returns, and the
// string), 120 MiB for a 30 MiB image. The base64 is written as
// it is only when JSON and json.Marshal keep it so (the base64 alphabet);
// anything else is left to json.Marshal.
func imageResponseJSON(r *ImageResponse) json.RawMessage {
	small := *r
	small.Data = slices.Clone(r.Data)
	spliced := make([]bool, len(r.Data))
	n := 0
	for i, d := range small.Data {
		if len(d.B64JSON) >= imageSpliceMin && plainBase64(d.B64JSON) {
			spliced[i], n = true, n+len(d.B64JSON)
			small.Data[i].B64JSON = "-" // a place held
		}
	}
	raw, _ := json.Marshal(&small) // cannot fail: only strings, numbers and valid usage JSON
	if n == 0 {
		return raw
	}
	// The data come before any other field that could hold the key, each
	// image's b64_json first in its object, and a quote inside a string
	// is escaped: the k-th "b64_json":" is the k-th image's that has one.
	key := []byte(`"b64_json":"`)
	freeBefore(n) // the event the images came in is garbage now
	out := make([]byte, 0, len(raw)+n)
	for i, d := range r.Data {
		if d.B64JSON == "" {
			continue
		}
		k := bytes.Index(raw, key) + len(key)
		out = append(out, raw[:k]...)
		raw = raw[k:]
		if spliced[i] {
			out = append(out, d.B64JSON...)
			raw = raw[1:] // the "-"
		}
	}
	return append(out, raw...)
}

// imageSpliceMin is the base64 from which imageResponseJSON writes it
// itself.
const imageSpliceMin = 1 << 20

// plainBase64 reports whether s is only base64's alphabet and padding,
// which JSON strings hold as they are.
func plainBase64(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/' || c == '=') {
			return false
		}
	}
	return true
}

// note keeps the first creation time (used when no image completed) and the
// latest image settings, so that a reply made from a cut stream still says
// what it is.
func (a *ImageAccumulator) note(ev ImageEvent) {
	if a.meta.Created == 0 {
		a.meta.Created = ev.CreatedAt
	}
	a.meta.RequestID = imageOr(ev.RequestID, a.meta.RequestID)
	a.meta.Background = imageOr(ev.Background, a.meta.Background)
	a.meta.OutputFormat = imageOr(ev.OutputFormat, a.meta.OutputFormat)
	a.meta.Quality = imageOr(ev.Quality, a.meta.Quality)
	a.meta.Size = imageOr(ev.Size, a.meta.Size)
}

func imageOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
