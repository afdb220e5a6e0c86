package recipe

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Schema is the recipe format this package writes; a reader takes any
// recipe whose schema it knows.
const Schema = "atelier.recipe/1"

// MaxBytes caps the JSON text of one recipe, in a file or a sidecar: a
// longest prompt with every request field fits many times over, and a
// hostile file cannot make the reader hold more.
const MaxBytes = 1 << 20

// Kinds of artifact.
const (
	KindImage = "image"
	KindVideo = "video"
)

// Recipe is how one artifact was made.
type Recipe struct {
	Schema string `json:"schema"`
	// ID names this recipe, so a variation can say which one it came from.
	ID     string `json:"id"`
	Parent string `json:"parent,omitempty"`
	Kind   string `json:"kind"` // KindImage or KindVideo
	// Endpoint is "generations" or "edits" for an image, the path after
	// /queue/qv/ for a video.
	Endpoint string `json:"endpoint"`
	// Multipart records an edit sent as multipart/form-data.
	Multipart bool `json:"multipart,omitempty"`
	// Request is the request body as sent (prompt, model, size, quality and
	// every other field), with secrets dropped and inline images replaced by
	// "sha256:HEX" (see Inputs).
	Request   json.RawMessage `json:"request"`
	Inputs    []Input         `json:"inputs,omitempty"`
	Sources   []Source        `json:"sources,omitempty"` // a video's source images (lineage)
	RequestID string          `json:"request_id,omitempty"`
	// Label is the idea the artifact belongs to, as the
	// history labels it; a run from the recipe carries it on.
	Label   string    `json:"label,omitempty"`
	Time    time.Time `json:"time"`
	Version string    `json:"atelier_version,omitempty"`
}

// Source is an image a video was made from: the field it went in, and
// where the history keeps it, so the recipe names its image
// rather than an elided data URI.
type Source struct {
	Field    string `json:"field"`
	ImageJob int64  `json:"image_job,omitempty"` // the history's image job; 0 for an outside file
	Path     string `json:"path"`                // relative to the data folder for a history image; else as read
}

// Input is an image the request carried inline, by where it was in the
// body and by its hash.
type Input struct {
	Field  string `json:"field"` // a dotted path: images.0.image_url, mask.image_url
	SHA256 string `json:"sha256"`
}

// New makes the recipe of a request body. The body is kept as it was sent,
// byte for byte, apart from secrets and inline images.
func New(kind, endpoint string, body []byte, at time.Time, version string) (*Recipe, error) {
	req, inputs, err := strip(body)
	if err != nil {
		return nil, fmt.Errorf("recipe: request body: %w", err)
	}
	var id [8]byte
	if _, err := rand.Read(id[:]); err != nil {
		return nil, err
	}
	return &Recipe{Schema: Schema, ID: hex.EncodeToString(id[:]), Kind: kind, Endpoint: endpoint,
		Request: req, Inputs: inputs, Time: at.UTC(), Version: version}, nil
}

// Field returns a top-level string field of the request ("model",
// "prompt", "size", "quality"), or "".
func (r *Recipe) Field(name string) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(r.Request, &m) != nil {
		return ""
	}
	var s string
	if json.Unmarshal(m[name], &s) != nil {
		return ""
	}
	return s
}

// Model is the request's model.
func (r *Recipe) Model() string { return r.Field("model") }

// Prompt is the request's prompt.
func (r *Recipe) Prompt() string { return r.Field("prompt") }

// Marshal is the recipe's JSON text, as files carry it.
func (r *Recipe) Marshal() ([]byte, error) {
	b, err := json.Marshal(r)
	if err != nil {
		return nil, err
	}
	if len(b) > MaxBytes {
		return nil, fmt.Errorf("recipe: %d bytes, over the %d-byte limit", len(b), MaxBytes)
	}
	return b, nil
}

// ErrNone is returned by the readers for a file without a recipe.
var ErrNone = errors.New("no atelier recipe in the file")

// Parse reads a recipe's JSON text, refusing one over MaxBytes, of an
// unknown schema or without a request.
func Parse(b []byte) (*Recipe, error) {
	if len(b) > MaxBytes {
		return nil, fmt.Errorf("recipe: %d bytes, over the %d-byte limit", len(b), MaxBytes)
	}
	var r Recipe
	d := json.NewDecoder(bytes.NewReader(b))
	if err := d.Decode(&r); err != nil {
		return nil, fmt.Errorf("recipe: %w", err)
	}
	switch {
	case r.Schema != Schema:
		return nil, fmt.Errorf("recipe: schema %q is not %q", r.Schema, Schema)
	case r.Kind != KindImage && r.Kind != KindVideo:
		return nil, fmt.Errorf("recipe: kind %q is not image or video", r.Kind)
	case len(r.Request) == 0 || r.Request[0] != '{':
		return nil, errors.New("recipe: request: must be a JSON object")
	}
	return &r, nil
}

// Version is atelier's version as recipes record it; the program sets it
// at start (the store has no other way to know it).
var Version string
