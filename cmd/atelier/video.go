package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/store"
	"atelier/store/record"
)

// videoFlags are the flags of `atelier video submit`.
type videoFlags struct {
	sets, images  []string
	body, webhook string
	wait, json    bool
	from          string         // a video or recipe file whose request is sent again
	base          map[string]any // the recipe's body, under --body and --set
	yes           bool
	label         string                 // --label: the idea the task belongs to
	recipeLabel   string                 // the label of the recipe read with --from
	fromImage     string                 // --from-image: the file for the endpoint's first image field
	read          []store.VideoInputFile // the image files read into the body: the task's lineage
}

func (a *app) videoCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "video submit|status|result|wait|list|retry|pause|resume",
		Short: "Submit video tasks, follow them and download their videos",
		Long: "Submit a task to one of the 16 video endpoints, follow it, and download its video into the\n" +
			"data directory. Every task is recorded in the history, so status, result and wait take its id.",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return usagef("unknown video command %q: use submit, status, result, wait, list, retry, pause or resume", args[0])
			}
			return cmd.Help()
		},
	}
	cmd.AddCommand(a.videoSubmitCmd(), a.videoStatusCmd(), a.videoResultCmd(), a.videoWaitCmd(), a.videoListCmd(),
		a.videoRetryCmd(), a.videoPauseCmd(true), a.videoPauseCmd(false))
	return cmd
}

func (a *app) videoSubmitCmd() *cobra.Command {
	var f videoFlags
	cmd := &cobra.Command{
		Use:   "submit ENDPOINT|--from FILE [--set field=value ...] [--body FILE] [--image-file field=PATH ...] [--webhook URL] [--wait]",
		Short: "Submit a video task and print its request id",
		Long: "Submit a video task. ENDPOINT is the path after /queue/qv/, e.g. videoa/q1/text-to-video or\n" +
			"videob/o3/pro/image-to-video. The body is checked against the endpoint's documented rules before\n" +
			"anything is sent. The request id is printed; with --wait the task is followed to its end, its\n" +
			"video downloaded, and the file's path printed on the next line (progress goes to stderr).\n\n" +
			bodyPrecedence,
		Args: cobra.RangeArgs(0, 1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := labelFlag(f.label); err != nil {
				return err
			}
			if len(args) == 0 && f.from == "" {
				ms, err := a.defaultModels()
				if err != nil {
					return err
				}
				if ms.Video != "" {
					args = []string{ms.Video}
				}
			}
			endpoint, err := f.fromRecipe(args)
			if err != nil {
				return err
			}
			return a.runVideoSubmit(cmd.Context(), endpoint, &f)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVar(&f.sets, "set", nil, "a request field, field=value (JSON value; dotted names nest; wins over --body; repeatable)")
	fl.StringVar(&f.body, "body", "", "a JSON file of request fields (- for stdin)")
	fl.StringArrayVar(&f.images, "image-file", nil, "a local image for an image field, field=PATH, sent as a data URI where the endpoint accepts one (repeatable)")
	fl.StringVar(&f.webhook, "webhook", "", "an https URL the service calls when the task ends (queue_webhook)")
	fl.BoolVar(&f.wait, "wait", false, "follow the task to its end, download the video and print its path")
	fl.BoolVar(&f.json, "json", false, "print the native submission reply instead of the request id")
	fl.StringVar(&f.from, "from", "", "send again the request of a video atelier saved (its NAME.recipe.json beside it) or of a recipe file; --body, --set and --image-file override its fields")
	fl.StringVar(&f.fromImage, "from-image", "", "a local image (one of atelier's, or any file) for the endpoint's image, e.g. image_url of an image-to-video endpoint; the video's history names it as its source")
	fl.BoolVarP(&f.yes, "yes", "y", false, "submit even when the estimate passes the [budget]")
	fl.StringVar(&f.label, "label", "", "label the task with the idea it belongs to (1-40 characters; with --from, the recipe's label unless given)")
	return cmd
}

func (a *app) videoStatusCmd() *cobra.Command {
	return showCmd("status ID", "Ask the service for a recorded task's status and print its word",
		"print the native status object", a.runVideoStatus)
}

func (a *app) videoResultCmd() *cobra.Command {
	return showCmd("result ID", "Print a task's downloaded video path, else its result's file URLs",
		"print the native result, fetched from the service", a.runVideoResult)
}

func (a *app) videoWaitCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "wait ID",
		Short: "Follow a recorded task to its end, download its video and print the path",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			t, st, err := a.recordedTask(ctx, args[0])
			if err != nil {
				return err
			}
			c, err := a.newClient(ctx)
			if err != nil {
				return err
			}
			return a.waitVideo(ctx, c, st, t.RequestID)
		},
	}
}

