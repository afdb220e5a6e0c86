package poller

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
)

// downloadFailed records that the video of w's completed task was not
// saved, and why, and ends it: the task is listed as a failed download
// (not done, not failed at the service) until someone tries again
// (store.RetryVideoDownload, then Retry). When even that cannot be
// recorded, the task is left for the next run, as a request given up is.
func (p *Session) downloadFailed(ctx context.Context, w *watch, reason error) {
	id := w.task.RequestID
	if err := p.st.FailVideoDownload(ctx, id, reason.Error()); err != nil {
		p.stopFollowing(w, fmt.Errorf("%w (and recording it failed: %v)", reason, err))
		return
	}
	u := p.update(w)
	u.Done, u.Err = true, &DownloadError{RequestID: id, Reason: reason.Error()}
	p.end(w, u)
}

// checkSaved makes sure the file saved at rel is a video, by its first
// bytes, and removes it when it is not: a media server that answers a
// download with a page ("Access denied", a login form) sends a clean body
// of the size it announced, which must not be called a video.
func (p *Session) checkSaved(rel string) error {
	abs, err := p.st.MediaPath(rel)
	if err != nil {
		return err
	}
	f, err := os.Open(abs)
	if err != nil {
		return err
	}
	head := make([]byte, 512)
	n, _ := io.ReadFull(f, head)
	f.Close()
	if err := sniffVideo(head[:n]); err != nil {
		os.Remove(abs)
		return err
	}
	return nil
}

// sniffVideo tells whether head, a file's first bytes, starts a video in
// a container players read: ISO media and QuickTime (an ftyp, moov, mdat,
// wide, free or skip box first), Matroska and WebM, AVI, Ogg, MPEG-TS.
// Otherwise the error names what the bytes look like.
func sniffVideo(head []byte) error {
	if len(head) >= 8 {
		switch string(head[4:8]) {
		case "ftyp", "moov", "mdat", "wide", "free", "skip":
			return nil
		}
	}
	switch {
	case bytes.HasPrefix(head, []byte{0x1a, 0x45, 0xdf, 0xa3}), // EBML: Matroska, WebM
		len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "AVI ",
		bytes.HasPrefix(head, []byte("OggS")),
		len(head) >= 189 && head[0] == 0x47 && head[188] == 0x47: // two MPEG-TS packets
		return nil
	case len(head) == 0:
		return fmt.Errorf("not a video: the server sent an empty file")
	}
	return fmt.Errorf("not a video: the server sent %s", http.DetectContentType(head))
}
