package video

import (
	"path/filepath"
	"slices"
	"strings"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/store"
	"atelier/store/record"
)

// localImage marks, in a body about to be sent, an image to read from a
// file and send as a data URI; resolveImages replaces it.
type localImage struct {
	path string // the field's JSON path, for the error beside it
	file string // as typed: ~/ is the home folder
}

// resolveImages reads every local image of body into a data URI, in
// place, and returns the files read (the task's lineage). Each file that
// cannot be sent is a violation on its field.
func resolveImages(body any) ([]store.VideoInputFile, []*client.ValidationError) {
	var out []*client.ValidationError
	var read []store.VideoInputFile
	var walk func(x any) any
	walk = func(x any) any {
		switch t := x.(type) {
		case localImage:
			uri, err := dataURI(t.file)
			if err != nil {
				out = append(out, &client.ValidationError{Field: t.path, Rule: err.Error()})
				return ""
			}
			if abs, err := filepath.Abs(homepath.Expand(t.file)); err == nil {
				read = append(read, store.VideoInputFile{Field: t.path, File: abs})
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
	return read, out
}

// dataURI reads an image file, typed with ~/ for the home folder, into a
// data URI as record.ImageDataURI does for the command line.
func dataURI(file string) (string, error) {
	return record.ImageDataURI(homepath.Expand(file))
}
