package poller

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"atelier/client"
	"atelier/store"
)

// progressEvery is how many downloaded bytes pass between progress updates.
const progressEvery = 1 << 20

// download saves w's video into the media folder. The bytes go to the
// task's partial file, which survives a failure or a restart: the next
// attempt asks only for the rest. A file whose size differs from the one
// the result announced is not kept; a whole one is synced and renamed into
// place, and only then is the task done. So a video is fetched once, even
// across restarts (resumed, not fetched again).
func (p *Session) download(ctx context.Context, w *watch) {
	id := w.task.RequestID
	if w.saved != "" { // saved, but recording it failed: record it again
		p.keep(ctx, w, w.saved, w.savedBytes)
		return
	}
	release, err := p.lockDownload(id)
	if errors.Is(err, errBusy) { // another poller is downloading it: look again later
		now := p.clock.Now()
		w.due = now.Add(p.opts.Schedule(p.age(w, now)))
		return
	}
	if err != nil {
		p.retry(ctx, w, err)
		return
	}
	defer func() { release(w.ended) }()
	if rel, size, ok := p.savedElsewhere(ctx, id); ok {
		w.saved, w.savedBytes = rel, size
		p.keep(ctx, w, rel, size)
		return
	}
	m, offset, err := p.st.ResumeMedia("vid", videoExt(w.file), id)
	if err != nil {
		p.retry(ctx, w, err)
		return
	}
	pw := &progressWriter{m: m, n: offset, report: func(n int64) {
		u := p.update(w)
		u.Downloaded = n
		p.emit(u)
	}}
	n, _, err := p.c.DownloadFrom(ctx, w.file.URL, pw, offset, p.opts.MaxVideoBytes)
	if err != nil && n > 0 {
		w.fails = 0 // a cut that brought bytes is progress: only cuts in a row with none count
	}
	p.downloaded(ctx, w, m, offset+n, err)
}

// downloaded settles a download attempt that left total bytes in the
// partial file m: save the whole file, keep the bytes for the next attempt,
// or drop them.
//
// The file is whole when the server's body ended cleanly (as long as its
// Content-Length said, or at the end of the connection): what the server
// sent settles it, never the file_size the result announced, which would
// have a mismatched file fetched again and again.
func (p *Session) downloaded(ctx context.Context, w *watch, m *store.MediaFile, total int64, err error) {
	id := w.task.RequestID
	var ae *client.APIError
	switch {
	case errors.Is(err, client.ErrDownloadTooLarge):
		p.discard(m)
		p.downloadFailed(ctx, w, fmt.Errorf("the video is larger than the %d-byte cap; it was not kept", p.opts.MaxVideoBytes))
	case errors.As(err, &ae) && ae.Status == http.StatusRequestedRangeNotSatisfiable:
		p.discard(m) // the partial file does not fit the file the server has: start again
		p.retry(ctx, w, err)
	case expired(err) && !w.refetched: // ask for the result again, for a fresh URL
		m.Abort()
		w.step, w.refetched = stepResult, true
		p.retry(ctx, w, fmt.Errorf("the video URL no longer answers (%v); fetching the result again", err))
	case errors.As(err, &ae) && classify(err) != transient:
		p.discard(m)
		p.retry(ctx, w, fmt.Errorf("%w: %w", errMediaRefused, err))
	case err != nil:
		m.Abort()
		p.recordPartial(ctx, id, total)
		p.retry(ctx, w, err)
	default:
		rel, err := m.Commit()
		if err != nil {
			p.retry(ctx, w, err)
			return
		}
		if err := p.checkSaved(rel); err != nil {
			p.downloadFailed(ctx, w, err)
			return
		}
		w.saved, w.savedBytes = rel, total
		p.keep(ctx, w, rel, total)
	}
}

// errMediaRefused is a media server's refusal (a 4xx, the URL fetched
// again included): the download failed, until a person tries again.
var errMediaRefused = errors.New("the media server refused the video")

// errBusy is the lock of a download that another poller holds.
var errBusy = errors.New("another poller is downloading this video")

