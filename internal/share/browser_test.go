//go:build browser

package share

// The pages in a real browser (issue 34): Debian's chromium, headless,
// driven over the DevTools protocol (chromedp). Built only with the tag
// browser, which .ci/browser sets after installing chromium, as the
// conformance suite is built with its tag after npm: a plain `go test
// ./...` never needs a browser. Run here:
//
//	go test -tags browser -run Browser ./internal/share/
//
// and -update writes the screenshots in testdata/browser/ again.

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"html/template"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	cdplog "github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/yuin/goldmark"
	gmhtml "github.com/yuin/goldmark/renderer/html"

	"atelier/store"
)

var update = flag.Bool("update", false, "write the browser screenshots in testdata/browser again")

// chromiumPath is the browser: $ATELIER_CHROMIUM, else chromium on PATH.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{os.Getenv("ATELIER_CHROMIUM"), "chromium", "chromium-browser"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no chromium on PATH (nor $ATELIER_CHROMIUM): the browser tests need it; .ci/browser installs it")
	return ""
}

// newBrowser starts a headless chromium for the test, ended with it.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	actx, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(chromiumPath(t)), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck, chromedp.WindowSize(1000, 800),
		chromedp.Flag("hide-scrollbars", true), chromedp.Flag("font-render-hinting", "none"),
		chromedp.Flag("force-color-profile", "srgb"), chromedp.Flag("disable-lcd-text", true),
		chromedp.UserDataDir(t.TempDir()))
	t.Cleanup(cancel)
	ctx, cancel2 := chromedp.NewContext(actx)
	t.Cleanup(cancel2)
	ctx, cancel3 := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel3)
	if err := chromedp.Do(ctx); err != nil { // the browser, started
		t.Fatal(err)
	}
	return ctx
}

// tab is one page open in the browser, with what it did: every console
// message and log entry, and every request that would leave the machine.
type tab struct {
	ctx context.Context
	mu  sync.Mutex
	// console holds the messages of scripts and exceptions, and the
	// browser's log entries (a CSP violation is one).
	console []string
	// remote are the requests for anything but the page's own file, its
	// data: and blob: URLs; blocked, those blocked and why.
	remote  map[network.RequestID]string
	blocked map[network.RequestID]string
}

// open opens the page at path in a new tab, offline, in the colour
// scheme given, the viewport 1000×800.
func open(t *testing.T, browserCtx context.Context, path, scheme string) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browserCtx)
	t.Cleanup(cancel)
	tb := &tab{ctx: ctx, remote: map[network.RequestID]string{}, blocked: map[network.RequestID]string{}}
	if err := chromedp.Listen(ctx, tb.event); err != nil {
		t.Fatal(err)
	}
	offline := chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(ctx, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		}); err != nil {
			return err
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
	if err := chromedp.Do(ctx, offline, chromedp.EmulateViewport(1000, 800), chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	return tb
}

// event records what the page did, in the order the browser told it.
func (tb *tab) event(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		var parts []string
		for _, a := range e.Args {
			parts = append(parts, string(a.Value)+a.Description)
		}
		tb.console = append(tb.console, fmt.Sprintf("console.%s: %s", e.Type, strings.Join(parts, " ")))
	case *runtime.EventExceptionThrown:
		tb.console = append(tb.console, "exception: "+e.ExceptionDetails.Text)
	case *cdplog.EventEntryAdded:
		tb.console = append(tb.console, fmt.Sprintf("log %s/%s: %s", e.Entry.Source, e.Entry.Level, e.Entry.Text))
	case *network.EventRequestWillBeSent:
		u := e.Request.URL
		if !strings.HasPrefix(u, "file:") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
			tb.remote[e.RequestID] = u
		}
	case *network.EventLoadingFailed:
		if e.BlockedReason != "" {
			tb.blocked[e.RequestID] = string(e.BlockedReason)
		}
	}
}

// settle runs a command, so that every event sent before its reply has
// been recorded (chromedp.Listen's order), and returns what was.
func (tb *tab) settle(t *testing.T) (console []string, remote, blocked map[network.RequestID]string) {
	t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[int]("1")); err != nil {
		t.Fatal(err)
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	return append([]string(nil), tb.console...), tb.remote, tb.blocked
}

// shot takes a full-page screenshot and compares it with the saved one.
func (tb *tab) shot(t *testing.T, name string) {
	t.Helper()
	got, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "browser", name+".png")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v (go test -tags browser -run Browser ./internal/share/ -update writes it)", path, err)
	}
	if why := sameImage(got, want); why != "" {
		failed := filepath.Join(t.TempDir(), name+".png")
		os.WriteFile(failed, got, 0o644)
		t.Errorf("%s: the page looks different: %s (this run's screenshot: %s)", name, why, failed)
	}
}

