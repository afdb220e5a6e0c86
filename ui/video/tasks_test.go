package video

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"atelier/client"
	"atelier/poller"
	"atelier/store"
	"atelier/store/storetest"
	"atelier/ui/tab"
)

// running is a task record as submitted at the harness's start time.
func running(id, endpoint string) store.VideoTask {
	return store.VideoTask{RequestID: id, Endpoint: endpoint, Status: client.VideoInQueue, SubmittedAt: start}
}

func loaded(recs ...store.VideoTask) tasksLoadedMsg {
	var ts []task
	for _, r := range recs {
		ts = append(ts, newTask(r, ""))
	}
	return tasksLoadedMsg{tasks: ts}
}

// TestUnknownStatusShownAsIs shows a status word the interface does not
// name as it came, cleaned of escape sequences, and keeps the task running.
func TestUnknownStatusShownAsIs(t *testing.T) {
	h := newHarness(t, Options{})
	h.Send(loaded(running("task-1", "videob/o3/pro/image-to-video")))
	h.Send(updateMsg{poller.Update{RequestID: "task-1", Status: "WARMING_UP",
		Logs: []client.VideoLog{{Message: "booting"}, {Message: "loading \x1b[31mweights"}}}})
	line := h.line("task-1")
	for _, want := range []string{"●", "videob o3 pro i2v", "WARMING_UP", " loading weights"} {
		if !strings.Contains(line, want) {
			t.Errorf("line %q lacks %q", line, want)
		}
	}
	if strings.Contains(line, `"loading`) {
		t.Errorf("the log is quoted (issue 19): %q", line)
	}
	if strings.Contains(h.m.View(), "\x1b[31m") || h.m.Running() != 1 {
		t.Errorf("escape kept, or running %d", h.m.Running())
	}
}

// TestQueuePositionAndElapsedTime: time arrives as ticks.
func TestQueuePositionAndElapsedTime(t *testing.T) {
	h := newHarness(t, Options{})
	h.Send(loaded(running("task-1", "videoa/q1/text-to-video")))
	three := 3
	h.Send(updateMsg{poller.Update{RequestID: "task-1", Status: client.VideoInQueue, QueuePosition: &three}})
	h.Send(tickMsg{at: start.Add(72 * time.Second)})
	if l := h.line("task-1"); !strings.Contains(l, "IN_QUEUE  1m12s 3 ahead") {
		t.Errorf("line %q", l)
	}
	h.Send(updateMsg{poller.Update{RequestID: "task-1", Status: client.VideoInProgress, Downloaded: 3 << 20}})
	if l := h.line("task-1"); strings.Contains(l, "ahead") || !strings.Contains(l, "downloading · 3 MiB") {
		t.Errorf("line %q", l)
	}
	retry := time.Date(2026, 11, 21, 12, 5, 0, 0, time.Local)
	h.Send(updateMsg{poller.Update{RequestID: "task-1", Status: client.VideoInProgress,
		Err: errors.New("status: 503 overloaded"), Retry: retry}})
	if l := h.line("task-1"); !strings.Contains(l, "⚠ status: 503 overloaded") {
		t.Errorf("line %q", l)
	}
	h.Keys("esc")
	if d := h.m.tasks.detail(h.m.st.Tasks, h.m.prices, h.m.width); !strings.Contains(d, "again at 12:05:00") {
		t.Errorf("detail %q", d)
	}
}

// TestTicksWhileTasksRun asks for ticks only while a task runs.
func TestTicksWhileTasksRun(t *testing.T) {
	m := New(Options{Tick: time.Hour})
	l := m.tasks // the task list owns the clock and ticks it
	cmd := l.loadedAll(loaded(running("task-1", "videoa/q1/text-to-video")))
	if cmd == nil || !l.clock.ticking {
		t.Fatal("no tick asked for a running task")
	}
	if _, again := l.clock.start(l.running()); again != nil {
		t.Error("a second tick while one is on its way")
	}
	l.updated(updateMsg{poller.Update{RequestID: "task-1", Status: client.VideoCompleted, Done: true}}, m.db, m.notify)
	if cmd = l.ticked(tickMsg{at: start}); cmd != nil || l.clock.ticking {
		t.Error("ticks go on with nothing running")
	}
}

