package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"atelier/client"
	"atelier/store"
	"atelier/store/recipe"
)

// imageFields are the request fields client.ImageRequest and the edit's
// inputs type; the rest of a recipe's request goes through Extra.
var imageFields = []string{"model", "prompt", "background", "n", "output_format", "output_compression",
	"quality", "size", "stream", "partial_images", "images", "mask"}

// build is the run's request: from the flags, or (--from) from a recipe
// with the flags the user gave laid over it. parent is the recipe's id when
// the run varies it.
func (f *imageFlags) build(cmd *cobra.Command, args []string, stdin io.Reader) (client.ImageRequest, string, error) {
	if f.from == "" {
		if f.vary {
			return client.ImageRequest{}, "", usagef("--vary: needs --from FILE")
		}
		if f.body == "-" && len(args) == 0 {
			return client.ImageRequest{}, "", usagef("--body - reads stdin, so the prompt must be an argument")
		}
		prompt, err := readPrompt(args, stdin)
		if err != nil {
			return client.ImageRequest{}, "", err
		}
		req, err := f.request(cmd, client.ImageRequest{Prompt: prompt}, stdin)
		return req, "", err
	}
	rc, err := recipe.ReadFile(f.from)
	if err != nil {
		return client.ImageRequest{}, "", usagef("--from %s: %v", f.from, err)
	}
	if rc.Kind != recipe.KindImage {
		return client.ImageRequest{}, "", usagef("--from %s: a %s recipe: use atelier video submit --from", f.from, rc.Kind)
	}
	if rc.Endpoint == store.ImageEdit && len(f.edit) == 0 {
		return client.ImageRequest{}, "", usagef("--from %s: the recipe is of an edit: give its input images again with --edit FILE (and --mask FILE)", f.from)
	}
	base, err := imageRequestOf(rc.Request)
	if err != nil {
		return client.ImageRequest{}, "", usagef("--from %s: %v", f.from, err)
	}
	if len(args) > 0 {
		base.Prompt, _ = readPrompt(args, stdin)
	}
	parent := ""
	if f.vary {
		delete(base.Extra, "seed") // a variation leaves the seed to the service
		parent = rc.ID
	}
	f.recipe = rc
	if rc.Multipart && !cmd.Flags().Changed("multipart") {
		f.multipart = true // sent as it was
	}
	req, err := f.request(cmd, base, stdin)
	return req, parent, err
}

// imageRequestOf is a recipe's request as the client types it, with every
// field it does not type kept in Extra, so it is sent as it was.
func imageRequestOf(raw json.RawMessage) (client.ImageRequest, error) {
	var r client.ImageRequest
	if err := json.Unmarshal(raw, &r); err != nil {
		return r, fmt.Errorf("request: %w", err)
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var rest map[string]any
	if err := d.Decode(&rest); err != nil {
		return r, fmt.Errorf("request: %w", err)
	}
	for _, k := range imageFields {
		delete(rest, k)
	}
	if len(rest) > 0 {
		r.Extra = client.Extra(rest)
	}
	return r, nil
}

// checkInputs warns when the images given with --edit are not the ones the
// recipe was made from (the request is still sent: the person may mean it).
func (a *app) checkInputs(rc *recipe.Recipe, edit client.ImageEditRequest) {
	ins := append([]client.ImageInput(nil), edit.Images...)
	if edit.Mask != nil {
		ins = append(ins, *edit.Mask)
	}
	for i, in := range ins {
		if i >= len(rc.Inputs) || len(in.Data) == 0 {
			break
		}
		if got := recipe.HashOf(in.Data); got != rc.Inputs[i].SHA256 {
			// %q: the field and hash come from a file, and may hold anything.
			fmt.Fprintf(a.io.err, "note: input %d is not the image the recipe was made from (%q: sha256 %.12q…, this one %.12s…)\n",
				i+1, rc.Inputs[i].Field, rc.Inputs[i].SHA256, got)
		}
	}
}