// lockDownload takes the download lock of the task with id, so that two
// pollers on one data directory (the TUI and `atelier video wait`, say)
// never write the same partial file. Releasing it once the task has ended
// removes the lock file too; a poller that takes a removed file's lock
// still finds the task done in the store.
func (p *Session) lockDownload(id string) (release func(ended bool), err error) {
	dir := filepath.Join(p.st.MediaDir(), ".locks")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, store.KeyName(id)+".lock")
	unlock, err := lockFile(path)
	if err != nil {
		return nil, err
	}
	return func(ended bool) {
		if ended {
			os.Remove(path)
		}
		unlock()
	}, nil
}

// savedElsewhere looks in the store for the video of the task with id,
// saved by another poller since this one last looked: a recorded file that
// is there, whole. The file, not the done flag, decides, since recording a
// result again (as the other poller may do) clears the flag.
func (p *Session) savedElsewhere(ctx context.Context, id string) (rel string, size int64, ok bool) {
	v, err := p.st.VideoTask(ctx, id)
	if err != nil || v.VideoPath == "" {
		return "", 0, false
	}
	abs, err := p.st.MediaPath(v.VideoPath)
	if err != nil {
		return "", 0, false
	}
	fi, err := os.Stat(abs)
	if err != nil || fi.Size() != v.DownloadedBytes {
		return "", 0, false
	}
	return v.VideoPath, fi.Size(), true
}

// keep records the saved video and ends the task.
func (p *Session) keep(ctx context.Context, w *watch, rel string, size int64) {
	if err := p.st.SetVideoFile(ctx, w.task.RequestID, rel, size, true); err != nil {
		p.retry(ctx, w, err)
		return
	}
	u := p.update(w)
	u.Done, u.Downloaded = true, size
	if abs, err := p.st.MediaPath(rel); err == nil {
		u.VideoPath = abs
	}
	p.end(w, u)
}

// recordPartial notes how much of the video is saved, for the record only:
// the partial file itself is what the next attempt resumes from.
func (p *Session) recordPartial(ctx context.Context, id string, n int64) {
	if ctx.Err() == nil {
		p.st.SetVideoFile(ctx, id, "", n, false)
	}
}

// discard drops a partial file that cannot be resumed. The store offers no
// call to drop a partial file, so it is committed and then removed.
func (p *Session) discard(m *store.MediaFile) {
	rel, err := m.Commit()
	if err != nil {
		return
	}
	if abs, err := p.st.MediaPath(rel); err == nil {
		os.Remove(abs)
	}
}

// expired reports whether a download failed because its URL is no longer
// good (media URLs are time-limited): fetching the result again gives a
// fresh one.
func expired(err error) bool {
	var ae *client.APIError
	if !errors.As(err, &ae) {
		return false
	}
	switch ae.Status {
	case http.StatusForbidden, http.StatusNotFound, http.StatusGone:
		return true
	}
	return false
}

// videoExt is the file extension for a result file: from its content type,
// else its name, else mp4. It must not depend on the URL, which changes
// when the result is fetched again: the partial file is found by it.
func videoExt(f client.VideoFile) string {
	ct, _, _ := strings.Cut(strings.ToLower(f.ContentType), ";")
	switch strings.TrimSpace(ct) {
	case "video/mp4":
		return "mp4"
	case "video/quicktime":
		return "mov"
	case "video/webm":
		return "webm"
	}
	if e := strings.ToLower(strings.TrimPrefix(path.Ext(f.FileName), ".")); simpleExt(e) {
		return e
	}
	return "mp4"
}

func simpleExt(e string) bool {
	if e == "" || len(e) > 8 {
		return false
	}
	for _, r := range e {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// progressWriter writes to the partial file and reports the bytes saved:
// at the first write, then every progressEvery bytes.
type progressWriter struct {
	m      *store.MediaFile
	n      int64
	last   int64 // n at the last report
	told   bool  // reported at least once
	report func(n int64)
}

func (w *progressWriter) Write(b []byte) (int, error) {
	k, err := w.m.Write(b)
	w.n += int64(k)
	if k > 0 && (!w.told || w.n-w.last >= progressEvery) {
		w.told, w.last = true, w.n
		w.report(w.n)
	}
	return k, err
}
