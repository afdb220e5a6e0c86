package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"atelier/budget"
	"atelier/client"
)

// imageFlags are the flags of `atelier image`.
type imageFlags struct {
	model, size, quality, format, background string
	n, compression, partials                 int
	stream, multipart, json                  bool
	edit                                     []string
	mask, outDir, body                       string
	sets                                     []string
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
	fl.StringVarP(&f.model, "model", "m", "", "image model: "+strings.Join(client.ImageModels(), ", ")+", or another name")
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
	return cmd
}

func (f *imageFlags) request(cmd *cobra.Command, prompt string, stdin io.Reader) (client.ImageRequest, error) {
	if f.model == "" {
		return client.ImageRequest{}, usagef("--model: is required")
	}
	if cmd.Flags().Changed("n") && f.n < 1 {
		// 0 would mean "not set" and leave the number to the service.
		return client.ImageRequest{}, usagef("-n: must be at least 1 (got %d)", f.n)
	}
	r := client.ImageRequest{Model: f.model, Prompt: prompt, Size: f.size, Quality: f.quality,
		OutputFormat: f.format, Background: f.background, N: f.n, Stream: f.stream}
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
	r.Extra = extra
	return r, nil
}

// imageInput reads a file, or takes an http(s) URL or data URI as it is.
func imageInput(ref string) (client.ImageInput, error) {
	if strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") || strings.HasPrefix(ref, "data:") {
		return client.ImageFromURL(ref), nil
	}
	b, err := budget.ReadFile(ref, budget.Image, "image file")
	if err != nil {
		return client.ImageInput{}, usagef("--edit %s: %v", ref, err)
	}
	return client.ImageFromFile(filepath.Base(ref), b), nil
}

func (a *app) runImage(cmd *cobra.Command, args []string, f *imageFlags) error {
	if f.body == "-" && len(args) == 0 {
		return usagef("--body - reads stdin, so the prompt must be an argument")
	}
	prompt, err := readPrompt(args, a.io.in)
	if err != nil {
		return err
	}
	req, err := f.request(cmd, prompt, a.io.in)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(f.outDir, 0o755); err != nil {
		return usagef("-o: %v", err)
	}
	c, err := a.newClient(cmd.Context())
	if err != nil {
		return err
	}
	var resp *client.ImageResponse
	if len(f.edit) > 0 || f.mask != "" {
		resp, err = a.editImages(cmd, c, req, f)
	} else {
		if err := req.Validate(); err != nil {
			return fmt.Errorf("image: %w", err)
		}
		rec := a.beginImage(cmd.Context(), req, nil)
		if f.stream {
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
	paths, werr := writeImages(resp, f.outDir, time.Now())
	for _, p := range paths {
		fmt.Fprintln(a.io.out, p)
	}
	if f.json {
		fmt.Fprintln(a.jsonOut(), string(resp.Raw))
	}
	if err != nil {
		return err
	}
	return werr
}

func (a *app) editImages(cmd *cobra.Command, c *client.Client, req client.ImageRequest, f *imageFlags) (*client.ImageResponse, error) {
	edit := client.ImageEditRequest{ImageRequest: req, Multipart: f.multipart}
	for _, ref := range f.edit {
		in, err := imageInput(ref)
		if err != nil {
			return nil, err
		}
		edit.Images = append(edit.Images, in)
	}
	if f.mask != "" {
		m, err := imageInput(f.mask)
		if err != nil {
			return nil, err
		}
		edit.Mask = &m
	}
	if err := edit.Validate(); err != nil {
		return nil, fmt.Errorf("edit image: %w", err)
	}
	rec := a.beginImage(cmd.Context(), req, &edit)
	var resp *client.ImageResponse
	var err error
	if f.stream {
		var acc client.ImageAccumulator
		err = a.streamImages(c.StreamImageEdits(cmd.Context(), edit), &acc)
		resp = acc.Response()
	} else {
		resp, err = c.EditImages(cmd.Context(), edit)
	}
	rec.finish(cmd.Context(), resp, err)
	return resp, err
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
func writeImages(resp *client.ImageResponse, dir string, now time.Time) ([]string, error) {
	imgs, err := resp.Images()
	if err != nil {
		return nil, err
	}
	var paths []string
	stamp := now.Format("20060102-150405")
	for i, im := range imgs {
		if len(im.Bytes) == 0 {
			paths = append(paths, im.URL)
			continue
		}
		p, err := createUnique(dir, fmt.Sprintf("image-%s-%d", stamp, i+1), im.Ext, im.Bytes)
		if err != nil {
			return paths, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// createUnique writes data to dir/name+ext, or name-2+ext and so on, never
// overwriting a file.
func createUnique(dir, name, ext string, data []byte) (string, error) {
	for i := 1; ; i++ {
		p := filepath.Join(dir, name+ext)
		if i > 1 {
			p = filepath.Join(dir, fmt.Sprintf("%s-%d%s", name, i, ext))
		}
		f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if os.IsExist(err) {
			continue
		}
		if err != nil {
			return "", err
		}
		if _, err := f.Write(data); err != nil {
			f.Close()
			return "", err
		}
		return p, f.Close()
	}
}
