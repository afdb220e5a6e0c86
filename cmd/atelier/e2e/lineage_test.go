package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"atelier/client/sim/simtest"
	"atelier/store/recipe"
)

// TestVideoFromImageLineage: an image generated, then animated with
// `video submit --from-image` on each image-to-video endpoint that takes
// a local file; the video names its source image (id and file, never an
// elided data URI) in `history show`, --json and its recipe sidecar, and
// the image names its video. An endpoint that takes only a URL refuses
// the file before anything is sent.
func TestVideoFromImageLineage(t *testing.T) {
	t.Parallel()
	svc := simtest.NewService(t)
	out := t.TempDir()
	if r := atelier(t, svc.Env, "", "image", "-m", "gamma/image-2", "--size", "256x256", "-o", out, "a kite at dusk"); r.code != 0 {
		t.Fatalf("image: %s", r.stderr)
	}
	var img struct {
		ImageJob struct {
			Files []struct{ Path string } `json:"files"`
		} `json:"image_job"`
	}
	r := atelier(t, svc.Env, "", "history", "show", "--json", "image:1")
	if err := json.Unmarshal([]byte(r.stdout), &img); err != nil || len(img.ImageJob.Files) == 0 {
		t.Fatalf("image:1: %v %s", err, r.stdout)
	}
	home := strings.TrimPrefix(svc.Env[len(svc.Env)-1], "ATELIER_HOME=")
	file := filepath.Join(home, img.ImageJob.Files[0].Path)

	before := svc.Hits.Load()
	r = atelier(t, svc.Env, "", "video", "submit", "videob/o3/pro/image-to-video", "--from-image", file, "--set", "prompt=drift")
	if r.code != 2 || !strings.Contains(r.stderr, "not a local file") || svc.Hits.Load() != before {
		t.Fatalf("a URL-only endpoint: exit %d %q, %d requests", r.code, r.stderr, svc.Hits.Load()-before)
	}
	r = atelier(t, svc.Env, "", "video", "submit", "videoa/q3/image-to-video/turbo", "--from-image", file,
		"--set", "prompt=the kite drifts", "--wait")
	if r.code != 0 {
		t.Fatalf("submit --from-image: exit %d %s", r.code, r.stderr)
	}
	video := strings.Split(strings.TrimSpace(r.stdout), "\n")[1]

	var v struct {
		VideoTask struct {
			Sources []struct {
				Field string `json:"field"`
				Job   int64  `json:"image_job_id"`
				Path  string `json:"path"`
			} `json:"source_images"`
		} `json:"video_task"`
	}
	r = atelier(t, svc.Env, "", "history", "show", "--json", "video:1")
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatal(err)
	}
	if s := v.VideoTask.Sources; len(s) != 1 || s[0].Field != "image_url" || s[0].Job != 1 || s[0].Path != img.ImageJob.Files[0].Path {
		t.Fatalf("the video's source: %+v", s)
	}
	md := atelier(t, svc.Env, "", "history", "show", "video:1").stdout
	if !strings.Contains(md, "## Source images") || !strings.Contains(md, "image_url: image:1") {
		t.Errorf("history show video:1 does not name its source:\n%s", md)
	}
	var back struct {
		ImageJob struct {
			Lineage struct {
				Videos []struct {
					ID       int64  `json:"id"`
					Endpoint string `json:"endpoint"`
				} `json:"videos"`
			} `json:"lineage"`
		} `json:"image_job"`
	}
	r = atelier(t, svc.Env, "", "history", "show", "--json", "image:1")
	if err := json.Unmarshal([]byte(r.stdout), &back); err != nil {
		t.Fatal(err)
	}
	if vs := back.ImageJob.Lineage.Videos; len(vs) != 1 || vs[0].ID != 1 || vs[0].Endpoint != "videoa/q3/image-to-video/turbo" {
		t.Fatalf("the image's videos: %+v", vs)
	}
	if md := atelier(t, svc.Env, "", "history", "show", "image:1").stdout; !strings.Contains(md, "video made from it: video:1") {
		t.Errorf("history show image:1 does not name its video:\n%s", md)
	}
	rc, err := recipe.ReadFile(video)
	if err != nil {
		t.Fatal(err)
	}
	if len(rc.Sources) != 1 || rc.Sources[0].ImageJob != 1 || rc.Sources[0].Field != "image_url" {
		t.Errorf("the recipe sidecar's sources: %+v", rc.Sources)
	}
	if _, err := os.Stat(filepath.Join(home, rc.Sources[0].Path)); err != nil {
		t.Errorf("the sidecar's source path: %v", err)
	}
}
