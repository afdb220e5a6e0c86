package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/internal/limits"
	"atelier/store/recipe"
	"atelier/store/record"
)

// imageFlags are the flags of `atelier image`.
type imageFlags struct {
	model, size, quality, format, background string
	n, compression, partials                 int
	stream, multipart, json                  bool
	edit                                     []string
	mask, outDir, body                       string
	sets                                     []string
	from                                     string // a file whose recipe is sent again
	vary, yes                                bool
	recipe                                   *recipe.Recipe // the recipe read with --from
	label                                    string         // --label: the idea the images belong to
}

func (a *app) imageCmd() *cobra.Command {
	var f imageFlags
	cmd := &cobra.Command{
		Use:   "image -m MODEL [flags] [--edit FILE|URL ...] [--mask FILE] [PROMPT]",
		Short: "Generate or edit images and write them to files",
		Long: "Generate images from a prompt (an argument, or stdin), or edit input images with --edit.\n" +
			"Each image is written to a file in -o DIR and its path printed, one per line. Fields without\n" +
			"a flag go through --set field=value (JSON values; dotted names nest) or --body FILE.\n\n" +
			bodyPrecedence,
		RunE: func(cmd *cobra.Command, args []string) error { return a.runImage(cmd, args, &f) },
	}
	fl := cmd.Flags()
	fl.StringVarP(&f.model, "model", "m", "", "image model: "+strings.Join(client.ImageModels(), ", ")+", or another name (default: [models] image in config.toml, else "+client.ImageModel25Flare+")")
	fl.StringVar(&f.size, "size", "", "image size, e.g. 1024x1024, 1536x1024, auto")
	fl.StringVar(&f.quality, "quality", "", "auto, low, medium, high (2.5 models add xhigh, max)")
	fl.StringVar(&f.format, "output-format", "", "png, jpeg or webp")
	fl.StringVar(&f.background, "background", "", "auto, transparent or opaque")
	fl.IntVarP(&f.n, "n", "n", 0, "number of images")
	fl.IntVar(&f.compression, "output-compression", 0, "0-100, for jpeg and webp")
	fl.BoolVar(&f.stream, "stream", false, "stream the reply, with partial images when --partial-images is set")
	fl.IntVar(&f.partials, "partial-images", 0, "partial images to stream (with --stream)")
	fl.StringArrayVar(&f.edit, "edit", nil, "an input image file or URL to edit (repeatable)")
	fl.StringVar(&f.mask, "mask", "", "a mask image file or URL for the edit")
	fl.BoolVar(&f.multipart, "multipart", false, "send an edit as multipart/form-data instead of JSON")
	fl.StringVarP(&f.outDir, "output", "o", ".", "directory to write images into")
	fl.StringArrayVar(&f.sets, "set", nil, "a request field, field=value (JSON value; dotted names nest; wins over flags; repeatable)")
	fl.StringVar(&f.body, "body", "", "a JSON file of request fields, under the flags and --set (- for stdin)")
	fl.BoolVar(&f.json, "json", false, "print the native reply JSON (images still written to files)")
	fl.StringVar(&f.from, "from", "", "send again the request whose recipe FILE carries (an image atelier saved, or a .recipe.json); flags override its fields")
	fl.BoolVar(&f.vary, "vary", false, "with --from: a new job linked to the recipe's as its parent, without the recipe's seed")
	fl.BoolVarP(&f.yes, "yes", "y", false, "run even when the estimate passes the [budget] (n > 1)")
	fl.StringVar(&f.label, "label", "", "label the job with the idea it belongs to (1-40 characters; with --from, the recipe's label unless given)")
	return cmd
}

// request lays the flags the user gave over r: the prompt alone for a new
// request, a recipe's request for --from.
func (f *imageFlags) request(cmd *cobra.Command, r client.ImageRequest, stdin io.Reader) (client.ImageRequest, error) {
	changed := cmd.Flags().Changed
	if changed("model") || r.Model == "" {
		r.Model = f.model
	}
	if changed("n") && f.n < 1 {
		// 0 would mean "not set" and leave the number to the service.
		return client.ImageRequest{}, usagef("-n: must be at least 1 (got %d)", f.n)
	}
	for _, s := range []struct {
		flag  string
		field *string
		value string
	}{{"size", &r.Size, f.size}, {"quality", &r.Quality, f.quality}, {"output-format", &r.OutputFormat, f.format},
		{"background", &r.Background, f.background}} {
		if changed(s.flag) {
			*s.field = s.value
		}
	}
	if changed("n") {
		r.N = f.n
	}
	if changed("stream") {
		r.Stream = f.stream
	}
	if cmd.Flags().Changed("output-compression") {
		r.OutputCompression = &f.compression
	}
	if cmd.Flags().Changed("partial-images") {
		r.PartialImages = &f.partials
	}
	var flagPaths []string
	for _, fl := range []struct{ flag, field string }{
		{"size", "size"}, {"quality", "quality"}, {"output-format", "output_format"},
		{"background", "background"}, {"n", "n"}, {"output-compression", "output_compression"},
		{"stream", "stream"}, {"partial-images", "partial_images"},
	} {
		if cmd.Flags().Changed(fl.flag) {
			flagPaths = append(flagPaths, fl.field)
		}
	}
	extra, err := bodyAndSets(f.body, f.sets, stdin, flagPaths)
	if err != nil {
		return r, err
	}
	r.Extra = client.MergeExtra(r.Extra, extra)
	return r, nil
}

