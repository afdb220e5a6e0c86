package record

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"os"
	"slices"

	"atelier/internal/limits"
	"atelier/store/recipe"
)

// ImageDataURI reads an image file into the data URI a video endpoint's
// image field takes inline, without atelier's own recipe (recipe.Remove):
// PNG, JPEG or WebP, of at most limits.VideoImage
// bytes (the interface caps the whole body at 20 MB and base64 makes the
// file a third larger). Its errors name the rule, not the path, so that
// each caller can put them beside what named the file.
func ImageDataURI(path string) (string, error) {
	b, err := limits.ReadFile(path, limits.VideoImage, "video image")
	var pe *os.PathError
	switch {
	case errors.Is(err, limits.ErrLimit):
		return "", fmt.Errorf("the image is too large to send inline: %w", err)
	case errors.As(err, &pe):
		return "", fmt.Errorf("cannot read the image: %w", pe.Err) // the caller shows the path already
	case err != nil:
		return "", fmt.Errorf("cannot read the image: %w", err)
	}
	b = recipe.Remove(b) // the earlier prompt and settings of an image atelier saved stay here
	mt := http.DetectContentType(b)
	if !slices.Contains([]string{"image/png", "image/jpeg", "image/webp"}, mt) {
		return "", fmt.Errorf("a PNG, JPEG or WebP image is needed (the file looks like %s)", mt)
	}
	return "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(b), nil
}
