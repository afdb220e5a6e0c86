package history

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/internal/homepath"
	"atelier/ui/components/sharepage"
)

// TestShareKey: P writes the item under the cursor, or the open one, as a
// page in the data folder's shares/, and the status line names it.
func TestShareKey(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 100, 30)
	for _, c := range []struct{ row, file, want string }{
		{"haiku", "chat-1.html", "Steam curls"},
		{"CRDT", "compare-2.html", "★★★★☆"},
		{"watercolor", "image-1.html", "data:image/png;base64,"},
	} {
		hs.Out = nil
		hs.to(c.row).Keys("P")
		path := filepath.Join(sharepage.Dir(f.db), c.file)
		if n := hs.Notices(); len(n) != 1 || !strings.Contains(n[0], "shared "+homepath.Tilde(path)) {
			t.Fatalf("%s: notices %q, errors %v", c.row, n, hs.Errors())
		}
		b, err := os.ReadFile(path)
		check(t, err)
		if !strings.Contains(string(b), c.want) || !strings.Contains(string(b), "Content-Security-Policy") {
			t.Errorf("%s: the page lacks %q", path, c.want)
		}
	}
	hs.Out = nil
	hs.opened("storm")
	hs.Keys("P")
	if _, err := os.Stat(filepath.Join(sharepage.Dir(f.db), "video-2.html")); err != nil || len(hs.Notices()) != 1 {
		t.Errorf("share of an open item: %v %q %v", err, hs.Notices(), hs.Errors())
	}
}