// imageInput reads a file, without atelier's own recipe (recipe.Remove), or
// takes an http(s) URL or data URI as it is.
func imageInput(ref string) (client.ImageInput, error) {
	if strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") || strings.HasPrefix(ref, "data:") {
		return client.ImageFromURL(ref), nil
	}
	b, err := limits.ReadFile(ref, limits.Image, "image file")
	if err != nil {
		return client.ImageInput{}, usagef("--edit %s: %v", ref, err)
	}
	return client.ImageFromFile(filepath.Base(ref), recipe.Remove(b)), nil
}

func (a *app) runImage(cmd *cobra.Command, args []string, f *imageFlags) error {
	if _, err := labelFlag(f.label); err != nil {
		return err
	}
	if f.model == "" {
		ms, err := a.defaultModels()
		if err != nil {
			return err
		}
		f.model = ms.ImageModel()
	}
	req, parent, err := f.build(cmd, args, a.io.in)
	if err != nil {
		return err
	}
	if f.recipe != nil {
		if f.label, err = runLabel(f.label, f.recipe.Label, f.from); err != nil {
			return err
		}
	} else if f.label, err = labelFlag(f.label); err != nil {
		return err
	}
	if err := os.MkdirAll(f.outDir, 0o755); err != nil {
		return usagef("-o: %v", err)
	}
	if req.N > 1 {
		est := a.prices().Image(req.Model, req.Size, req.Quality, req.N, nil)
		if err := a.guard(cmd.Context(), fmt.Sprintf("%d images", req.N), est, f.yes); err != nil {
			return err
		}
	}
	c, err := a.newClient(cmd.Context())
	if err != nil {
		return err
	}
	var resp *client.ImageResponse
	var rc *recipe.Recipe
	if len(f.edit) > 0 || f.mask != "" {
		resp, rc, err = a.editImages(cmd, c, req, f, parent)
	} else {
		if err := req.Validate(); err != nil {
			return fmt.Errorf("image: %w", err)
		}
		var rec *imageRecord
		rec, rc = a.startImage(cmd.Context(), req, nil, parent, f.label)
		if req.Stream {
			var acc client.ImageAccumulator
			err = a.streamImages(c.StreamImages(cmd.Context(), req), &acc)
			resp = acc.Response()
		} else {
			resp, err = c.GenerateImages(cmd.Context(), req)
		}
		rec.finish(cmd.Context(), resp, err)
	}
	if resp == nil {
		return err
	}
	if rc != nil && resp.RequestID != "" {
		withID := *rc // the service's id, known once it replied
		withID.RequestID = resp.RequestID
		rc = &withID
	}
	paths, werr := writeImages(resp, f.outDir, time.Now(), rc)
	for _, p := range paths {
		fmt.Fprintln(a.io.out, cleanLine(p)) // a file's path, or the URL the service sent
	}
	if f.json {
		fmt.Fprintln(a.jsonOut(), string(withCost(resp.Raw, imageCost(a.prices(), req, resp))))
	}
	if err != nil {
		return err
	}
	return werr
}

func (a *app) editImages(cmd *cobra.Command, c *client.Client, req client.ImageRequest, f *imageFlags, parent string) (*client.ImageResponse, *recipe.Recipe, error) {
	edit := client.ImageEditRequest{ImageRequest: req, Multipart: f.multipart}
	for _, ref := range f.edit {
		in, err := imageInput(ref)
		if err != nil {
			return nil, nil, err
		}
		edit.Images = append(edit.Images, in)
	}
	if f.mask != "" {
		m, err := imageInput(f.mask)
		if err != nil {
			return nil, nil, err
		}
		edit.Mask = &m
	}
	if err := edit.Validate(); err != nil {
		return nil, nil, fmt.Errorf("edit image: %w", err)
	}
	if f.recipe != nil {
		a.checkInputs(f.recipe, edit)
	}
	rec, rc := a.startImage(cmd.Context(), req, &edit, parent, f.label)
	var resp *client.ImageResponse
	var err error
	if req.Stream {
		var acc client.ImageAccumulator
		err = a.streamImages(c.StreamImageEdits(cmd.Context(), edit), &acc)
		resp = acc.Response()
	} else {
		resp, err = c.EditImages(cmd.Context(), edit)
	}
	rec.finish(cmd.Context(), resp, err)
	return resp, rc, err
}

// streamImages folds a stream, telling stderr about each partial image.
func (a *app) streamImages(events func(func(client.ImageEvent, error) bool), acc *client.ImageAccumulator) error {
	for ev, err := range events {
		if err != nil {
			return err
		}
		if err := acc.Add(ev); err != nil {
			return err
		}
		if ev.Partial() {
			fmt.Fprintf(a.io.err, "partial image %d received\n", ev.PartialImageIndex+1)
		}
	}
	return nil
}

// writeImages writes each image of resp into dir under a new name, and
// returns the paths. URL-only results are printed as their URLs.
func writeImages(resp *client.ImageResponse, dir string, now time.Time, rc *recipe.Recipe) ([]string, error) {
	imgs, err := resp.Images()
	if err != nil {
		return nil, err
	}
	var paths []string
	for _, im := range imgs {
		if len(im.Bytes) == 0 {
			paths = append(paths, im.URL)
			continue
		}
		im.Bytes = withRecipe(im.Bytes, rc)
		p, err := record.CopyOut(dir, now, im)
		if err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}
