package share

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"atelier/store"
)

// imageView is an image job: its prompt, figures, pictures and recipe.
type imageView struct {
	ID      int64
	Prompt  string
	Figures string
	Error   string
	Images  []mediaView
	Inputs  []mediaView
	Recipe  []setting // the job's settings that say something, by name
	Tags    string
}

// videoView is a video task: its prompt, figures, status history and the
// video beside the page.
type videoView struct {
	Prompt  string
	Figures string
	Video   *mediaView
	Events  []eventView
	Tags    string
}

type eventView struct{ At, Status, Queue string }

func imageOf(db *store.Store, doc *exported, m *media) (*imageView, error) {
	j := doc.ImageJob
	v := &imageView{ID: j.ID, Prompt: j.Prompt, Error: j.Error, Recipe: settingsOf(j.Settings),
		Figures: joinSome(j.Model, j.Endpoint, j.Status, stamp(j.CreatedAt), secs(j.TotalMillis), costText(j.Cost)),
		Tags:    strings.Join(doc.Tags, ", ")}
	for _, f := range j.Files {
		if f.Partial {
			continue
		}
		mv, err := placeImage(db, m, f.Path, fmt.Sprintf("image %d", f.Index+1))
		if err != nil {
			return nil, err
		}
		v.Images = append(v.Images, mv)
	}
	for _, in := range j.Inputs {
		if in.Path == "" {
			v.Inputs = append(v.Inputs, mediaView{Caption: fmt.Sprintf("%s: result file %d of an earlier job", in.Role, in.FileID), Missing: true})
			continue
		}
		mv, err := placeImage(db, m, in.Path, in.Role)
		if err != nil {
			return nil, err
		}
		v.Inputs = append(v.Inputs, mv)
	}
	return v, nil
}

// placeImage embeds or places one image the store names by its path in
// the data directory.
func placeImage(db *store.Store, m *media, rel, caption string) (mediaView, error) {
	path, err := db.MediaPath(rel)
	if err != nil {
		return mediaView{Caption: caption, Missing: true}, nil
	}
	return m.image(path, caption)
}

func videoOf(db *store.Store, doc *exported, m *media) (*videoView, error) {
	t := doc.VideoTask
	done := ""
	if t.CompletedAt != nil {
		done = "completed " + stamp(*t.CompletedAt)
	}
	v := &videoView{Prompt: t.Prompt, Tags: strings.Join(doc.Tags, ", "),
		Figures: joinSome(t.Endpoint, t.Mode, t.Status, "submitted "+stamp(t.SubmittedAt), done, costText(t.Cost))}
	if t.VideoPath != "" {
		path, err := db.MediaPath(t.VideoPath)
		mv := mediaView{Caption: filepath.Base(t.VideoPath), Missing: true}
		if err == nil {
			if mv, err = m.beside(path, "video", "the video"); err != nil {
				return nil, err
			}
		}
		v.Video = &mv
	}
	for _, e := range t.Events {
		q := ""
		if e.QueuePosition != nil {
			q = fmt.Sprint(*e.QueuePosition)
		}
		v.Events = append(v.Events, eventView{At: stamp(e.At), Status: e.Status, Queue: q})
	}
	return v, nil
}

// setting is one of a recipe's settings.
type setting struct{ Key, Value string }

// settingsOf lists a job's settings by name, leaving out the empty ones
// (a setting not sent); unreadable settings are shown whole.
func settingsOf(raw json.RawMessage) []setting {
	var m map[string]any
	if len(raw) == 0 || json.Unmarshal(raw, &m) != nil {
		if s := indentJSON(raw); s != "" {
			return []setting{{Key: "settings", Value: s}}
		}
		return nil
	}
	keys := make([]string, 0, len(m))
	for k, v := range m {
		if v != nil && v != "" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	out := make([]setting, len(keys))
	for i, k := range keys {
		v, _ := json.Marshal(m[k])
		out[i] = setting{Key: k, Value: strings.Trim(string(v), `"`)}
	}
	return out
}