// doneTask records a completed task with its video saved, as the poller
// leaves it, and returns it with the video's path.
func doneTask(t *testing.T, st *store.Store, id string) string {
	t.Helper()
	ctx := t.Context()
	body := `{"prompt":"a lighthouse","duration":8}`
	_, err := st.AddVideoTask(ctx, store.VideoSubmission{RequestID: id, Endpoint: "videob/o3/pro/text-to-video",
		BodyJSON: json.RawMessage(body), Webhook: "https://hooks.example.org/done"})
	if err != nil {
		t.Fatal(err)
	}
	result := `{"video":{"url":"https://cdn.example.org/` + id + `.mp4","file_size":4}}`
	if err := st.CompleteVideoTask(ctx, id, json.RawMessage(result), true); err != nil {
		t.Fatal(err)
	}
	rel := filepath.Join("media", "2026-11-21", "vid-"+id+".mp4")
	abs := filepath.Join(st.Dir(), rel)
	os.MkdirAll(filepath.Dir(abs), 0o700)
	if err := os.WriteFile(abs, []byte("mp4!"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := st.SetVideoFile(ctx, id, rel, 4, true); err != nil {
		t.Fatal(err)
	}
	return abs
}

// TestTaskKeys: play, copy the URL, show the file, re-submit, delete.
func TestTaskKeys(t *testing.T) {
	st := storetest.Open(t, "")
	file := doneTask(t, st, "task-done")
	h := newHarness(t, Options{Store: st})
	h.Keys("esc")
	if l := h.line("✓"); !strings.HasPrefix(l, "› ✓") || !strings.Contains(l, filepath.Base(file)) {
		t.Fatalf("line %q", l)
	}
	h.Keys("enter")
	if len(h.opened) != 1 || h.opened[0] != file {
		t.Errorf("opened %q", h.opened)
	}
	h.Keys("y")
	if clip := clipboard(h.Out); clip != "https://cdn.example.org/task-done.mp4" {
		t.Errorf("clipboard %q", clip)
	}
	h.Keys("f")
	n := h.Notices()
	if len(n) != 2 || n[0] != "video URL copied: https://cdn.example.org/task-done.mp4" || n[1] != file {
		t.Errorf("notices %q", n)
	}

	h.Keys("r")
	f := h.m.form
	if h.m.mode != editing || f.path() != "videob/o3/pro/text-to-video" || f.Text("queue_webhook") != "https://hooks.example.org/done" {
		t.Fatalf("re-submit loaded %s, webhook %q, mode %d", f.path(), f.Text("queue_webhook"), h.m.mode)
	}
	if got := f.Body(nil); got["prompt"] != "a lighthouse" || got["duration"] != json.Number("8") {
		t.Errorf("body %v", got)
	}

	h.Keys("esc", "d")
	if l := h.line("✓"); !strings.Contains(l, "delete? y / n") || !strings.Contains(h.view(), "its history and its video file?") {
		t.Errorf("line %q", l)
	}
	h.Keys("n", "d", "y")
	if _, err := st.VideoTask(t.Context(), "task-done"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("after delete: %v", err)
	}
	if _, err := os.Stat(file); !os.IsNotExist(err) {
		t.Errorf("the video is still there: %v", err)
	}
	if len(h.m.tasks.Items()) != 0 {
		t.Errorf("%d tasks listed", len(h.m.tasks.Items()))
	}
}

// TestRunningTaskIsNotDeleted: the poller still records it.
func TestRunningTaskIsNotDeleted(t *testing.T) {
	h := newHarness(t, Options{})
	h.Send(loaded(running("task-1", "videoa/q1/text-to-video")))
	h.Keys("esc", "d")
	if w := h.Warnings(); h.m.mode != browsing || len(w) != 1 || !strings.Contains(w[0], "still running") {
		t.Errorf("mode %d, warnings %q", h.m.mode, w)
	}
}

// TestResubmitKeepsWhatItCan: a value the form does not offer is left out
// and named; a field it does not list is sent as it was; an image the
// history did not keep is asked for again.
func TestResubmitKeepsWhatItCan(t *testing.T) {
	h := newHarness(t, Options{})
	body := `{"prompt":"waves","duration":20,"generate_audio":"maybe","image_url":"atelier:omitted:base64:1024","seed_x":7}`
	rec := running("task-1", "videob/o3/4k/image-to-video")
	rec.BodyJSON, rec.Done, rec.Status = json.RawMessage(body), true, client.VideoCompleted
	h.Send(loaded(rec)).Keys("esc", "r")
	if h.m.form.path() != "videob/o3/4k/image-to-video" {
		t.Fatalf("form %s", h.m.form.path())
	}
	n := h.Notices()
	if len(n) != 1 || !strings.Contains(n[0], `generate_audio: "maybe" is not offered here, left out`) {
		t.Errorf("notices %q", n)
	}
	for field, want := range map[string]string{
		"duration":  `✗ must be between 3 and 15 (got "20")`,
		"image_url": "✗ the image was not kept in the history",
		"seed_x":    "also sent, as loaded: seed_x",
	} {
		if l := h.line(field); !strings.Contains(l, want) {
			t.Errorf("%s: %q, want %q", field, l, want)
		}
	}
	if got := h.m.form.Body(nil)["seed_x"]; got != json.Number("7") {
		t.Errorf("seed_x sent as %v", got)
	}
}

// TestReportOfATaskNotListed reads it from the history.
func TestReportOfATaskNotListed(t *testing.T) {
	st := storetest.Open(t, "")
	h := newHarness(t, Options{Store: st})
	_, err := st.AddVideoTask(t.Context(), store.VideoSubmission{RequestID: "cli-task", Endpoint: "videoc3.1/fast"})
	if err != nil {
		t.Fatal(err)
	}
	h.Send(updateMsg{poller.Update{RequestID: "cli-task", Status: client.VideoInProgress}})
	if l := h.line("cli-task"); !strings.Contains(l, "videoc3.1 fast") {
		t.Errorf("line %q\n%s", l, h.view())
	}
}

// TestTerminalNotification is sent only where the terminal is known to
// show one, with our own words.
func TestTerminalNotification(t *testing.T) {
	off := false
	cases := []struct {
		env    map[string]string
		notify store.Notify // the settings' [notify]
		want   string
	}{
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, store.Notify{}, "\x1b]9;atelier: video task-1 done\a"},
		{map[string]string{"TERM": "xterm-kitty"}, store.Notify{}, "\x1b]99;;atelier: video task-1 done\a"}, // kitty ends any OSC at BEL as at ST
		{map[string]string{"TERM_PROGRAM": "ghostty"}, store.Notify{}, "\x1b]777;notify;atelier;video task-1 done\a"},
		{map[string]string{"TERM": "foot"}, store.Notify{}, "\x1b]777;notify;atelier;video task-1 done\a"},
		// No notification where none is known to show: the bell.
		{map[string]string{"TERM_PROGRAM": "iTerm.app", "TMUX": "/tmp/tmux-1/default,1,0"}, store.Notify{}, "\a"},
		{map[string]string{"TERM": "xterm-256color"}, store.Notify{}, "\a"},
		// The switches of Settings.
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, store.Notify{Desktop: &off}, "\a"},
		{map[string]string{"TERM_PROGRAM": "iTerm.app"}, store.Notify{Desktop: &off, Bell: &off}, ""},
		{map[string]string{"TERM": "xterm-256color"}, store.Notify{Bell: &off}, ""},
		{map[string]string{"TERM": "foot"}, store.Notify{Bell: &off}, "\x1b]777;notify;atelier;video task-1 done\a"},
	}
	for _, c := range cases {
		t.Run(fmt.Sprint(c.env, c.notify.DesktopOn(), c.notify.BellOn()), func(t *testing.T) {
			h := newHarness(t, Options{Getenv: func(k string) string { return c.env[k] }, Settings: &store.Settings{Notify: c.notify}})
			h.Send(loaded(running("task-1\x07;x", "videoa/q1/text-to-video")))
			h.Send(updateMsg{poller.Update{RequestID: "task-1\x07;x", Status: client.VideoCompleted, Done: true}})
			raw := ""
			for _, m := range h.Out {
				if r, ok := m.(tea.RawMsg); ok {
					raw = fmt.Sprint(r.Msg)
				}
			}
			if raw != strings.Replace(c.want, "task-1", "task-1x", 1) {
				t.Errorf("sent %q, want %q", raw, c.want)
			}
		})
	}
}

