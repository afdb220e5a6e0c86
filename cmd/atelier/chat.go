package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/internal/termtext"
	"atelier/store/recipe"
)

// chatFlags are the flags of `atelier chat`, in the interface's field names.
type chatFlags struct {
	family, model   string
	system          string
	maxTokens       int
	temperature     float64
	topP            float64
	topK            int
	thinkingBudget  int
	thinkingDisplay string
	effort          string
	summary         string
	verbosity       string
	webSearch       bool
	stop            []string
	images          []string
	sets            []string
	body            string
	noStream, json  bool
	showThinking    bool
	raw             bool
	cont            int64 // --continue: the stored chat to go on (chat_continue.go)
	branchFrom      int64 // --branch-from: the message to go on after
}

func (a *app) chatCmd() *cobra.Command {
	var f chatFlags
	cmd := &cobra.Command{
		Use:   "chat -p alpha|beta|gamma -m MODEL [--continue ID [--branch-from MESSAGE]] [flags] [PROMPT]",
		Short: "Send one prompt to a chat model and stream the reply to stdout",
		Long: "Send one prompt (an argument, or stdin) to a chat model. The reply streams to stdout as it\n" +
			"arrives; --json prints the native reply JSON instead. Fields without a flag go through\n" +
			"--set field=value (JSON values; a dotted name such as generationConfig.topK=5 sets one field\n" +
			"inside an object) or --body FILE (a JSON object of native fields).\n\n" +
			bodyPrecedence + "\n\n" +
			"A flag the protocol does not have is refused (exit 2), naming its nearest flag. A stop that\n" +
			"is not a normal end is one line on stderr: a reply cut at its token limit exits 0, a blocked\n" +
			"prompt or a refusal exits 1.\n\n" +
			"--continue ID goes on with stored chat ID: the prompt follows the path kept (the one shown\n" +
			"last), whose messages are the request's history, and the reply is kept in that conversation.\n" +
			"--branch-from MESSAGE goes on after that message instead: after a reply, the prompt is a\n" +
			"branch beside what followed it; given a prompt, a branch beside that prompt. Without -p/-m\n" +
			"the target is the path's last reply's.",
		RunE: func(cmd *cobra.Command, args []string) error { return a.runChat(cmd, args, &f) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.family, "protocol", "p", "", "protocol family: alpha, beta or gamma (default alpha, as a new conversation in the TUI; with --continue, the conversation's)")
	fl.StringVarP(&f.model, "model", "m", "", "model name (default: the family's in config.toml's [models]; under --demo, demo-FAMILY)")
	fl.StringVar(&f.system, "system", "", "system prompt (alpha system, beta systemInstruction, gamma instructions)")
	fl.IntVar(&f.maxTokens, "max-tokens", 0, "maximum output tokens (default 4096 for alpha)")
	fl.Float64Var(&f.temperature, "temperature", 0, "sampling temperature")
	fl.Float64Var(&f.topP, "top-p", 0, "nucleus sampling threshold")
	fl.IntVar(&f.topK, "top-k", 0, "top-k sampling (alpha, beta)")
	fl.IntVar(&f.thinkingBudget, "thinking-budget", 0, "turn thinking on with this many tokens (alpha: "+chatRule(client.Alpha, "thinking_budget")+"; beta)")
	fl.StringVar(&f.thinkingDisplay, "thinking-display", "", "alpha: "+chatRule(client.Alpha, "thinking_display"))
	fl.StringVar(&f.effort, "effort", "", "alpha output_config.effort, gamma reasoning.effort")
	fl.StringVar(&f.summary, "summary", "", "gamma reasoning.summary: "+chatRule(client.Gamma, "summary"))
	fl.StringVar(&f.verbosity, "verbosity", "", "gamma text.verbosity: "+chatRule(client.Gamma, "verbosity"))
	fl.BoolVar(&f.webSearch, "web-search", false, "let the model search the web")
	fl.StringArrayVar(&f.stop, "stop", nil, "a stop sequence (repeatable)")
	fl.StringArrayVar(&f.images, "image", nil, "attach an image file to the prompt (repeatable)")
	fl.StringArrayVar(&f.sets, "set", nil, "a native request field, field=value (JSON value; dotted names nest; wins over flags; repeatable)")
	fl.StringVar(&f.body, "body", "", "a JSON file of native request fields, under the flags and --set (- for stdin)")
	fl.BoolVar(&f.noStream, "no-stream", false, "wait for the whole reply instead of streaming")
	fl.BoolVar(&f.json, "json", false, "print the native reply JSON instead of text")
	fl.BoolVar(&f.showThinking, "show-thinking", false, "write thinking to stderr, dimmed")
	fl.BoolVar(&f.raw, "raw", false, "write the model's bytes untouched, even to a terminal")
	fl.Int64Var(&f.cont, "continue", 0, "go on with stored chat ID, after the path kept")
	fl.Int64Var(&f.branchFrom, "branch-from", 0, "with --continue: go on after this message id instead, as a branch")
	return cmd
}

// chatSettingFlags pairs each settings flag of chat with the ChatSettings
// field it sets (by JSON name), in the order the help lists them.
var chatSettingFlags = []struct{ flag, setting string }{
	{"system", "system"}, {"max-tokens", "max_tokens"}, {"temperature", "temperature"},
	{"top-p", "top_p"}, {"top-k", "top_k"}, {"thinking-budget", "thinking_budget"},
	{"thinking-display", "thinking_display"}, {"effort", "effort"}, {"summary", "summary"},
	{"verbosity", "verbosity"}, {"web-search", "web_search"}, {"stop", "stop_sequences"},
}

// settingFlag is the flag that sets setting.
func settingFlag(setting string) string {
	for _, p := range chatSettingFlags {
		if p.setting == setting {
			return p.flag
		}
	}
	return setting
}

// target builds the chat target the flags describe. A flag the family does
// not have is refused, naming the family's nearest flag. --body fields are
// the base, the flags given win over them, and --set fields win over both,
// field by field: the native fields a given flag writes are taken out of
// --body, and what is left is merged with --set into the extra fields,
// which the client merges over the flags' fields.
func (f *chatFlags) target(cmd *cobra.Command, stdin io.Reader) (client.ChatTarget, error) {
	fam := client.Group(f.family)
	if fam != client.Alpha && fam != client.Beta && fam != client.Gamma {
		return client.ChatTarget{}, usagef("--protocol: must be alpha, beta or gamma (got %q)", f.family)
	}
	if f.model == "" {
		return client.ChatTarget{}, usagef("--model: is required ("+defaultsHint+")", fam)
	}
	if cmd.Flags().Changed("max-tokens") && f.maxTokens < 1 {
		// 0 would mean "not set" and send the default instead.
		return client.ChatTarget{}, usagef("--max-tokens: must be at least 1 (got %d)", f.maxTokens)
	}
	var flagPaths []string
	for _, p := range chatSettingFlags {
		if !cmd.Flags().Changed(p.flag) {
			continue
		}
		paths, instead := client.ChatSettingPaths(fam, p.setting)
		if paths == nil {
			hint := ""
			if instead != "" {
				hint = "; use --" + settingFlag(instead)
			}
			return client.ChatTarget{}, usagef("--%s: %s has no %s%s", p.flag, fam, p.setting, hint)
		}
		flagPaths = append(flagPaths, paths...)
	}
	extra, err := bodyAndSets(f.body, f.sets, stdin, flagPaths)
	if err != nil {
		return client.ChatTarget{}, err
	}
	if v, ok := extra["stream"]; ok {
		b, _ := json.Marshal(v)
		return client.ChatTarget{}, usagef("stream=%s (--set or --body): streaming is chosen by --no-stream, not by a request field, for alpha, beta and gamma alike", b)
	}
	for _, n := range []struct {
		flag string
		v    float64
	}{{"temperature", f.temperature}, {"top-p", f.topP}} {
		if cmd.Flags().Changed(n.flag) && (math.IsNaN(n.v) || math.IsInf(n.v, 0)) {
			return client.ChatTarget{}, usagef("--%s: must be a finite number (got %v)", n.flag, n.v)
		}
	}
	s := client.ChatSettings{
		System: f.system, MaxTokens: f.maxTokens, StopSequences: f.stop,
		ThinkingBudget: f.thinkingBudget, ThinkingDisplay: f.thinkingDisplay,
		Effort: f.effort, Summary: f.summary, Verbosity: f.verbosity, WebSearch: f.webSearch,
		Extra: extra,
	}
	if cmd.Flags().Changed("temperature") {
		s.Temperature = &f.temperature
	}
	if cmd.Flags().Changed("top-p") {
		s.TopP = &f.topP
	}
	if cmd.Flags().Changed("top-k") {
		s.TopK = &f.topK
	}
	return client.ChatTarget{Family: fam, Model: f.model, Settings: s}, nil
}

// loadImages reads attachment files, refusing what is not an image, and
// takes atelier's own recipe out of each (recipe.Remove).
func loadImages(paths []string) ([]client.ChatImage, error) {
	var out []client.ChatImage
	for _, p := range paths {
		b, err := limits.ReadFile(p, limits.ChatImage, "chat image")
		if err != nil {
			return nil, usagef("--image %s: %v", p, err)
		}
		b = recipe.Remove(b) // an image atelier saved carries its earlier prompt and settings
		mt := http.DetectContentType(b)
		if !strings.HasPrefix(mt, "image/") {
			if ext := mime.TypeByExtension(filepath.Ext(p)); strings.HasPrefix(ext, "image/") {
				mt = ext
			} else {
				return nil, usagef("--image %s: not an image (%s)", p, mt)
			}
		}
		out = append(out, client.ChatImage{MediaType: mt, Data: b})
	}
	return out, nil
}

func (a *app) runChat(cmd *cobra.Command, args []string, f *chatFlags) error {
	if f.body == "-" && len(args) == 0 {
		return usagef("--body - reads stdin, so the prompt must be an argument")
	}
	prompt, err := readPrompt(args, a.io.in)
	if err != nil {
		return err
	}
	cont, err := a.continuation(cmd.Context(), f)
	if err != nil {
		return err
	}
	cont.defaults(f)
	if f.family == "" {
		f.family = string(client.DefaultChatFamily)
	}
	if f.model == "" {
		ms, err := a.defaultModels()
		if err != nil {
			return err
		}
		f.model = ms.Chat(client.Group(f.family), a.flags.demo)
	}
	target, err := f.target(cmd, a.io.in)
	if err != nil {
		return err
	}
	images, err := loadImages(f.images)
	if err != nil {
		return err
	}
	c, err := a.newClient(cmd.Context())
	if err != nil {
		return err
	}
	turns := append(cont.history(), client.ChatTurn{Role: "user", Text: prompt, Images: images})
	out := a.textOut(a.io.out, f.raw)
	rec := a.beginChat(cmd.Context(), cont.send(prompt, target, turns, !f.noStream))
	var res *client.ChatResult
	if f.noStream {
		res, err = c.Chat(cmd.Context(), target, turns)
		if res != nil {
			rec.add(client.ChatDelta{Kind: client.ChatThinkingDelta, Text: res.Thinking})
			rec.add(client.ChatDelta{Kind: client.ChatTextDelta, Text: res.Text})
			a.writeThinking(f, res.Thinking)
			if !f.json {
				io.WriteString(out, res.Text)
			}
		}
	} else {
		res, err = a.streamChat(cmd, c, target, turns, out, f, rec)
	}
	rec.finish(res, err)
	if res != nil && f.json {
		fmt.Fprintln(a.jsonOut(), string(withCost(res.Response, chatCost(a.prices(), target.Model, res))))
	} else if res != nil && res.Text != "" && !strings.HasSuffix(res.Text, "\n") {
		io.WriteString(out, "\n")
	}
	if err != nil || res == nil {
		return err
	}
	notice, err := a.stopLine(res)
	if notice != "" {
		fmt.Fprintln(a.io.err, notice)
	}
	return err
}

// writeThinking writes a whole reply's thinking where --show-thinking
// sends it, ending with a line break.
func (a *app) writeThinking(f *chatFlags, text string) {
	if text == "" {
		return
	}
	w := a.thinkingOut(f)
	io.WriteString(w, text)
	if !strings.HasSuffix(text, "\n") {
		io.WriteString(w, "\n")
	}
}

func (a *app) streamChat(cmd *cobra.Command, c *client.Client, t client.ChatTarget, turns []client.ChatTurn, out io.Writer, f *chatFlags, rec *chatRecord) (*client.ChatResult, error) {
	thinking := a.thinkingOut(f)
	var res *client.ChatResult
	var streamErr error
	for d, err := range c.StreamChat(cmd.Context(), t, turns) {
		rec.add(d)
		switch d.Kind {
		case client.ChatTextDelta:
			if !f.json {
				io.WriteString(out, d.Text)
			}
		case client.ChatThinkingDelta:
			io.WriteString(thinking, d.Text)
		case client.ChatDoneDelta:
			res, streamErr = d.Result, err
		}
	}
	return res, streamErr
}

// textOut is where model text goes: cleaned of control sequences when w is
// a terminal, untouched with --raw or when w is a pipe or file.
func (a *app) textOut(w io.Writer, raw bool) io.Writer {
	if raw || !isTerminal(w) {
		return w
	}
	return termtext.NewWriter(w)
}

// thinkingOut is stderr, dimmed on a terminal, with --show-thinking;
// otherwise thinking is dropped.
func (a *app) thinkingOut(f *chatFlags) io.Writer {
	if !f.showThinking || f.json {
		return io.Discard
	}
	w := a.textOut(a.io.err, f.raw)
	if isTerminal(a.io.err) {
		return dimWriter{term: a.io.err, text: w}
	}
	return w
}

// dimWriter writes each chunk of text (through its own, cleaning writer) in
// the terminal's dim style, which goes straight to the terminal.
type dimWriter struct{ term, text io.Writer }

func (d dimWriter) Write(p []byte) (int, error) {
	io.WriteString(d.term, "\x1b[2m")
	n, err := d.text.Write(p)
	io.WriteString(d.term, "\x1b[22m")
	return n, err
}