func (a *app) videoListCmd() *cobra.Command {
	var limit int
	var label string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "list [--label NAME] [--json]",
		Short: "List the recorded video tasks, newest first",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			l, err := labelFlag(label)
			if err != nil {
				return err
			}
			return a.runVideoList(cmd.Context(), store.VideoQuery{Limit: limit, Label: l}, asJSON)
		},
	}
	cmd.Flags().IntVarP(&limit, "limit", "n", 50, "how many tasks to list")
	cmd.Flags().StringVar(&label, "label", "", "only the tasks with this label (case aside)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "print JSON")
	return cmd
}

// request builds the submission the flags describe: the --body file, the
// --set fields over it, then the --image-file fields.
func (f *videoFlags) request(endpoint string, stdin io.Reader) (client.VideoRequest, error) {
	req := client.VideoRequest{Path: endpoint, Webhook: f.webhook}
	body, err := bodyAndSets(f.body, f.sets, stdin, nil)
	if err != nil {
		return req, err
	}
	req.Body = map[string]any(client.MergeExtra(f.base, body))
	if req.Body == nil {
		req.Body = map[string]any{}
	}
	if len(f.images) == 0 && f.fromImage == "" {
		return req, nil
	}
	e, _, err := client.LookupVideoEndpoint(endpoint)
	if err != nil {
		return req, err
	}
	specs := slices.Clone(f.images)
	if f.fromImage != "" {
		field, ok := e.FirstImage()
		if !ok {
			return req, usagef("--from-image %s: %s takes no image: pick an image-to-video endpoint (%s)",
				f.fromImage, endpoint, strings.Join(client.ImageToVideoPaths(), ", "))
		}
		specs = append([]string{field.Name + "=" + f.fromImage}, specs...)
	}
	for _, spec := range specs {
		in, err := addImageFile(req.Body, e, endpoint, spec)
		if err != nil {
			return req, err
		}
		f.read = append(f.read, in)
	}
	return req, nil
}

// addImageFile puts the image file of a field=PATH spec into body as a data
// URI, where the endpoint's table accepts one for that field; a list field
// gets it appended. It returns the file read, under the field it went to.
func addImageFile(body map[string]any, e client.VideoEndpoint, endpoint, spec string) (store.VideoInputFile, error) {
	var in store.VideoInputFile
	name, path, ok := strings.Cut(spec, "=")
	if !ok || name == "" || path == "" {
		return in, usagef("--image-file %q: want field=PATH", spec)
	}
	fd, found := e.Field(name)
	switch {
	case !found || !fd.Image:
		return in, usagef("--image-file %s: %s has no image field %q", spec, endpoint, name)
	case !fd.DataURI:
		return in, usagef("--image-file %s: %s", spec, client.NoLocalImage(endpoint, name))
	}
	uri, err := record.ImageDataURI(path)
	if err != nil {
		return in, usagef("--image-file %s: %v", path, err)
	}
	in.Field = name
	if fd.Kind == client.VideoStringList {
		list, _ := body[name].([]any)
		in.Field = fmt.Sprintf("%s[%d]", name, len(list))
		body[name] = append(list, uri)
	} else {
		body[name] = uri
	}
	if in.File, err = filepath.Abs(path); err != nil {
		in.File = path
	}
	return in, nil
}

func (a *app) runVideoSubmit(ctx context.Context, endpoint string, f *videoFlags) error {
	label, err := runLabel(f.label, f.recipeLabel, f.from)
	if err != nil {
		return err
	}
	req, err := f.request(endpoint, a.io.in)
	if err != nil {
		return err
	}
	if err := req.Validate(); err != nil {
		return fmt.Errorf("submit video: %w", err)
	}
	cost := videoCost(a.prices(), req)
	if err := a.guard(ctx, "video task", cost, f.yes); err != nil {
		return err
	}
	c, err := a.newClient(ctx)
	if err != nil {
		return err
	}
	st, err := a.store()
	if err != nil {
		return err
	}
	h, err := c.SubmitVideo(ctx, req)
	if err != nil {
		return err
	}
	if f.json {
		fmt.Fprintln(a.jsonOut(), string(withCost(h.Raw, cost)))
	} else {
		fmt.Fprintln(a.io.out, cleanLine(h.RequestID))
	}
	if _, err := record.LabelledVideoSubmission(ctx, st, req, h, label, f.read...); err != nil {
		return fmt.Errorf("the task was submitted but not recorded: %w", err)
	}
	if !f.wait {
		return nil
	}
	return a.waitVideo(ctx, c, st, h.RequestID)
}

// recordedTask finds a task in the history; an id it does not hold is a
// usage error.
func (a *app) recordedTask(ctx context.Context, id string) (*store.VideoTask, *store.Store, error) {
	st, err := a.store()
	if err != nil {
		return nil, nil, err
	}
	t, err := st.VideoTask(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil, nil, usagef("no video task %q in the history (see atelier video list)", id)
	}
	return t, st, err
}