// TestNotifySettingsApplyAtOnce: switching the bell off in Settings
// silences the next task's end, without a restart.
func TestNotifySettingsApplyAtOnce(t *testing.T) {
	h := newHarness(t, Options{Getenv: func(string) string { return "" }})
	off := false
	h.Send(tab.SettingsMsg{Settings: &store.Settings{Notify: store.Notify{Bell: &off}}})
	h.Send(loaded(running("task-2", "videoa/q1/text-to-video")))
	h.Send(updateMsg{poller.Update{RequestID: "task-2", Status: client.VideoCompleted, Done: true}})
	for _, m := range h.Out {
		if r, ok := m.(tea.RawMsg); ok {
			t.Fatalf("sent %q with the bell off", r.Msg)
		}
	}
}

// clipboard is the last text the tab put on the clipboard.
func clipboard(out []tea.Msg) string {
	clip := ""
	for _, m := range out {
		if fmt.Sprintf("%T", m) == "tea.setClipboardMsg" {
			clip = fmt.Sprint(m)
		}
	}
	return clip
}

// TestRerunFromHistoryFillsTheForm: History's re-run of a video task puts
// its endpoint and body in the form, ready to edit and submit.
func TestRerunFromHistoryFillsTheForm(t *testing.T) {
	h := newHarness(t, Options{})
	h.Send(tab.RerunMsg{To: tab.Video, Kind: store.KindVideo, Endpoint: "videob/o3/pro/text-to-video",
		BodyJSON: json.RawMessage(`{"prompt":"a lighthouse at dusk","duration":5}`)})
	if h.m.form.path() != "videob/o3/pro/text-to-video" || h.m.mode != editing {
		t.Fatalf("form %s, mode %d", h.m.form.path(), h.m.mode)
	}
	if got := h.m.form.Body(nil)["prompt"]; got != "a lighthouse at dusk" {
		t.Fatalf("prompt %v", got)
	}
	if n := h.Notices(); len(n) != 1 || !strings.Contains(n[0], "from history loaded") {
		t.Errorf("notices %q", n)
	}
}

