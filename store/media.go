package store

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
)

// mediaDirName is the media folder inside the data directory.
const mediaDirName = "media"

// partialDirName holds downloads under way, inside the media folder.
const partialDirName = ".partial"

// MediaDir returns the absolute path of the media folder.
func (s *Store) MediaDir() string { return filepath.Join(s.dir, mediaDirName) }

// MediaPath turns a path stored in a row (relative to the data directory)
// into an absolute one. It refuses a path that would leave the media folder,
// so a damaged row cannot make atelier read or delete another file.
func (s *Store) MediaPath(rel string) (string, error) {
	clean := filepath.Clean(filepath.FromSlash(rel))
	if !filepath.IsLocal(clean) || !strings.HasPrefix(clean, mediaDirName+string(filepath.Separator)) {
		return "", fmt.Errorf("media path %q is not inside the media folder", rel)
	}
	return filepath.Join(s.dir, clean), nil
}

// wordRE is what a media kind or extension may be made of.
var wordRE = regexp.MustCompile(`^[a-z0-9]{1,16}$`)

// MediaFile is a media file being written. Nothing appears under its final
// name until Commit, which syncs it to disk and renames it into place, so a
// crash never leaves a truncated image or video that a row points at.
type MediaFile struct {
	f     *os.File
	final string // absolute final path
	rel   string // final path relative to the data directory
	keep  bool   // a resumable download: Abort keeps the partial file
}

// CreateMedia starts a new media file of a kind ("img", "vid", "in"...)
// with an extension ("png", "mp4"). It is named
// media/YYYY-MM-DD/KIND-RANDOM.EXT.
func (s *Store) CreateMedia(kind, ext string) (*MediaFile, error) {
	final, rel, err := s.newMediaName(kind, ext)
	if err != nil {
		return nil, err
	}
	f, err := os.CreateTemp(filepath.Dir(final), ".tmp-*")
	if err != nil {
		return nil, fmt.Errorf("create media: %w", err)
	}
	return &MediaFile{f: f, final: final, rel: rel}, nil
}

// ResumeMedia opens (creating if needed) the partial file of a download
// identified by key (a video task's request id), for appending after a
// restart. offset is how many bytes it already holds.
func (s *Store) ResumeMedia(kind, ext, key string) (m *MediaFile, offset int64, err error) {
	final, rel, err := s.newMediaName(kind, ext)
	if err != nil {
		return nil, 0, err
	}
	dir := filepath.Join(s.MediaDir(), partialDirName)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, 0, fmt.Errorf("resume media: %w", err)
	}
	name := filepath.Join(dir, kind+"-"+KeyName(key)+"."+ext)
	// A partial file of an earlier version, named by the key in hex, is
	// taken over (where the name was short enough to exist at all).
	if old := filepath.Join(dir, kind+"-"+hex.EncodeToString([]byte(key))+"."+ext); old != name {
		if err := os.Rename(old, name); err != nil && !errors.Is(err, os.ErrNotExist) && !errors.Is(err, syscall.ENAMETOOLONG) {
			return nil, 0, fmt.Errorf("resume media: %w", err)
		}
	}
	f, err := os.OpenFile(name, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return nil, 0, fmt.Errorf("resume media: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("resume media: %w", err)
	}
	return &MediaFile{f: f, final: final, rel: rel, keep: true}, st.Size(), nil
}

// KeyName is a file name for a key of any length and any characters (a
// video task's request id, as the service sent it): a hash, so that a
// 200-character id makes a name no longer than one of 10.
func KeyName(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:16])
}

// newMediaName picks a fresh final name and creates its day folder.
func (s *Store) newMediaName(kind, ext string) (abs, rel string, err error) {
	ext = strings.TrimPrefix(strings.ToLower(ext), ".")
	if !wordRE.MatchString(kind) || !wordRE.MatchString(ext) {
		return "", "", fmt.Errorf("create media: kind %q or extension %q is not a short lowercase word", kind, ext)
	}
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", err
	}
	day := s.now().Format("2006-01-02")
	rel = path.Join(mediaDirName, day, kind+"-"+hex.EncodeToString(b[:])+"."+ext)
	abs = filepath.Join(s.dir, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(abs), 0o700); err != nil {
		return "", "", fmt.Errorf("create media: %w", err)
	}
	return abs, rel, nil
}

// Write appends to the file.
func (m *MediaFile) Write(p []byte) (int, error) { return m.f.Write(p) }

// Commit syncs the file and moves it to its final name, returning that name
// relative to the data directory (what rows store).
func (m *MediaFile) Commit() (string, error) {
	tmp := m.f.Name()
	if err := m.f.Sync(); err != nil {
		m.f.Close()
		return "", fmt.Errorf("save media: %w", err)
	}
	if err := m.f.Close(); err != nil {
		return "", fmt.Errorf("save media: %w", err)
	}
	// Link, not rename: it fails rather than replace a file of the same name.
	if err := os.Link(tmp, m.final); err != nil {
		return "", fmt.Errorf("save media: %w", err)
	}
	if err := os.Remove(tmp); err != nil {
		return "", fmt.Errorf("save media: %w", err)
	}
	syncDir(filepath.Dir(m.final))
	return m.rel, nil
}

// Abort drops the file; a resumable download keeps its partial bytes.
func (m *MediaFile) Abort() error {
	err := m.f.Close()
	if m.keep {
		return err
	}
	return errors.Join(err, os.Remove(m.f.Name()))
}

// SaveMedia writes everything r yields to a new media file and returns its
// path relative to the data directory.
func (s *Store) SaveMedia(kind, ext string, r io.Reader) (string, error) {
	m, err := s.CreateMedia(kind, ext)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(m, r); err != nil {
		m.keep = false
		return "", errors.Join(fmt.Errorf("save media: %w", err), m.Abort())
	}
	return m.Commit()
}

// removeMedia deletes files that rows referred to, after those rows are gone.
// A file already missing is not an error.
func (s *Store) removeMedia(rels []string) error {
	var errs []error
	for _, rel := range rels {
		if rel == "" {
			continue
		}
		p, err := s.MediaPath(rel)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// syncDir makes a rename in dir durable; it is best effort, as some systems
// cannot sync a directory.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
