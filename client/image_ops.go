package client

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"net/http"
)

// The image endpoints (INTERFACE, Endpoints).
const (
	imageGenerationsPath = "/bypass/gamma/v1/images/generations"
	imageEditsPath       = "/bypass/gamma/v1/images/edits"
)

// GenerateImages asks for images and waits for the whole reply. It always
// sends stream false, whatever req.Stream says; use StreamImages for events.
func (c *Client) GenerateImages(ctx context.Context, req ImageRequest) (*ImageResponse, error) {
	const op = "generate images"
	req.Stream = false
	if err := req.Validate(); err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	r, err := jsonRequest(Gamma, imageGenerationsPath, req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return c.imageReply(ctx, op, r)
}

// EditImages edits input images and waits for the whole reply, sent as JSON
// or, with req.Multipart, as multipart/form-data. It always sends stream
// false; use StreamImageEdits for events.
func (c *Client) EditImages(ctx context.Context, req ImageEditRequest) (*ImageResponse, error) {
	const op = "edit images"
	req.Stream = false
	r, err := imageEditRequest(req)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	return c.imageReply(ctx, op, r)
}

// StreamImages asks for images as a stream of events: partial images (as
// many as req.PartialImages asks) and one completed event per image. It
// always sends stream true. An error event ends the stream with *APIError; a
// stream that ends without any completed event ends with ErrStreamIncomplete.
func (c *Client) StreamImages(ctx context.Context, req ImageRequest) iter.Seq2[ImageEvent, error] {
	const op = "stream images"
	req.Stream = true
	if err := req.Validate(); err != nil {
		return imageFail(fmt.Errorf("%s: %w", op, err))
	}
	r, err := jsonRequest(Gamma, imageGenerationsPath, req)
	if err != nil {
		return imageFail(fmt.Errorf("%s: %w", op, err))
	}
	return c.imageStream(ctx, op, r)
}

// StreamImageEdits is StreamImages for an edit: its events are
// image_edit.partial_image and image_edit.completed.
func (c *Client) StreamImageEdits(ctx context.Context, req ImageEditRequest) iter.Seq2[ImageEvent, error] {
	const op = "stream image edits"
	req.Stream = true
	r, err := imageEditRequest(req)
	if err != nil {
		return imageFail(fmt.Errorf("%s: %w", op, err))
	}
	return c.imageStream(ctx, op, r)
}

// imageEditRequest validates an edit and encodes it in the wire form asked.
func imageEditRequest(req ImageEditRequest) (request, error) {
	if err := req.Validate(); err != nil {
		return request{}, err
	}
	if !req.Multipart {
		return jsonRequest(Gamma, imageEditsPath, req)
	}
	body, ctype, err := imageMultipartBody(req)
	if err != nil {
		return request{}, fmt.Errorf("encode request: %w", err)
	}
	return request{group: Gamma, method: http.MethodPost, path: imageEditsPath, body: body,
		contentType: ctype, accept: "application/json", retry: retryAlways}, nil
}

// imageReply sends r and decodes the JSON reply.
func (c *Client) imageReply(ctx context.Context, op string, r request) (*ImageResponse, error) {
	id := ""
	r.replied = func(h http.Header) { id = requestIDOf(h) }
	raw, err := c.doJSON(ctx, r, nil)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	resp, err := imageParseResponse(raw)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	resp.RequestID = id
	return resp, nil
}

// imageStream sends r and yields its image events, ending at the first error.
func (c *Client) imageStream(ctx context.Context, op string, r request) iter.Seq2[ImageEvent, error] {
	return func(yield func(ImageEvent, error) bool) {
		completed, id := false, ""
		r.replied = func(h http.Header) { id = requestIDOf(h) }
		for raw, err := range c.events(ctx, r, true) {
			if err != nil {
				yield(ImageEvent{}, fmt.Errorf("%s: %w", op, err))
				return
			}
			ev, err := c.imageEvent(raw)
			if errors.Is(err, errImageSkip) {
				continue
			}
			if err != nil {
				yield(ev, fmt.Errorf("%s: %w", op, err))
				return
			}
			completed = completed || ev.Completed()
			ev.RequestID = id
			if !yield(ev, nil) {
				return
			}
		}
		if !completed {
			yield(ImageEvent{}, fmt.Errorf("%s: %w", op, ErrStreamIncomplete))
		}
	}
}

// imageFail is a stream that yields only err, for a request refused before
// anything was sent.
func imageFail(err error) iter.Seq2[ImageEvent, error] {
	return func(yield func(ImageEvent, error) bool) { yield(ImageEvent{}, err) }
}
