package imagetab

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/internal/limits"
	"atelier/store/recipe"
)

// inputs are an edit's images and mask, read for sending.
type inputs struct {
	images   []client.ImageInput
	mask     *client.ImageInput
	sources  []source // every input read, images then the mask, for the record
	problems []*client.ValidationError
}

// source is one input as read, with where it came from.
type source struct {
	ref  inputRef
	in   client.ImageInput
	role string // "image" or "mask", as the store names them
}

// readInputs reads the files of an edit's inputs; URLs are sent as they
// are. A file that cannot be read is a violation of its field, so the form
// shows it where the path is.
func readInputs(s spec) inputs {
	var out inputs
	for i, ref := range s.Inputs {
		in, err := readInput(ref)
		if err != nil {
			out.problems = append(out.problems, unreadable(fmt.Sprintf("images[%d]", i), ref, err))
			continue
		}
		out.images = append(out.images, in)
		out.sources = append(out.sources, source{ref: ref, in: in, role: "image"})
	}
	if s.Mask != nil {
		in, err := readInput(*s.Mask)
		if err != nil {
			out.problems = append(out.problems, unreadable("mask", *s.Mask, err))
			return out
		}
		out.mask = &in
		out.sources = append(out.sources, source{ref: *s.Mask, in: in, role: "mask"})
		if len(out.images) > 0 && len(in.Data) > 0 && len(out.images[0].Data) > 0 {
			if v := maskSize(lookBytes(out.images[0].Data), lookBytes(in.Data)); v != nil {
				out.problems = append(out.problems, v)
			}
		}
	}
	return out
}

func unreadable(field string, ref inputRef, err error) *client.ValidationError {
	return &client.ValidationError{Field: field, Rule: "cannot be read: " + err.Error(), Value: ref.Ref}
}

// readInput reads a file, at most client.ImageMaxBytes of it.
func readInput(ref inputRef) (client.ImageInput, error) {
	if isURL(ref.Ref) {
		return client.ImageFromURL(ref.Ref), nil
	}
	path := homepath.Expand(ref.Ref)
	f, err := os.Open(path)
	if err != nil {
		return client.ImageInput{}, withoutPath(err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, client.ImageMaxBytes+1))
	switch {
	case err != nil:
		return client.ImageInput{}, err
	case len(b) > client.ImageMaxBytes:
		return client.ImageInput{}, fmt.Errorf("larger than %s", limits.Size(client.ImageMaxBytes))
	case len(b) == 0:
		return client.ImageInput{}, errors.New("the file is empty")
	}
	return client.ImageFromFile(filepath.Base(path), recipe.Remove(b)), nil // its recipe stays here
}

// withoutPath is an error opening a file without the path, which the form
// shows already.
func withoutPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
