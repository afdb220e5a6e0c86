package history

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"atelier/internal/homepath"
	"atelier/store"
	"atelier/ui/tab"
	"atelier/ui/tab/tabtest"
)

func TestExport(t *testing.T) {
	f := newFixture(t, t.TempDir())
	images, videos, cwd := t.TempDir(), t.TempDir(), t.TempDir()
	t.Chdir(cwd)
	hs := harnessOf(t, New(Options{Store: f.db, Now: now, FFmpeg: noFFmpeg, Settings: &store.Settings{Output: store.Output{Images: images}}}), 100, 30)
	// Saved settings reach the tab: videos go to their new folder.
	hs.Send(tab.SettingsMsg{Settings: &store.Settings{Output: store.Output{Images: images, Videos: videos}}})

	cases := []struct {
		row, dir, md string
		mdWants      []string
		jsonWants    []string
		media        int
	}{
		{"haiku", cwd, "chat-1-write-a-haiku-about-tea.md", []string{"# write a haiku about tea", "Steam curls"},
			[]string{`"kind": "chat"`, `"max_tokens": 256`}, 0},
		{"CRDT", cwd, "compare-2-explain-crdts-to-a-new-engineer.md", []string{"★★★★☆ · winner"},
			[]string{`"kind": "compare"`, `"winner": true`}, 0},
		{"watercolor", images, "image-1-a-lighthouse-in-fog-watercolor.md", []string{"a lighthouse in fog"},
			[]string{`"kind": "image"`, `"width": 32`}, 1},
		{"beam sweeps", videos, "video-1-the-lighthouse-beam-sweeps-through-the-f.md", []string{"| IN_PROGRESS |"},
			[]string{`"request_id": "rq-77a"`, `"events": [`}, 2}, // the video and its recipe
	}
	for _, c := range cases {
		hs.Out = nil
		hs.to(c.row).Keys("x")
		md := filepath.Join(c.dir, c.md)
		js := strings.TrimSuffix(md, ".md") + ".json"
		if n := hs.Notices(); len(n) != 1 || !strings.Contains(n[0], homepath.Tilde(md)) || !strings.Contains(n[0], "+ .json") {
			t.Fatalf("%s: notices %q, errors %v", c.row, n, hs.Errors())
		}
		b, err := os.ReadFile(md)
		check(t, err)
		for _, w := range c.mdWants {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: no %q in\n%s", md, w, b)
			}
		}
		b, err = os.ReadFile(js)
		check(t, err)
		if !json.Valid(b) || !strings.Contains(string(b), `"format": "atelier-export/1"`) {
			t.Errorf("%s: not an export:\n%s", js, b)
		}
		for _, w := range c.jsonWants {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s: no %q", js, w)
			}
		}
		media, _ := os.ReadDir(strings.TrimSuffix(md, ".md") + "-media")
		if len(media) != c.media {
			t.Errorf("%s: %d media files, want %d", c.row, len(media), c.media)
		}
	}
	// From an open item too.
	hs.Out = nil
	hs.opened("storm")
	hs.Keys("x")
	if _, err := os.Stat(filepath.Join(videos, "video-2-a-storm-over-the-sea.md")); err != nil || len(hs.Notices()) != 1 {
		t.Errorf("export of an open item: %v %q", err, hs.Notices())
	}
}

