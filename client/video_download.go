package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"atelier/internal/limits"
)

// ErrDownloadTooLarge is returned when a download would pass its size cap.
var ErrDownloadTooLarge = errors.New("the file is larger than the size cap")

// ErrMediaURL is returned for a media URL that is never fetched: not an
// absolute http(s) URL (file://, say).
var ErrMediaURL = errors.New("only absolute http(s) media URLs are fetched")

// Download streams the file at mediaURL (a task's video, say) into w, and
// returns the bytes written and the file's content type. The Queue credential
// is sent only when mediaURL is on the base URL's origin; media stored
// elsewhere gets no credential, even after a redirect. maxBytes caps the
// file's size (0: no cap); past it the download stops with
// ErrDownloadTooLarge, keeping what was written.
func (c *Client) Download(ctx context.Context, mediaURL string, w io.Writer, maxBytes int64) (int64, string, error) {
	return c.DownloadFrom(ctx, mediaURL, w, 0, maxBytes)
}

// DownloadFrom is Download resuming at byte offset, for a file of which w
// already holds the first offset bytes: it asks for the rest with a Range
// header, skips the first offset bytes itself when the server sends the
// whole file, and returns 0 bytes and no error when the file has no more.
// maxBytes caps the whole file, offset included.
func (c *Client) DownloadFrom(ctx context.Context, mediaURL string, w io.Writer, offset, maxBytes int64) (int64, string, error) {
	n, ct, err := c.videoDownload(ctx, mediaURL, w, offset, maxBytes)
	if err != nil {
		return n, ct, fmt.Errorf("download: %w", err)
	}
	return n, ct, nil
}

func (c *Client) videoDownload(ctx context.Context, mediaURL string, w io.Writer, offset, maxBytes int64) (int64, string, error) {
	u, err := url.Parse(mediaURL)
	if err != nil {
		return 0, "", fmt.Errorf("media URL: %w", err)
	}
	if s := strings.ToLower(u.Scheme); (s != "http" && s != "https") || u.Host == "" {
		return 0, "", fmt.Errorf("media URL %q: %w", videoShort(u.Redacted()), ErrMediaURL)
	}
	if err := c.checkTransport(u); err != nil { // plain http only to loopback, whoever the host
		return 0, "", fmt.Errorf("media URL %q: %w", videoShort(u.Redacted()), err)
	}
	if offset < 0 {
		return 0, "", fmt.Errorf("negative offset %d", offset)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	idle := c.Limits.idle()
	t := c.afterFunc(idle, func() { cancel(limits.Idle(idle, "the media server stopped sending")) })
	defer t.Stop()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return 0, "", err
	}
	var group Group // no group: no credential and no group headers
	if sameOrigin(u, c.base) {
		group = Queue
		c.setHeaders(req.Header, request{group: Queue})
	} else if c.UserAgent != "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	if offset > 0 {
		req.Header.Set("Range", "bytes="+strconv.FormatInt(offset, 10)+"-")
	}
	resp, err := c.videoDownloadClient().Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return 0, "", limitCause(ctx, ctx.Err())
		}
		return 0, "", c.redactErr(err)
	}
	defer resp.Body.Close()
	ct := resp.Header.Get("Content-Type")
	skip, done, err := c.videoDownloadRange(group, resp, offset)
	if err != nil || done {
		return 0, ct, err
	}
	if skip > 0 {
		if _, err := io.CopyN(io.Discard, &idleReader{r: resp.Body, t: t, d: idle}, skip); err != nil {
			return 0, ct, fmt.Errorf("skip the first %d bytes: %w", skip, err)
		}
	}
	body := &idleReader{r: resp.Body, t: t, d: idle}
	n, err := videoCopy(w, body, offset, resp.ContentLength-skip, maxBytes)
	if err != nil && ctx.Err() != nil {
		err = limitCause(ctx, ctx.Err())
	}
	return n, ct, err
}

// videoDownloadRange reads how the server answered a (possibly ranged) request:
// the bytes still to skip (a 200 to a Range request), whether the file was
// already complete (416 at its very end), or the error reply.
func (c *Client) videoDownloadRange(g Group, resp *http.Response, offset int64) (skip int64, done bool, err error) {
	switch {
	case resp.StatusCode == http.StatusPartialContent:
		cr := resp.Header.Get("Content-Range")
		start, _, _ := strings.Cut(strings.TrimPrefix(cr, "bytes "), "-")
		if s, err := strconv.ParseInt(start, 10, 64); err != nil || s != offset {
			return 0, false, fmt.Errorf("asked for bytes from %d, got range %q", offset, cr)
		}
		return 0, false, nil
	case resp.StatusCode >= 200 && resp.StatusCode < 300:
		return offset, false, nil
	case resp.StatusCode == http.StatusRequestedRangeNotSatisfiable && offset > 0:
		_, total, _ := strings.Cut(resp.Header.Get("Content-Range"), "/")
		if n, err := strconv.ParseInt(total, 10, 64); err == nil && n == offset {
			return 0, true, nil
		}
	}
	raw, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	return 0, false, c.apiError(g, resp, raw)
}

// videoCopy copies body into w while the file (offset bytes already held)
// stays within maxBytes; length is the body's announced size, or < 0.
func videoCopy(w io.Writer, body io.Reader, offset, length, maxBytes int64) (int64, error) {
	if maxBytes <= 0 {
		return io.Copy(w, body)
	}
	left := maxBytes - offset
	if left < 0 || (length >= 0 && length > left) {
		return 0, fmt.Errorf("%w: %d bytes allowed", ErrDownloadTooLarge, maxBytes)
	}
	n, err := io.CopyN(w, body, left)
	if errors.Is(err, io.EOF) {
		return n, nil
	}
	if err != nil {
		return n, err
	}
	var probe [1]byte
	if m, _ := io.ReadFull(body, probe[:]); m > 0 {
		return n, fmt.Errorf("%w: %d bytes allowed", ErrDownloadTooLarge, maxBytes)
	}
	return n, nil
}

// videoDownloadClient follows redirects, which media storage uses, but removes
// the credential, the group's extra headers and the Referer from any
// request that leaves the base URL's origin.
func (c *Client) videoDownloadClient() *http.Client {
	return c.httpClientWith(func(req *http.Request) error {
		if s := strings.ToLower(req.URL.Scheme); s != "http" && s != "https" {
			return fmt.Errorf("redirect to a %s URL: %w", req.URL.Scheme, ErrMediaURL)
		}
		if err := c.checkTransport(req.URL); err != nil {
			return fmt.Errorf("redirect to %q: %w", videoShort(req.URL.Redacted()), err)
		}
		if !sameOrigin(req.URL, c.base) {
			// net/http names the page a redirect came from in Referer:
			// here the gateway's URL, with the task's path. Not its business.
			for _, k := range []string{"Authorization", "X-Api-Key", "X-Beta-Api-Key", "Referer"} {
				req.Header.Del(k)
			}
			for k := range c.Headers[Queue] {
				req.Header.Del(k)
			}
		}
		return nil
	})
}
