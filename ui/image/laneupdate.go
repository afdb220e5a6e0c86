package imagetab

import (
	"context"
	"errors"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/ui/imageview"
	"atelier/ui/tab"
)

// laneOpened starts reading a stream, an event per command; a stream of
// a run gone (r nil or another) is ended at once.
func (r *run) laneOpened(msg laneOpenedMsg) tea.Cmd {
	l := r.lane(msg.laneRef)
	if l == nil {
		return finishStream(msg.laneRef, msg.pull, msg.rec, nil, false, context.Canceled, msg.begin)
	}
	l.state, l.pull, l.rec, l.begin = laneStreaming, msg.pull, msg.rec, msg.begin
	return l.pull.pull(msg.laneRef)
}

// laneEvent shows an event's image (v tells the terminal which picture
// replaces which) and asks for the next event; at the end of the stream it
// saves what arrived.
func (r *run) laneEvent(msg laneEventMsg, v *imageview.Viewer) tea.Cmd {
	l := r.lane(msg.laneRef)
	if l == nil {
		return nil
	}
	if !msg.more {
		return l.end(msg.laneRef, msg.err)
	}
	if err := l.acc.Add(msg.ev); err != nil {
		return l.end(msg.laneRef, err)
	}
	var cmd tea.Cmd
	switch {
	case msg.ev.Partial():
		cmd = l.showPartial(msg, v)
	case msg.ev.Completed():
		cmd = l.showFinal(msg, v)
	}
	return tea.Batch(cmd, l.pull.pull(msg.laneRef))
}

// showPartial puts a partial image in place of the one before it, which
// stays on screen until the new one is in the terminal.
func (l *lane) showPartial(msg laneEventMsg, v *imageview.Viewer) tea.Cmd {
	n := msg.ev.PartialImageIndex + 1
	next := &picture{key: msg.key(fmt.Sprintf("p%d-", len(l.finals)), n), img: msg.img, err: msg.imgErr,
		partial: n, index: len(l.finals)}
	var forget tea.Cmd
	if l.partial != nil {
		forget = v.Succeed(l.partial.key, next.key)
	}
	l.partial = next
	return forget
}

// showFinal adds a result in the place of its partial images.
func (l *lane) showFinal(msg laneEventMsg, v *imageview.Viewer) tea.Cmd {
	i := len(l.finals)
	final := picture{key: msg.key("f", i), img: msg.img, err: msg.imgErr, index: i}
	var forget tea.Cmd
	if l.partial != nil {
		forget = v.Succeed(l.partial.key, final.key)
		l.partial = nil
	}
	l.finals = append(l.finals, final)
	return forget
}

// endLane saves what a stream brought: its results, or the latest partial
// image when none completed.
func (l *lane) end(ref laneRef, err error) tea.Cmd {
	l.state, l.err = laneSaving, err
	var resp *client.ImageResponse
	_, hasPartial := l.acc.LatestPartial()
	if l.acc.Done() || hasPartial {
		resp = l.acc.Response()
	}
	return finishStream(ref, l.pull, l.rec, resp, !l.acc.Done(), err, l.begin)
}

// laneSaved keeps how lane l ended and where its images went, and says so.
func (r *run) laneSaved(l *lane, msg laneSavedMsg) tea.Cmd {
	l.total, l.err, l.job = msg.total, msg.err, msg.job
	l.state = endState(msg.err)
	if msg.pics != nil {
		l.finals = msg.pics
	}
	for _, f := range msg.files {
		if p := l.at(f.index, len(l.finals) == 0); p != nil {
			p.path, p.media, p.fileID = f.path, f.media, f.fileID
		}
	}
	return r.report(l, msg)
}

// at is the picture of data[i]: a result, or the partial image kept.
func (l *lane) at(i int, partial bool) *picture {
	if partial {
		return l.partial
	}
	for k := range l.finals {
		if l.finals[k].index == i {
			return &l.finals[k]
		}
	}
	return nil
}

func endState(err error) laneState {
	switch {
	case errors.Is(err, context.Canceled):
		return laneStopped
	case err != nil:
		return laneFailed
	}
	return laneDone
}

// report tells the status bar how a lane ended.
func (r *run) report(l *lane, msg laneSavedMsg) tea.Cmd {
	if b := r.blind; b.hidden() { // no model, no error text: the tile shows it after the vote
		if r.running() {
			return nil
		}
		return tab.Info("every image is in: vote (the line under the images says how)")
	}
	var cmds []tea.Cmd
	if msg.err != nil && !errors.Is(msg.err, context.Canceled) {
		cmds = append(cmds, tab.Error(msg.err))
	}
	if msg.saveErr != nil {
		cmds = append(cmds, tab.Error(fmt.Errorf("saving images: %w", msg.saveErr)))
	}
	switch n := len(msg.files); {
	case r.running():
	case errors.Is(msg.err, context.Canceled):
		cmds = append(cmds, tab.Info("stopped: what arrived is kept"))
	case n > 0 && msg.err == nil:
		cmds = append(cmds, tab.Notice(savedNote(l, n, msg)))
	}
	return tea.Batch(cmds...)
}

func savedNote(l *lane, n int, msg laneSavedMsg) string {
	return fmt.Sprintf("%s from %s in %.1f s: %s", tab.Plural(n, "image"), l.model, msg.total.Seconds(), homepath.Tilde(msg.files[0].path))
}

// refusedField is the service's refusal of one field, to show beside it
// in the form as a violation of its own.
func refusedField(err error) []*client.ValidationError {
	var ae *client.APIError
	if !errors.As(err, &ae) || ae.Param == "" || ae.Status < 400 || ae.Status >= 500 {
		return nil
	}
	return []*client.ValidationError{{Field: ae.Param, Rule: "refused by the service: " + oneLine(ae.Message)}}
}