func TestDelete(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 100, 30)
	imageFile := filepath.Join(f.db.Dir(), filepath.FromSlash(f.imageFile))
	videoFile := filepath.Join(f.db.Dir(), filepath.FromSlash(f.videoFile))

	hs.to("watercolor").Keys("d")
	if hs.m.mode() != confirming || !strings.Contains(hs.view(), "delete image “a lighthouse in fog, watercolor” and its files?") {
		t.Fatalf("no question:\n%s", hs.view())
	}
	hs.Keys("n")
	if _, err := os.Stat(imageFile); err != nil || len(hs.m.browse.list.rows()) != len(f.order) {
		t.Fatalf("n deleted something: %v", err)
	}
	hs.Keys("d", "y")
	if _, err := os.Stat(imageFile); !os.IsNotExist(err) {
		t.Errorf("the picture is still on disk: %v", err)
	}
	if _, err := f.db.ImageJob(bg, f.image); err == nil {
		t.Error("the image job is still in the store")
	}
	if slices.Contains(hs.titles(), "a lighthouse in fog, watercolor") {
		t.Error("the image job is still listed")
	}
	if n := hs.Notices(); len(n) != 1 || n[0] != "deleted image “a lighthouse in fog, watercolor”" {
		t.Errorf("notices %q", n)
	}

	hs.opened("beam sweeps")
	hs.Keys("d", "y")
	if hs.m.reader.open {
		t.Error("the deleted item is still open")
	}
	if _, err := os.Stat(videoFile); !os.IsNotExist(err) {
		t.Errorf("the video is still on disk: %v", err)
	}
	if _, err := f.db.VideoTask(bg, "rq-77a"); err == nil {
		t.Error("the video task is still in the store")
	}

	hs.to("haiku").Keys("d", "y")
	if _, err := f.db.Conversation(bg, f.chat); err == nil {
		t.Error("the chat is still in the store")
	}
	items := tabtest.Must[[]store.Item](t)(f.db.Items(bg, store.ItemFilter{}))
	if len(items) != len(f.order)-3 || len(hs.m.browse.list.rows()) != len(items) {
		t.Errorf("%d items in the store, %d listed, want %d", len(items), len(hs.m.browse.list.rows()), len(f.order)-3)
	}
}

func TestRerun(t *testing.T) {
	t.Parallel()
	f, hs := openFixture(t, 100, 30)
	rerun := func(row string) tab.RerunMsg {
		t.Helper()
		hs.Out = nil
		hs.to(row).Keys("r")
		for _, m := range hs.Out {
			if r, ok := m.(tab.RerunMsg); ok {
				return r
			}
		}
		t.Fatalf("%s: no re-run; sent %v", row, hs.Out)
		return tab.RerunMsg{}
	}
	chat := rerun("haiku")
	if chat.To != tab.Chat || chat.Kind != store.KindChat || chat.Family != "alpha" || chat.Model != "model-x" ||
		chat.Prompt != "write a haiku about tea" || string(chat.SettingsJSON) != `{"max_tokens":256,"thinking":4096}` ||
		!strings.Contains(string(chat.BodyJSON), `"max_tokens":256`) {
		t.Errorf("chat: %+v", chat)
	}
	cmp := rerun("CRDT")
	if cmp.To != tab.Compare || cmp.Prompt != "explain CRDTs to a new engineer" || len(cmp.Targets) != 3 ||
		cmp.Targets[1].Family != "beta" || cmp.Targets[1].Model != "model-y" ||
		string(cmp.Targets[2].SettingsJSON) != `{"effort":"low"}` {
		t.Errorf("compare: %+v", cmp)
	}
	img := rerun("watercolor")
	if img.To != tab.Image || img.Model != "gamma/image-2.5-flare" || img.Endpoint != store.ImageGenerate ||
		img.Prompt != "a lighthouse in fog, watercolor" || !strings.Contains(string(img.SettingsJSON), `"quality":"high"`) {
		t.Errorf("image: %+v", img)
	}
	edit := rerun("red boat")
	abs := filepath.Join(f.db.Dir(), filepath.FromSlash(f.imageFile))
	if edit.Endpoint != store.ImageEdit || len(edit.Images) != 1 || edit.Images[0] != abs || !strings.Contains(edit.Mask, "/in-") {
		t.Errorf("edit: %+v", edit)
	}
	vid := rerun("beam sweeps")
	if vid.To != tab.Video || vid.Endpoint != "videob/o3/pro/text-to-video" || vid.Family != "videob" ||
		vid.Prompt != "the lighthouse beam sweeps through the fog" || !strings.Contains(string(vid.BodyJSON), `"duration":5`) {
		t.Errorf("video: %+v", vid)
	}
	// From an open item too.
	hs.Out = nil
	hs.opened("storm")
	hs.Keys("r")
	if len(hs.Out) != 1 || hs.Out[0].(tab.RerunMsg).Endpoint != "videoa/q3/turbo/text-to-video" {
		t.Errorf("from an open item: %v", hs.Out)
	}
}
