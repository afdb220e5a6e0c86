package batch

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"atelier/internal/limits"
)

// ReadOptions tune ReadFileWith.
type ReadOptions struct {
	// AllowOutsideFiles lets a prompt's file lie anywhere. Without it a
	// prompt file must resolve, symbolic links followed, inside the batch
	// file's folder or below: a batch file is something people share, and
	// one that names /etc/shadow or ../secret.txt must not send it to a
	// model.
	AllowOutsideFiles bool
	// Sets are the named target sets a file's target_set is read from
	// (nil: a file that names one is an error).
	Sets TargetSets
	// Judge is the judge target of a file with rubric checks that names
	// none: the one chosen in Settings (arena.judge).
	Judge string
}

// errOutside is a prompt file that resolves outside the batch file's folder.
var errOutside = errors.New("outside the batch file's folder")

// readPromptFile reads the prompt file name of a batch file in dir: name
// relative to dir unless absolute, and, unless outside is allowed, only
// where it resolves to inside dir. The resolved path is the one read, so a
// link swapped after the check cannot lead elsewhere.
func readPromptFile(dir, name string, outside bool) ([]byte, error) {
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	if !outside {
		var err error
		if path, err = inside(dir, path); err != nil {
			return nil, fmt.Errorf("%q: %w", name, err)
		}
	}
	return limits.ReadFile(path, MaxPromptFile, "prompt file")
}

// inside resolves path (symbolic links followed) and checks that it lies in
// dir, resolved too, or below.
func inside(dir, path string) (string, error) {
	root, err := resolve(dir)
	if err != nil {
		return "", err
	}
	real, err := resolve(path)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", fmt.Errorf("%w (it resolves to %s): prompt files are read only from the folder of the batch file and below "+
			"(atelier batch run --allow-outside-files reads it)", errOutside, real)
	}
	return real, nil
}

// resolve is path made absolute with its symbolic links followed.
func resolve(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", err
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return "", pe.Err // "no such file or directory": the name is the caller's to show
		}
		return "", err
	}
	return real, nil
}
