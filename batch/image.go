package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/store"
	"atelier/store/price"
	"atelier/store/record"
)

// KindImage is an image batch's kind: its prompts go to image models, and
// each cell is an image job whose file lands in the media folder with its
// recipe, recorded by package record as the command line's images are.
const KindImage = "image"

// imageKeys are the settings an image target may set.
var imageKeys = []string{"size", "quality", "background", "output_format"}

// ParseImageTarget reads an image target: MODEL[:key=value,...], the keys
// being size, quality, background and output_format. The model is sent as
// written ("gamma/image-2.5-flare"); the request is checked as it will be
// sent, with a stand-in prompt.
func ParseImageTarget(s string) (client.ImageRequest, error) {
	s = strings.TrimSpace(s)
	model, settings, _ := strings.Cut(s, ":")
	req := client.ImageRequest{Model: strings.TrimSpace(model)}
	if req.Model == "" {
		return req, fmt.Errorf("image target %q: no model (want MODEL[:size=...,quality=...])", s)
	}
	if settings != "" {
		for kv := range strings.SplitSeq(settings, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			if !ok || v == "" {
				return req, fmt.Errorf("image target %q: %q is not key=value", s, kv)
			}
			switch k {
			case "size":
				req.Size = v
			case "quality":
				req.Quality = v
			case "background":
				req.Background = v
			case "output_format":
				req.OutputFormat = v
			default:
				return req, fmt.Errorf("image target %q: unknown setting %q (known: %s)", s, k, strings.Join(imageKeys, ", "))
			}
		}
	}
	check := req
	check.Prompt = "x"
	if err := check.Validate(); err != nil {
		return req, fmt.Errorf("image target %q: %w", s, err)
	}
	return req, nil
}

// imageTargets checks an image batch's targets.
func (v *validator) imageTargets(p *Plan, specs []string) {
	v.targetList(p, specs, "image MODEL[:size=...,quality=...]", func(s string) error {
		_, err := ParseImageTarget(s)
		return err
	})
}

// imageChecks refuses the checks an image cannot be put to: only its
// time is known.
func (v *validator) imageChecks(field string, checks []Check) {
	for _, c := range checks {
		if c.Kind != CheckMaxLatency { // a rubric too: a judge reads text
			v.fail(field, "an image batch checks only max_latency (got %s)", c.Kind)
			return
		}
	}
}

// IsImage reports whether the plan is an image batch.
func (p *Plan) IsImage() bool { return p.Kind == KindImage }

// ImageTargets parses the plan's targets as image requests (without their
// prompt).
func (p *Plan) ImageTargets() ([]client.ImageRequest, error) {
	out := make([]client.ImageRequest, len(p.Targets))
	for i, s := range p.Targets {
		req, err := ParseImageTarget(s)
		if err != nil {
			return nil, err
		}
		out[i] = req
	}
	return out, nil
}

// imageEstimate is what an image plan's every cell may cost: one image
// per cell at its target's size and quality; nil when a target is not
// priced (an estimate that leaves cells out would understate it).
func (p *Plan) imageEstimate(t price.Table) *float64 {
	reqs, err := p.ImageTargets()
	if err != nil {
		return nil
	}
	sum := 0.0
	for _, r := range reqs {
		each := t.Image(r.Model, r.Size, r.Quality, 1, nil)
		if each == nil {
			return nil
		}
		sum += *each * float64(len(p.Cases)*p.Repeats)
	}
	return &sum
}

// imageAttempt sends an image cell's request, again while the service says
// to retry and attempts are left, and records how it ended.
func (r *run) imageAttempt(ctx context.Context, g *gate, req client.ImageRequest, checks []Check) store.CellEnd {
	for n := 1; ; n++ {
		if err := g.enter(ctx); err != nil {
			return store.CellEnd{Status: store.StatusInterrupted, Error: "interrupted: the batch was stopped"}
		}
		begun := time.Now()
		resp, err := r.c.GenerateImages(ctx, req)
		total := time.Since(begun)
		g.leave()
		if wait, again := retryWait(err, n, false); again && n < r.o.Attempts && ctx.Err() == nil {
			if isRateLimit(err) {
				g.holdFor(wait)
			} else {
				select {
				case <-r.o.Clock.After(wait):
				case <-ctx.Done():
				}
			}
			continue
		}
		return r.imageEnd(ctx, req, resp, err, total, checks)
	}
}

// imageEnd records the image job — its files saved in the media folder
// with their recipes — and judges the cell. The job is recorded once the
// answer is in, so an attempt the service refused and that was sent again
// leaves nothing in history.
func (r *run) imageEnd(ctx context.Context, req client.ImageRequest, resp *client.ImageResponse, callErr error, total time.Duration, checks []Check) store.CellEnd {
	keep := context.WithoutCancel(ctx)
	if ctx.Err() != nil && callErr != nil {
		return store.CellEnd{Status: store.StatusInterrupted, Error: "interrupted: the batch was stopped"}
	}
	job, err := record.BeginBatchImage(keep, r.db, r.id, req)
	if err != nil {
		return store.CellEnd{Status: store.StatusInterrupted, Error: "not recorded in history: " + err.Error()}
	}
	saved, refused, recErr := job.Finish(keep, resp, false, callErr, total)
	end := store.CellEnd{ImageJobID: job.ID(), Total: total}
	var media string
	for _, s := range saved {
		if s.Media != "" {
			media = s.Media
			break
		}
	}
	switch {
	case callErr != nil:
		end.Status, end.Error = store.CellFailed, callErr.Error()
	case refused != nil:
		end.Status, end.Error = store.CellFailed, refused.Error()
	case recErr != nil:
		end.Status, end.Error = store.StatusInterrupted, "not recorded in history: "+recErr.Error()
	case media == "":
		end.Status, end.Error = store.CellFailed, errors.New("the reply held no image file").Error()
	default:
		end.Status, end.Media = store.CellDone, media
		end.FirstLine = firstLine(homepath.Tilde(media))
		if len(saved) > 1 {
			end.FirstLine = firstLine(fmt.Sprintf("%s (+%d)", homepath.Tilde(media), len(saved)-1))
		}
		if len(checks) > 0 {
			rs := Evaluate(checks, Outcome{Total: total})
			passed := Passed(rs)
			end.Passed = &passed
			end.ChecksJSON, _ = json.Marshal(rs)
		}
	}
	return end
}
