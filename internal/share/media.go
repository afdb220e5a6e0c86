package share

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"

	"atelier/store"
)

// EmbedLimit is the largest image embedded in the page itself (as a data:
// URL); a larger one, and every video, is written beside the page in
// FILE_files/ and linked by its file name.
const EmbedLimit = 2 << 20

// media places a page's media: embedded, or copied beside the page.
type media struct {
	dir   string // FILE_files, absolute
	rel   string // FILE_files, as the page names it
	limit int64
	names map[string]string // source path → name beside the page
	count map[string]int    // files beside the page by stem
	wrote []string          // files written beside the page
}

func newMedia(pagePath string, limit int64) *media {
	base := strings.TrimSuffix(filepath.Base(pagePath), filepath.Ext(pagePath)) + "_files"
	return &media{dir: filepath.Join(filepath.Dir(pagePath), base), rel: base, limit: limit, names: map[string]string{}, count: map[string]int{}}
}

// mediaView is one image or video as the page shows it.
type mediaView struct {
	Src     template.URL // a data: URL, or FILE_files/NAME
	Caption string
	Beside  bool // written beside the page
	Missing bool // the file is gone from the data directory
}

// image embeds the image at path, or writes it beside the page when it is
// larger than the limit.
func (m *media) image(path, caption string) (mediaView, error) {
	st, err := os.Stat(path)
	if os.IsNotExist(err) {
		return mediaView{Caption: caption, Missing: true}, nil
	}
	if err != nil {
		return mediaView{}, err
	}
	if st.Size() > m.limit {
		return m.beside(path, "image", caption)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return mediaView{}, err
	}
	typ := http.DetectContentType(data)
	if !strings.HasPrefix(typ, "image/") {
		typ = mime.TypeByExtension(filepath.Ext(path))
	}
	if !strings.HasPrefix(typ, "image/") {
		return mediaView{}, fmt.Errorf("%s: not an image", filepath.Base(path))
	}
	typ, _, _ = strings.Cut(typ, ";")
	src := "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(data)
	return mediaView{Src: template.URL(src), Caption: caption}, nil
}

// beside copies the file at path into FILE_files/ (once) as STEM-N.EXT,
// N counting that stem's files, and links it: names that say what a file
// is and nothing of the data directory.
func (m *media) beside(path, stem, caption string) (mediaView, error) {
	if name, ok := m.names[path]; ok {
		return mediaView{Src: template.URL(m.rel + "/" + name), Caption: caption, Beside: true}, nil
	}
	m.count[stem]++
	return m.besideAs(path, fmt.Sprintf("%s-%d%s", stem, m.count[stem], safeExt(path)), caption)
}

// safeName keeps a file name to letters, digits, dot, dash and
// underscore: it is written into the page and a URL.
func safeName(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	if len(b) == 0 || b[0] == '.' {
		return "media" + string(b)
	}
	return string(b)
}

// bytes places an image given as data: embedded up to the limit, else
// written beside the page as name.
func (m *media) bytes(data []byte, typ, name, caption string) (mediaView, error) {
	if int64(len(data)) <= m.limit {
		src := "data:" + typ + ";base64," + base64.StdEncoding.EncodeToString(data)
		return mediaView{Src: template.URL(src), Caption: caption}, nil
	}
	if err := os.MkdirAll(m.dir, 0o755); err != nil {
		return mediaView{}, err
	}
	dst := filepath.Join(m.dir, safeName(name))
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		return mediaView{}, err
	}
	m.wrote = append(m.wrote, dst)
	return mediaView{Src: template.URL(m.rel + "/" + safeName(name)), Caption: caption, Beside: true}, nil
}

// besideAs copies the file at path beside the page under name.
func (m *media) besideAs(path, name, caption string) (mediaView, error) {
	if _, err := os.Stat(path); os.IsNotExist(err) {
		return mediaView{Caption: caption, Missing: true}, nil
	}
	if err := os.MkdirAll(m.dir, 0o755); err != nil {
		return mediaView{}, err
	}
	name = safeName(name)
	if err := store.CopyFile(path, filepath.Join(m.dir, name)); err != nil {
		return mediaView{}, err
	}
	m.wrote = append(m.wrote, filepath.Join(m.dir, name))
	m.names[path] = name
	return mediaView{Src: template.URL(m.rel + "/" + name), Caption: caption, Beside: true}, nil
}
