package record

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"atelier/client"
)

// CopyOut writes an image of a reply into dir (made if missing) as
// image-STAMP-N.EXT, N its place in the reply from 1, or as
// image-STAMP-N-2.EXT and so on: never over a file. The command line's -o
// and the Image tab's images folder both name their files so.
func CopyOut(dir string, stamp time.Time, im client.ImageResult) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := fmt.Sprintf("image-%s-%d", stamp.Format("20060102-150405"), im.Index+1)
	for i := 1; ; i++ {
		name := base + im.Ext
		if i > 1 {
			name = fmt.Sprintf("%s-%d%s", base, i, im.Ext)
		}
		p := filepath.Join(dir, name)
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, os.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(im.Bytes)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return "", err
		}
		return p, nil
	}
}
