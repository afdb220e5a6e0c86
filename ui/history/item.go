package history

import (
	"context"
	"fmt"
	"os"

	tea "charm.land/bubbletea/v2"

	"atelier/internal/homepath"
	"atelier/internal/limits"
	"atelier/store"
	"atelier/ui/imageview"
)

// loaded is an item as the store keeps it, with what its files are on disk.
type loaded struct {
	ref   store.ItemRef
	conv  *store.Conversation
	image *store.ImageJob
	video *store.VideoTask
	files map[string]file // by the path a row stores, relative to the data folder
	tags  []string        // the person's tags on it
	votes []store.Vote    // the votes standing on it, oldest first

	lineage *store.Lineage // an image job's: what it was edited from, its edits, its videos
	alts    []int64        // a comparison's or an image job's group of alternatives, itself among them, oldest first
}

// file is a media file of an item: where it is, and whether it is there.
type file struct {
	abs   string // absolute path; "" when the stored path is refused
	shown string // abs as people read it: ~/ for the home folder
	size  int64
	found bool
}

// openedMsg answers openCmd.
type openedMsg struct {
	seq int
	it  *loaded
	err error
}

// openCmd reads an item with its media files' whereabouts.
func openCmd(db *store.Store, seq int, r row) tea.Cmd {
	return func() tea.Msg {
		if db == nil {
			return result(openedMsg{seq: seq, err: errNoStore})
		}
		it, err := load(context.Background(), db, r)
		return result(openedMsg{seq: seq, it: it, err: err})
	}
}

// load reads one item from the store.
func load(ctx context.Context, db *store.Store, r row) (*loaded, error) {
	it := &loaded{ref: r.ref, files: map[string]file{}}
	var err error
	switch r.ref.Kind {
	case store.KindChat, store.KindCompare:
		it.conv, err = db.Conversation(ctx, r.ref.ID)
	case store.KindImage:
		it.image, err = db.ImageJob(ctx, r.ref.ID)
		if err == nil {
			err = resolveInputs(ctx, db, it.image)
		}
		if err == nil {
			for _, f := range it.image.Files {
				it.files[f.Path] = stat(db, f.Path)
			}
			for _, in := range it.image.Inputs {
				it.files[in.Path] = stat(db, in.Path)
			}
		}
	case store.KindVideo:
		it.video, err = db.VideoTask(ctx, r.requestID)
		if err == nil && it.video.VideoPath != "" {
			it.files[it.video.VideoPath] = stat(db, it.video.VideoPath)
		}
	default:
		err = fmt.Errorf("unknown kind %q", r.ref.Kind)
	}
	if err == nil {
		err = loadLineage(ctx, db, it)
	}
	if err == nil {
		it.tags, err = db.Tags(ctx, r.ref)
	}
	if err == nil {
		it.votes, err = db.Votes(ctx, store.VoteFilter{Item: &r.ref})
	}
	if err != nil {
		return nil, fmt.Errorf("open %s %d: %w", r.ref.Kind, r.ref.ID, err)
	}
	return it, nil
}

// resolveInputs gives the inputs of an edit that were earlier results the
// path of that result, found among the jobs it descends from.
func resolveInputs(ctx context.Context, db *store.Store, j *store.ImageJob) error {
	want := map[int64]*store.ImageInput{}
	for i, in := range j.Inputs {
		if in.FileID != 0 && in.Path == "" {
			want[in.FileID] = &j.Inputs[i]
		}
	}
	if len(want) == 0 {
		return nil
	}
	lin, err := db.ImageLineage(ctx, j.ID)
	if err != nil {
		return err
	}
	for _, a := range lin.Ancestors {
		aj, err := db.ImageJob(ctx, a.ID)
		if err != nil {
			return err
		}
		for _, f := range aj.Files {
			if in := want[f.ID]; in != nil {
				in.Path = f.Path
			}
		}
	}
	return nil
}

// stat finds a stored media path on disk.
func stat(db *store.Store, rel string) file {
	if rel == "" {
		return file{}
	}
	abs, err := db.MediaPath(rel)
	if err != nil {
		return file{}
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return file{abs: abs, shown: homepath.Tilde(abs)}
	}
	return file{abs: abs, shown: homepath.Tilde(abs), size: fi.Size(), found: true}
}

// decodeCmds decode an image job's pictures off the UI loop, each answer
// named by the open item's seq and the file's id, so that one arriving for
// an item closed since is dropped.
func decodeCmds(seq int, it *loaded) tea.Cmd {
	if it.video != nil { // its source images, shown small
		var cmds []tea.Cmd
		for _, in := range it.video.Inputs {
			if fl := it.files[in.Path]; in.JobID != 0 && fl.found {
				cmds = append(cmds, decodeFile(imageKey(seq, in.FileID), fl.abs))
			}
		}
		return tea.Batch(cmds...)
	}
	if it.image == nil {
		return nil
	}
	var cmds []tea.Cmd
	for _, f := range shownFiles(it.image.Files) {
		if fl := it.files[f.Path]; fl.found {
			cmds = append(cmds, decodeFile(imageKey(seq, f.ID), fl.abs))
		}
	}
	return tea.Batch(cmds...)
}

// decodeFile reads an image and decodes it with imageview's limits.
func decodeFile(key, path string) tea.Cmd {
	return func() tea.Msg {
		data, err := limits.ReadFile(path, limits.Image, "image file")
		if err != nil {
			return result(imageview.DecodedMsg{ID: key, Err: err})
		}
		return result(imageview.DecodeCmd(key, data, imageview.Limits{})())
	}
}

// imageKey names one decoded picture of one opening of an item.
func imageKey(seq int, fileID int64) string { return fmt.Sprintf("%d/%d", seq, fileID) }

// shownFiles are the pictures an image job shows: its results, or when it
// has none (it failed or was stopped midway), its partial previews.
func shownFiles(fs []store.ImageFile) []store.ImageFile {
	var final, partial []store.ImageFile
	for _, f := range fs {
		if f.Partial {
			partial = append(partial, f)
		} else {
			final = append(final, f)
		}
	}
	if len(final) > 0 {
		return final
	}
	return partial
}