// TestAgeColumnIsFixedWidth: a task's age is never wider than its column,
// however old, so the columns after it line up (issue 19).
func TestAgeColumnIsFixedWidth(t *testing.T) {
	for _, d := range []time.Duration{5 * time.Second, 72 * time.Minute, 5*time.Hour + 2*time.Minute, 76 * time.Hour, 150 * 24 * time.Hour} {
		if s := padLeft(elapsed(d), ageWidth); len(s) != ageWidth {
			t.Errorf("%v is %q, not %d wide", d, s, ageWidth)
		}
	}
	if got := elapsed(76 * time.Hour); got != "3d04h" {
		t.Errorf("76h is %q", got)
	}
}

// TestTasksFilter: / narrows the tasks to those whose id, endpoint or
// status holds the text, the filter shown above them; esc brings them back.
func TestTasksFilter(t *testing.T) {
	h := newHarness(t, Options{})
	h.Send(loaded(running("task-1", "videoa/q1/text-to-video"), running("task-2", "videob/o3/pro/image-to-video"),
		running("task-3", "videoa/q1/text-to-video")))
	h.Keys("esc", "/", "i", "2", "v")
	if h.m.tasks.Len() != 1 || !strings.Contains(h.view(), "/ i2v") || strings.Contains(h.view(), "task-1") {
		t.Errorf("filter i2v shows %d:\n%s", h.m.tasks.Len(), h.view())
	}
	h.Keys("enter", "esc")
	if h.m.tasks.Len() != 3 || h.m.tasks.Query() != "" {
		t.Errorf("after esc %d shown, query %q", h.m.tasks.Len(), h.m.tasks.Query())
	}
}

// TestNoPlayerSaysWhatToInstall: a task played where no program opens
// videos says so in atelier's words, with what to install (issue 30:
// `exec: "xdg-open": executable file not found in $PATH`).
func TestNoPlayerSaysWhatToInstall(t *testing.T) {
	st := storetest.Open(t, "")
	doneTask(t, st, "task-done")
	h := newHarness(t, Options{Store: st})
	h.m.open = func(string) error { return &exec.Error{Name: "xdg-open", Err: exec.ErrNotFound} }
	h.Keys("esc", "enter")
	errs := h.Errors()
	if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "no program to open videos: ") || strings.Contains(errs[0].Error(), "exec:") {
		t.Errorf("errors %v", errs)
	}
}

// TestDetailShowsTheFileAsTheRowDoes: a saved video under the home folder
// is named from ~ in the line under the list, as in its row and in
// History, so its name is not the part cut off.
func TestDetailShowsTheFileAsTheRowDoes(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	file := filepath.Join(home, "data", "atelier", "media", "vid-1.mp4")
	done := running("task-1", "videoa/q1/text-to-video")
	done.Status = client.VideoCompleted
	h := newHarness(t, Options{})
	h.Send(tasksLoadedMsg{tasks: []task{newTask(done, file)}})
	h.Keys("esc")
	d := ansi.Strip(h.m.tasks.detail(h.m.st.Tasks, h.m.prices, h.m.width))
	if want := filepath.Join("~", "data", "atelier", "media", "vid-1.mp4"); !strings.HasPrefix(d, want+" · ") {
		t.Errorf("detail %q, want it to start with %q", d, want)
	}
}
