package imagetab

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"atelier/internal/homepath"
	"atelier/ui/components/sharepage"
)

// TestGalleryShareKey: P in the gallery writes the job selected as a page
// in the data folder's shares/, its image embedded, and names the file.
func TestGalleryShareKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, nil)
	h.set("prompt", "a red kite").set(rowSize, "256x256").Keys("enter")
	h.Keys("g", "P")
	h.NoErrors()
	id := h.jobs()[0].ID
	path := filepath.Join(sharepage.Dir(h.db), "image-"+strconv.FormatInt(id, 10)+".html")
	if n := h.Notices(); len(n) == 0 || n[len(n)-1] != "shared "+homepath.Tilde(path) {
		t.Fatalf("notices %q", n)
	}
	b, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(b), "a red kite") || !strings.Contains(string(b), "data:image/") {
		t.Errorf("the page is not the job's with its image (%v)", err)
	}
}