// sameImage says how two screenshots differ beyond the tolerance of font
// rasterisation: the same size, at most 0.5% of the pixels off by more
// than 48 in a channel, and a mean difference under 1.5 (of 255).
func sameImage(a, b []byte) string {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return err.Error()
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return err.Error()
	}
	if ia.Bounds() != ib.Bounds() {
		return fmt.Sprintf("size %v, saved %v", ia.Bounds().Size(), ib.Bounds().Size())
	}
	var off, total int
	var sum float64
	r := ia.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			d := pixelDiff(ia, ib, x, y)
			sum += float64(d)
			if d > 48 {
				off++
			}
			total++
		}
	}
	if share, mean := float64(off)/float64(total), sum/float64(total); share > 0.005 || mean > 1.5 {
		return fmt.Sprintf("%.2f%% of the pixels differ, mean difference %.2f", 100*share, mean)
	}
	return ""
}

func pixelDiff(a, b image.Image, x, y int) int {
	r1, g1, b1, _ := a.At(x, y).RGBA()
	r2, g2, b2, _ := b.At(x, y).RGBA()
	d := 0
	for _, p := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}} {
		v := int(p[0]>>8) - int(p[1]>>8)
		d = max(d, v, -v)
	}
	return d
}

// quiet fails when the page wrote to the console, logged anything, or
// asked for something from the network.
func quiet(t *testing.T, tb *tab, name string) {
	t.Helper()
	console, remote, _ := tb.settle(t)
	for _, c := range console {
		t.Errorf("%s: the page logged %q", name, c)
	}
	for _, u := range remote {
		t.Errorf("%s: the page asked the network for %s", name, u)
	}
}

func TestBrowserPages(t *testing.T) {
	f := newFixture(t)
	f.votes(t)
	b := newBrowser(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, ref string
		schemes   []string
	}{
		{"chat", "chat:" + itoa(f.chat), []string{"light"}},
		{"compare", "compare:" + itoa(f.compare), []string{"light", "dark"}}, // its first reply is the hostile one
		{"image", "image:" + itoa(f.images[0]), []string{"light"}},
		{"video", "video:" + itoa(f.videos[0]), []string{"light"}},
		{"batch", "batch:" + itoa(f.batch), []string{"light"}},
		{"leaderboard", "leaderboard", []string{"light"}},
	} {
		res, err := Write(context.Background(), f.db, refs(t, c.ref), filepath.Join(dir, c.name+".html"), Options{Now: fixedNow, Board: BoardOptions{Rounds: 50}})
		if err != nil {
			t.Fatal(err)
		}
		for _, scheme := range c.schemes {
			tb := open(t, b, res.Path, scheme)
			quiet(t, tb, c.name)
			tb.shot(t, c.name+"-"+scheme)
		}
	}
}

// TestBrowserPrints: printed, a page shows what a closed <details> holds
// (a batch's replies, a reply's thinking).
func TestBrowserPrints(t *testing.T) {
	f := newFixture(t)
	path := filepath.Join(t.TempDir(), "batch.html")
	if _, err := Write(context.Background(), f.db, refs(t, "batch:"+itoa(f.batch)), path, Options{Now: fixedNow}); err != nil {
		t.Fatal(err)
	}
	tb := open(t, newBrowser(t), path, "light")
	// checkVisibility: a layout query would lay the hidden content out anyway.
	visible := `document.querySelector("details .bubble").checkVisibility()`
	screen, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](visible))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(tb.ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Media: "print"})
		return err
	})); err != nil {
		t.Fatal(err)
	}
	printed, err := chromedp.Run(tb.ctx, chromedp.Evaluate[bool](visible))
	if err != nil {
		t.Fatal(err)
	}
	if screen || !printed {
		t.Errorf("a closed reply: visible on screen %v (want false), printed %v (want true)", screen, printed)
	}
}

// TestBrowserCSPAloneHoldsHostileHTML opens the hostile reply rendered
// with no sanitiser at all: the page's policy alone must keep every
// script from running and every remote load from leaving. (A meta
// refresh is a navigation, which no policy in a page stops: that one is
// the sanitiser's alone, and left out here.)
func TestBrowserCSPAloneHoldsHostileHTML(t *testing.T) {
	var raw bytes.Buffer
	text := strings.Replace(hostile, `<meta http-equiv="refresh" content="0;url=https://evil.example/">`, "", 1)
	if err := goldmark.New(goldmark.WithRendererOptions(gmhtml.WithUnsafe())).Convert([]byte(text), &raw); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(raw.String(), "<script>") {
		t.Fatal("the unsanitised page lost its script: the test would prove nothing")
	}
	p := page{Title: "unsanitised", Sections: []section{{Conv: &convView{Title: "unsanitised", Kind: "chat",
		Turns: []turnView{{N: 1, Replies: []replyView{{Head: "hostile", Body: template.HTML(raw.String())}}}}}}}}
	var b bytes.Buffer
	if err := render(&b, p, "", fixedNow()); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "raw.html")
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := open(t, newBrowser(t), path, "light")
	console, remote, blocked := tb.settle(t)
	for _, c := range console {
		if strings.Contains(c, "pwned") {
			t.Errorf("a script ran: %q", c)
		}
	}
	if len(remote) == 0 {
		t.Error("no remote load was even tried: the hostile HTML did not reach the page")
	}
	for id, u := range remote {
		if blocked[id] != string(network.BlockedReasonCsp) {
			t.Errorf("%s: not blocked by the page's policy (%q)", u, blocked[id])
		}
	}
}

