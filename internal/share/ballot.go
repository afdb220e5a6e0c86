package share

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html/template"
	"image"
	_ "image/gif" // pictures a ballot re-encodes
	_ "image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strings"

	_ "golang.org/x/image/webp"

	"atelier/client"
	"atelier/store"
)

// A ballot shows each question blind: the prompt, then each lane under
// the letter drawn for it when the ballot was made, with nothing that
// names a target — no family, model, setting, figure or file name, in the
// text, the ids, the alt text or the data attributes. Pictures are
// decoded and written again as plain PNG, so no recipe or other metadata
// of theirs travels; videos are written beside the page under opaque
// names. The letters' mapping stays in the store (store.Ballot).

// ballotView is the ballot's part of the page.
type ballotView struct {
	ID        string
	Questions []questionView
}

type questionView struct {
	N       int
	Letters string // "AB", for the script
	Prompt  template.HTML
	Lanes   []laneView
	Ranking bool // three or four letters: a ranking
}

type laneView struct {
	Letter string
	Body   template.HTML
	Failed bool
	Images []mediaView
	Video  *mediaView
}

// question is one question being drawn: what it records and what it shows.
type question struct {
	store.BallotQuestion
	view questionView
}

// questionsOf draws the questions of one ref, letters in the order perm
// gives (perm(n)[k]: the lane shown as letter k).
func questionsOf(ctx context.Context, db *store.Store, r Ref, m *media, perm func(int) []int, first int) ([]question, error) {
	switch {
	case r.Board != "" || r.Batch != 0:
		return nil, fmt.Errorf("ballot: %s: a ballot asks about comparisons (compare:12), image jobs (image:3+4) or video tasks (video:5+6)", r)
	case r.Item.Kind == store.KindCompare || r.Item.Kind == store.KindChat:
		return compareQuestions(ctx, db, r, m, perm, first)
	case len(r.Group) < 2:
		return nil, fmt.Errorf("ballot: %s: name the %s items judged together, 2 to 4, e.g. %s:%d+%d", r, r.Item.Kind, r.Item.Kind, r.Item.ID, r.Item.ID+1)
	case r.Item.Kind == store.KindImage:
		q, err := imageQuestion(ctx, db, r, m, perm, first)
		return []question{q}, err
	default:
		q, err := videoQuestion(ctx, db, r, m, perm, first)
		return []question{q}, err
	}
}

// compareQuestions makes a question of each prompt of a comparison.
func compareQuestions(ctx context.Context, db *store.Store, r Ref, m *media, perm func(int) []int, first int) ([]question, error) {
	c, err := db.Conversation(ctx, r.Item.ID)
	if err != nil {
		return nil, fmt.Errorf("ballot: %s: %w", r, err)
	}
	if c.Kind != store.KindCompare {
		return nil, fmt.Errorf("ballot: %s is a chat: one reply a prompt, nothing to judge side by side", r)
	}
	type lane struct {
		l     store.Lane
		reply *store.Message
	}
	var turns []int
	byTurn := map[int][]lane{}
	for _, l := range c.Lanes {
		if _, ok := byTurn[l.Turn]; !ok {
			turns = append(turns, l.Turn)
		}
		byTurn[l.Turn] = append(byTurn[l.Turn], lane{l: l})
	}
	prompts := map[int]string{}
	for i := range c.Messages {
		msg := &c.Messages[i]
		if msg.Role == store.RoleUser {
			prompts[msg.Turn] = msg.Text
			continue
		}
		for k := range byTurn[msg.Turn] {
			if byTurn[msg.Turn][k].l.Lane == msg.Lane {
				byTurn[msg.Turn][k].reply = msg
			}
		}
	}
	var out []question
	for _, turn := range turns {
		lanes := byTurn[turn]
		if len(lanes) < 2 || len(lanes) > 4 {
			continue
		}
		n := first + len(out)
		q := question{BallotQuestion: store.BallotQuestion{Kind: store.VoteChat, ConversationID: c.ID, Turn: turn},
			view: questionView{N: n, Prompt: Markdown(prompts[turn])}}
		for _, i := range perm(len(lanes)) {
			l := lanes[i]
			t := client.ChatTarget{Family: client.Group(l.l.Family), Model: l.l.Model}
			json.Unmarshal(l.l.SettingsJSON, &t.Settings) // unreadable settings: named without them
			q.Targets = append(q.Targets, store.VoteTarget{Lane: l.l.Lane, Family: l.l.Family, Model: l.l.Model,
				Target: client.FormatChatTarget(t)})
			lv := laneView{Failed: l.reply == nil || l.reply.Status != store.StatusComplete}
			if l.reply != nil && !lv.Failed {
				lv.Body = Markdown(l.reply.Text)
			}
			q.view.Lanes = append(q.view.Lanes, lv)
		}
		out = append(out, q)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("ballot: %s has no prompt with 2 to 4 lanes", r)
	}
	return out, nil
}

