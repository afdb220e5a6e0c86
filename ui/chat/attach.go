package chat

import (
	"fmt"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"

	"atelier/client"
	"atelier/internal/homepath"
	"atelier/internal/limits"
	"atelier/store/recipe"
)

// maxImageBytes bounds an attachment: larger files are refused before they
// are read into memory and sent.
const maxImageBytes = limits.ChatImage

// attachment is an image file attached to the next prompt.
type attachment struct {
	name  string // the file's base name, for the screen
	image client.ChatImage
}

func chatImages(as []attachment) []client.ChatImage {
	if len(as) == 0 {
		return nil
	}
	out := make([]client.ChatImage, len(as))
	for i, a := range as {
		out[i] = a.image
	}
	return out
}

// takesImages reports whether a family's chat accepts image attachments.
// All three chat protocols do; the check stays so a family without images
// is refused in one place.
func takesImages(f client.Group) bool {
	switch f {
	case client.Alpha, client.Beta, client.Gamma:
		return true
	}
	return false
}

// attachedMsg is an image read from a path, or why it could not be.
type attachedMsg struct {
	att attachment
	err error
}

// attach reads the image at path. A path starting with ~/ is under the home
// folder, as people type it.
func attach(path string) tea.Cmd {
	return func() tea.Msg {
		a, err := readImage(path)
		return result(attachedMsg{att: a, err: err})
	}
}

func readImage(path string) (attachment, error) {
	path = homepath.Expand(strings.TrimSpace(path))
	st, err := os.Stat(path)
	if err != nil {
		return attachment{}, fmt.Errorf("attach: %w", err)
	}
	if st.Size() > maxImageBytes {
		return attachment{}, fmt.Errorf("attach %s: %s is more than %s", filepath.Base(path), limits.Size(st.Size()), limits.Size(maxImageBytes))
	}
	b, err := limits.ReadFile(path, maxImageBytes, "chat image") // the file may have grown since Stat
	if err != nil {
		return attachment{}, fmt.Errorf("attach: %w", err)
	}
	mt := http.DetectContentType(b)
	if !strings.HasPrefix(mt, "image/") {
		if ext := mime.TypeByExtension(filepath.Ext(path)); strings.HasPrefix(ext, "image/") {
			mt = ext
		} else {
			return attachment{}, fmt.Errorf("attach %s: not an image (%s)", filepath.Base(path), mt)
		}
	}
	// An image atelier saved carries its recipe: the earlier prompt and
	// settings are not sent along.
	return attachment{name: filepath.Base(path), image: client.ChatImage{MediaType: mt, Data: recipe.Remove(b)}}, nil
}
