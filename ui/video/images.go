package video

import (
	"encoding/base64"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strings"

	"atelier/budget"
	"atelier/client"
	"atelier/homepath"
)

// localImage marks, in a body about to be sent, an image to read from a
// file and send as a data URI; resolveImages replaces it.
type localImage struct {
	path string // the field's JSON path, for the error beside it
	file string // as typed: ~/ is the home folder
}

// maxImageBytes is the largest image file read: base64 makes it a third
// larger, and the whole body must stay under the service's cap.
const maxImageBytes = client.VideoMaxBase64Body / 4 * 3

// resolveImages reads every local image of body into a data URI, in
// place. Each file that cannot be sent is a violation on its field.
func resolveImages(body any) []*client.ValidationError {
	var out []*client.ValidationError
	var walk func(x any) any
	walk = func(x any) any {
		switch t := x.(type) {
		case localImage:
			uri, err := dataURI(t.file)
			if err != nil {
				out = append(out, &client.ValidationError{Field: t.path, Rule: err.Error()})
				return ""
			}
			return uri
		case map[string]any:
			for k, v := range t {
				t[k] = walk(v)
			}
		case []any:
			for i, v := range t {
				t[i] = walk(v)
			}
		}
		return x
	}
	walk(body)
	slices.SortFunc(out, func(a, b *client.ValidationError) int { return strings.Compare(a.Field, b.Field) })
	return out
}

// dataURI reads an image file into a data URI: PNG, JPEG or WebP, as the
// service accepts.
func dataURI(file string) (string, error) {
	f, err := os.Open(homepath.Expand(file))
	if err != nil {
		return "", fmt.Errorf("cannot read the image: %w", unwrapPath(err))
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxImageBytes+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("cannot read the image: %w", unwrapPath(err))
	case len(b) > maxImageBytes:
		return "", fmt.Errorf("the image is over %s, too large to send inline", budget.Size(maxImageBytes))
	}
	mt := http.DetectContentType(b)
	if !slices.Contains([]string{"image/png", "image/jpeg", "image/webp"}, mt) {
		return "", fmt.Errorf("a PNG, JPEG or WebP image is needed (the file looks like %s)", mt)
	}
	return "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(b), nil
}

// unwrapPath drops the operation and path an *os.PathError repeats: the
// error shows beside the field that holds the path.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