// TestBrowserBallotRoundTrip votes a ballot with key presses, saves the
// votes file through the browser's download, imports it, and sees the
// leaderboard count the colleague's votes.
func TestBrowserBallotRoundTrip(t *testing.T) {
	f := newFixture(t)
	b := newBrowser(t)
	dir := t.TempDir()
	rs := refs(t, "compare:"+itoa(f.compare), "image:"+itoa(f.images[0])+"+"+itoa(f.images[1]),
		"video:"+itoa(f.videos[0])+"+"+itoa(f.videos[1]))
	res, err := WriteBallot(context.Background(), f.db, rs, filepath.Join(dir, "ballot.html"), Options{Now: fixedNow, Perm: reversed})
	if err != nil {
		t.Fatal(err)
	}
	board := func() string {
		p, err := Write(context.Background(), f.db, refs(t, "leaderboard"), filepath.Join(dir, "board.html"), Options{Now: fixedNow, Board: BoardOptions{Rounds: 20}})
		if err != nil {
			t.Fatal(err)
		}
		bs, _ := os.ReadFile(p.Path)
		return string(bs)
	}
	if before := board(); !strings.Contains(before, "No blind chat votes yet") {
		t.Fatalf("the board has votes before the ballot came back")
	}

	tb := open(t, b, res.Path, "light")
	tb.shot(t, "ballot-light")
	downloads := t.TempDir()
	progress := chromedp.Events(tb.ctx, browser.DownloadProgress)
	allow := chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, browser.SetDownloadBehavior, browser.SetDownloadBehaviorParams{
			Behavior: browser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads, EventsEnabled: ptrTo(true)})
		return err
	})
	// a: question 1's A better; b: question 2's B; t: question 3 a tie.
	// Then the name, and s saves.
	if err := chromedp.Do(tb.ctx, allow, chromedp.KeyEvent("abt"), chromedp.Focus(chromedp.CSS("#rater")),
		chromedp.KeyEvent("kim"), chromedp.KeyEvent(kb.Escape), chromedp.KeyEvent("s")); err != nil {
		t.Fatal(err)
	}
	var saved string
	for ev, err := range progress {
		if err != nil {
			t.Fatal(err)
		}
		if ev.State == browser.DownloadProgressStateCompleted {
			saved = ev.FilePath
			break
		}
		if ev.State == browser.DownloadProgressStateCanceled {
			t.Fatal("the download was cancelled")
		}
	}
	quiet(t, tb, "ballot")
	if want := filepath.Join(downloads, "votes-"+res.Ballot+"-kim.json"); saved != want {
		t.Errorf("saved %q, want %q", saved, want)
	}
	fh, err := os.Open(saved)
	if err != nil {
		t.Fatal(err)
	}
	vf, err := ParseVotes(fh)
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	if vf.Ballot != res.Ballot || vf.Rater != "kim" || len(vf.Votes) != 3 || vf.Votes[0].Verdict != "a" ||
		vf.Votes[1].Verdict != "b" || vf.Votes[2].Verdict != "tie" {
		t.Fatalf("votes file: %+v", vf)
	}
	if n, err := f.db.ImportBallotVotes(context.Background(), vf.Ballot, vf.Rater, vf.Votes); err != nil || n != 3 {
		t.Fatalf("import: %d, %v", n, err)
	}
	after := board()
	if !strings.Contains(after, "1 blind vote, every rater") || !strings.Contains(after, "beta:gemini-ultra-omega") {
		t.Errorf("the board does not count kim's vote:\n%s", after[strings.Index(after, "<body>"):])
	}
	kim, err := f.db.Votes(context.Background(), store.VoteFilter{Rater: "kim", Kind: store.VoteChat})
	if err != nil || len(kim) != 1 {
		t.Fatalf("kim's chat votes: %v, %v", kim, err)
	}
	// The letters were drawn reversed: A was the comparison's second lane.
	if names, _, _ := kim[0].Ranked(); names[0] != "beta:gemini-ultra-omega" {
		t.Errorf("kim's a recorded as %v better, want beta:gemini-ultra-omega (A as drawn)", names[0])
	}
}

func ptrTo[T any](v T) *T { return &v }
