package imagetab

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/homepath"
)

// look is what a local input file turned out to be when it was added: an
// image of a size, or why it cannot be one. URLs are the service's to
// fetch, so they get no look.
type look struct {
	w, h int
	err  error
}

// lookedMsg is the look at the input ref.
type lookedMsg struct {
	ref  string
	look look
}

// lookAt reads a local input as far as its header: whether it is an image
// the service takes, and its size.
func lookAt(ref string) look {
	f, err := os.Open(homepath.Expand(ref))
	if err != nil {
		return look{err: fmt.Errorf("cannot be read: %w", withoutPath(err))}
	}
	defer f.Close()
	cfg, _, err := image.DecodeConfig(io.LimitReader(f, client.ImageMaxBytes))
	if err != nil {
		return look{err: errors.New("is not an image: png, jpeg, webp or gif")}
	}
	return look{w: cfg.Width, h: cfg.Height}
}

// lookCmd looks at a local input in the background; nil for a URL.
func lookCmd(ref string) tea.Cmd {
	if isURL(ref) {
		return nil
	}
	return func() tea.Msg { return result(lookedMsg{ref: ref, look: lookAt(ref)}) }
}

// lookBook keeps the looks at the local inputs, by ref: shared by the
// tab and the rules of its form, and changed only by Update.
type lookBook struct{ m map[string]look }

// look keeps a look in the form's book and checks the form again with it.
func (d *draft) look(msg lookedMsg) {
	d.looks.keep(msg)
	d.recheck()
}

// keep keeps a look.
func (b *lookBook) keep(msg lookedMsg) {
	if b.m == nil {
		b.m = map[string]look{}
	}
	b.m[msg.ref] = msg.look
}

// cmds looks at every local input of s not looked at yet.
func (b *lookBook) cmds(s spec) tea.Cmd {
	var cmds []tea.Cmd
	refs := s.Inputs
	if s.Mask != nil {
		refs = append(refs[:len(refs):len(refs)], *s.Mask)
	}
	for _, in := range refs {
		if _, ok := b.m[in.Ref]; !ok && badScheme(in.Ref) == nil {
			cmds = append(cmds, lookCmd(in.Ref))
		}
	}
	return tea.Batch(cmds...)
}

// badScheme refuses a URL the service would not fetch (ftp://, file://):
// only http(s) URLs and data:image URIs go as URLs; anything else is read
// as a file path.
func badScheme(ref string) error {
	if i := strings.Index(ref, "://"); i > 0 && !isURL(ref) {
		return fmt.Errorf("%s:// is not fetched by the service: give an http(s) URL, a data:image URI or a file", ref[:i])
	}
	return nil
}

// violations are what the looks at s's inputs found: a file that is no
// image, and a mask of another size than the first image.
func (b *lookBook) violations(s spec) []*client.ValidationError {
	var vs []*client.ValidationError
	for i, in := range s.Inputs {
		if l, ok := b.m[in.Ref]; ok && l.err != nil {
			vs = append(vs, &client.ValidationError{Field: fmt.Sprintf("images[%d]", i), Rule: l.err.Error(), Value: in.Ref})
		}
	}
	mask := s.Mask
	if mask == nil {
		return vs
	}
	ml, ok := b.m[mask.Ref]
	switch {
	case !ok:
	case ml.err != nil:
		vs = append(vs, &client.ValidationError{Field: "mask", Rule: ml.err.Error(), Value: mask.Ref})
	case len(s.Inputs) > 0:
		if v := maskSize(b.m[s.Inputs[0].Ref], ml); v != nil {
			vs = append(vs, v)
		}
	}
	return vs
}

// maskSize is the violation of a mask whose size is not the image's, nil
// when they agree or the image's size is not known.
func maskSize(img, mask look) *client.ValidationError {
	if img.err != nil || img.w == 0 || (img.w == mask.w && img.h == mask.h) {
		return nil
	}
	return &client.ValidationError{Field: "mask", Rule: fmt.Sprintf("must be the size of the first image, %dx%d", img.w, img.h),
		Value: fmt.Sprintf("%dx%d", mask.w, mask.h)}
}

// lookBytes is the look of an input read for sending.
func lookBytes(b []byte) look {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return look{err: err}
	}
	return look{w: cfg.Width, h: cfg.Height}
}
