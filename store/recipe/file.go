package recipe

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// SidecarSuffix ends the name of a video's recipe file: the video
// media/…/vid-1a2b.mp4 has media/…/vid-1a2b.recipe.json beside it.
const SidecarSuffix = ".recipe.json"

// maxImageFile caps the image file ReadFile looks into.
const maxImageFile = 64 << 20

// SidecarPath is the recipe file of a video (or any file without metadata
// of its own).
func SidecarPath(media string) string {
	return strings.TrimSuffix(media, filepath.Ext(media)) + SidecarSuffix
}

// WriteSidecar writes r beside the media file, whole or not at all.
func WriteSidecar(media string, r *Recipe) error {
	text, err := r.Marshal()
	if err != nil {
		return err
	}
	p := SidecarPath(media)
	tmp, err := os.CreateTemp(filepath.Dir(p), ".tmp-recipe-*")
	if err != nil {
		return fmt.Errorf("recipe: %w", err)
	}
	_, werr := tmp.Write(append(text, '\n'))
	if cerr := tmp.Close(); werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Rename(tmp.Name(), p)
	}
	if werr != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("recipe: %w", werr)
	}
	return nil
}

// ReadFile reads the recipe of any file that has one: an image with the
// recipe in its metadata, a recipe file itself, or a video (or other file)
// with a sidecar beside it.
func ReadFile(path string) (*Recipe, error) {
	sniff, err := readHead(path, -12)
	if err != nil {
		return nil, err
	}
	switch {
	case Format(sniff) != "":
		return readWith(path, maxImageFile, Read)
	case bytes.HasPrefix(bytes.TrimLeft(sniff, " \t\r\n"), []byte("{")):
		return readWith(path, MaxBytes+1, Parse)
	}
	side := SidecarPath(path)
	if _, err := os.Stat(side); errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (and no %s beside it)", path, ErrNone, filepath.Base(side))
	}
	return readWith(side, MaxBytes+1, Parse)
}

// readWith reads a file of at most limit bytes and finds its recipe with
// find (Read for an image, Parse for a recipe file).
func readWith(path string, limit int64, find func([]byte) (*Recipe, error)) (*Recipe, error) {
	b, err := readHead(path, limit)
	if err != nil {
		return nil, err
	}
	r, err := find(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// readHead reads a file, refusing one over limit bytes; a negative limit
// reads at most -limit bytes and is content with fewer (a sniff).
func readHead(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if limit < 0 {
		return io.ReadAll(io.LimitReader(f, -limit))
	}
	b, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s: over %d bytes, larger than a recipe's file may be", path, limit)
	}
	return b, nil
}
