package imagetab

import (
	"context"
	"errors"
	"image"
	"iter"
	"time"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/store"
	"atelier/ui/imageview"
)

// The results of a lane's commands, delivered even while another tab shows.
type (
	// laneOpenedMsg says a stream was opened: pull reads it an event at a time.
	laneOpenedMsg struct {
		laneRef
		pull  *puller
		rec   jobRecord
		begin time.Time
	}
	// laneRefusedMsg says the request broke a rule once its files were
	// read: nothing was sent.
	laneRefusedMsg struct {
		laneRef
		vs []*client.ValidationError
	}
	// laneEventMsg is one event of a stream, its image decoded; more is
	// false once the stream has ended, with err saying why if it failed.
	laneEventMsg struct {
		laneRef
		ev     client.ImageEvent
		img    image.Image
		imgErr error
		err    error
		more   bool
	}
	// laneSavedMsg says a lane's images were saved and its job finished.
	// pics are the decoded results of a request that did not stream.
	laneSavedMsg struct {
		laneRef
		files   []savedFile
		pics    []picture
		total   time.Duration
		err     error // the request's
		saveErr error // the recording's
		job     int64 // the job's row; 0 when not recorded
	}
)

// puller reads a stream one event per command; next and stop are never
// called at once, since a lane has one command under way at a time.
type puller struct {
	next func() (client.ImageEvent, error, bool)
	stop func()
}

// laneJob is what a lane's commands work with: copies, never the model.
type laneJob struct {
	ref    laneRef
	spec   spec
	model  string
	client *client.Client
	db     *store.Store
	outDir string
	parent string // the recipe this job varies; "" for none
	altOf  int64  // the job this one runs again beside (r in the results); 0: none
}

// cmd is the lane's job as a command: it reads the inputs, checks the
// request with their real bytes, records the job and sends it: a stream is opened (laneOpenedMsg), a
// whole reply is saved at once (laneSavedMsg).
func (j laneJob) cmd(ctx context.Context) tea.Cmd {
	return func() tea.Msg { return result(j.start(ctx)) }
}

func (j laneJob) start(ctx context.Context) tea.Msg {
	begin := time.Now()
	req, vs := j.spec.request(j.model)
	req.Stream = j.spec.Stream
	var edit *client.ImageEditRequest
	var ins inputs
	if j.spec.edit() {
		ins = readInputs(j.spec)
		vs = append(vs, ins.problems...)
		edit = &client.ImageEditRequest{ImageRequest: req, Images: ins.images, Mask: ins.mask, Multipart: j.spec.Multipart}
	}
	if len(vs) == 0 {
		vs = client.Violations(validate(req, edit))
	}
	if len(vs) > 0 {
		return laneRefusedMsg{laneRef: j.ref, vs: vs}
	}
	rec := beginRecord(j.db, j.outDir, req, edit, ins, j.spec.Label)
	if j.parent != "" && rec.job != nil {
		j.db.SetRecipeParent(rec.job.ID(), j.parent) // its images' recipes name the one varied
	}
	if j.altOf != 0 && rec.job != nil { // grouped in history, for the gallery after a restart
		rec.err = errors.Join(rec.err, j.db.LinkAlternative(ctx, store.AltImageJob, j.altOf, rec.job.ID()))
	}
	if j.spec.Stream {
		next, stop := iter.Pull2(j.stream(ctx, req, edit))
		return laneOpenedMsg{laneRef: j.ref, pull: &puller{next: next, stop: stop}, rec: rec, begin: begin}
	}
	var resp *client.ImageResponse
	var err error
	if edit != nil {
		resp, err = j.client.EditImages(ctx, *edit)
	} else {
		resp, err = j.client.GenerateImages(ctx, req)
	}
	files, saveErr := rec.finish(resp, false, err, time.Since(begin))
	return laneSavedMsg{laneRef: j.ref, files: files, pics: decodeReply(j.ref, resp), total: time.Since(begin), err: err,
		saveErr: saveErr, job: rec.job.ID()}
}

// stream is the request's event stream.
func (j laneJob) stream(ctx context.Context, req client.ImageRequest, edit *client.ImageEditRequest) iter.Seq2[client.ImageEvent, error] {
	if edit != nil {
		return j.client.StreamImageEdits(ctx, *edit)
	}
	return j.client.StreamImages(ctx, req)
}

// validate is the client's own check, as the operation will run it.
func validate(req client.ImageRequest, edit *client.ImageEditRequest) error {
	if edit != nil {
		return edit.Validate()
	}
	return req.Validate()
}

// pull reads the next event and decodes its image, off the UI loop.
func (p *puller) pull(ref laneRef) tea.Cmd {
	return func() tea.Msg {
		ev, err, ok := p.next()
		msg := laneEventMsg{laneRef: ref, ev: ev, err: err, more: ok && err == nil}
		if msg.more && (ev.Partial() || ev.Completed()) {
			msg.img, msg.imgErr = decodeEvent(ev)
		}
		return result(msg)
	}
}

// finishStream ends the stream, saves what arrived (the latest partial
// image when no result did) and finishes the job.
func finishStream(ref laneRef, p *puller, rec jobRecord, resp *client.ImageResponse, partialOnly bool, callErr error, begin time.Time) tea.Cmd {
	return func() tea.Msg {
		p.stop()
		total := time.Since(begin)
		files, saveErr := rec.finish(resp, partialOnly, callErr, total)
		return result(laneSavedMsg{laneRef: ref, files: files, total: total, err: callErr, saveErr: saveErr, job: rec.job.ID()})
	}
}

// decodeEvent decodes an event's image for the screen.
func decodeEvent(ev client.ImageEvent) (image.Image, error) {
	b, err := ev.Decode()
	if err != nil {
		return nil, err
	}
	return decodeImage(b)
}

// decodeImage decodes untrusted image bytes, shrunk for the screen.
func decodeImage(b []byte) (image.Image, error) { return decodeSmall(b, imageview.DisplaySide) }

// decodeSmall decodes untrusted image bytes, shrunk to side pixels at most.
func decodeSmall(b []byte, side int) (image.Image, error) {
	img, _, err := imageview.Decode(b, imageview.Limits{})
	if err != nil {
		return nil, err
	}
	return imageview.Shrink(img, side, side), nil
}

// decodeReply decodes every image of a whole reply for the screen.
func decodeReply(ref laneRef, resp *client.ImageResponse) []picture {
	if resp == nil {
		return nil
	}
	imgs, _ := resp.Images()
	out := make([]picture, 0, len(imgs))
	for i, im := range imgs {
		p := picture{key: ref.key("f", i), index: im.Index}
		if len(im.Bytes) == 0 {
			p.err = errURLOnly
		} else {
			p.img, p.err = decodeImage(im.Bytes)
		}
		out = append(out, p)
	}
	return out
}