// groupOf reads the items of r's group (image jobs or video tasks, by
// get), refusing a group whose items answer different prompts: a question
// judges one prompt's images or videos.
func groupOf[T any](r Ref, kind string, get func(int64) (T, error), prompt func(T) string) ([]T, error) {
	items := make([]T, len(r.Group))
	for i, id := range r.Group {
		it, err := get(id)
		if err != nil {
			return nil, fmt.Errorf("ballot: %s: %s:%d: %w", r, kind, id, err)
		}
		if i > 0 && strings.TrimSpace(prompt(it)) != strings.TrimSpace(prompt(items[0])) {
			return nil, fmt.Errorf("ballot: %s: %s:%d has another prompt than %s:%d: a question judges one prompt's %ss",
				r, kind, id, kind, r.Group[0], kind)
		}
		items[i] = it
	}
	return items, nil
}

// imageQuestion makes one question of image jobs judged together.
func imageQuestion(ctx context.Context, db *store.Store, r Ref, m *media, perm func(int) []int, n int) (question, error) {
	q := question{BallotQuestion: store.BallotQuestion{Kind: store.VoteImage}, view: questionView{N: n}}
	jobs, err := groupOf(r, "image", func(id int64) (*store.ImageJob, error) { return db.ImageJob(ctx, id) },
		func(j *store.ImageJob) string { return j.Prompt })
	if err != nil {
		return q, err
	}
	q.view.Prompt = Markdown(jobs[0].Prompt)
	for k, i := range perm(len(jobs)) {
		j := jobs[i]
		var s struct{ Background, Quality, Size string }
		json.Unmarshal(j.SettingsJSON, &s) // unreadable settings: named by the model alone
		q.Targets = append(q.Targets, store.VoteTarget{ImageJobID: j.ID, Family: string(client.Gamma), Model: j.Model,
			Target: store.ImageTarget(j.Model, s.Background, s.Quality, s.Size)})
		letter := store.Letters(len(jobs))[k]
		lv := laneView{Failed: j.Status != store.StatusComplete}
		for _, f := range j.Files {
			if f.Partial {
				continue
			}
			mv, err := m.blindImage(db, f.Path, fmt.Sprintf("q%d-%s-%d", n, letter, len(lv.Images)+1), fmt.Sprintf("%s, picture %d", letter, len(lv.Images)+1))
			if err != nil {
				return q, err
			}
			lv.Images = append(lv.Images, mv)
		}
		q.view.Lanes = append(q.view.Lanes, lv)
	}
	return q, nil
}

// videoQuestion makes one question of video tasks judged together.
func videoQuestion(ctx context.Context, db *store.Store, r Ref, m *media, perm func(int) []int, n int) (question, error) {
	q := question{BallotQuestion: store.BallotQuestion{Kind: store.VoteVideo}, view: questionView{N: n}}
	tasks, err := groupOf(r, "video", func(id int64) (*store.VideoTask, error) { return db.VideoTaskByID(ctx, id) },
		func(t *store.VideoTask) string { return t.Prompt })
	if err != nil {
		return q, err
	}
	q.view.Prompt = Markdown(tasks[0].Prompt)
	for k, i := range perm(len(tasks)) {
		t := tasks[i]
		q.Targets = append(q.Targets, store.VoteTarget{VideoTaskID: t.ID, Family: t.Family, Model: t.Endpoint, Target: t.Endpoint})
		letter := store.Letters(len(tasks))[k]
		lv := laneView{Failed: t.VideoPath == ""}
		if !lv.Failed {
			path, err := db.MediaPath(t.VideoPath)
			if err != nil {
				return q, fmt.Errorf("ballot: %s: video:%d: %w", r, t.ID, err)
			}
			mv, err := m.besideAs(path, fmt.Sprintf("q%d-%s%s", n, letter, safeExt(path)), "video "+letter)
			if err != nil {
				return q, err
			}
			lv.Video = &mv
		}
		q.view.Lanes = append(q.view.Lanes, lv)
	}
	return q, nil
}

// safeExt is a media file's extension if it is a plain one (.mp4), else
// none.
func safeExt(path string) string {
	ext := filepath.Ext(path)
	if len(ext) < 2 || len(ext) > 6 || safeName("x"+ext) != "x"+ext {
		return ""
	}
	return ext
}

// blindImage decodes the picture at rel (in the data directory) and
// writes it again as a plain PNG, embedded or beside the page under name:
// no metadata of the file (a recipe names its model) reaches the page.
func (m *media) blindImage(db *store.Store, rel, name, caption string) (mediaView, error) {
	path, err := db.MediaPath(rel)
	if err != nil {
		return mediaView{Caption: caption, Missing: true}, nil
	}
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return mediaView{Caption: caption, Missing: true}, nil
	}
	if err != nil {
		return mediaView{}, err
	}
	img, _, err := image.Decode(f)
	f.Close()
	if err != nil {
		return mediaView{}, fmt.Errorf("ballot: %s: %w", caption, err)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return mediaView{}, err
	}
	return m.bytes(b.Bytes(), "image/png", name+".png", caption)
}
