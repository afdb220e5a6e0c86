package main

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"atelier/store"
	"atelier/store/recipe"
)

// fromRecipe settles the endpoint of `video submit`: the argument, or with
// --from the recipe's (an argument still wins), whose body then lies under
// --body and --set.
func (f *videoFlags) fromRecipe(args []string) (string, error) {
	if f.from == "" {
		if len(args) == 0 {
			return "", usagef("submit: give the ENDPOINT (e.g. videoa/q1/text-to-video) or --from FILE ("+defaultsHint+")", "video")
		}
		return args[0], nil
	}
	rc, err := recipe.ReadFile(f.from)
	if err != nil {
		return "", usagef("--from %s: %v", f.from, err)
	}
	if rc.Kind != recipe.KindVideo {
		return "", usagef("--from %s: an %s recipe: use atelier image --from", f.from, rc.Kind)
	}
	d := json.NewDecoder(bytes.NewReader(rc.Request))
	d.UseNumber() // numbers go out as they were written
	if err := d.Decode(&f.base); err != nil {
		return "", usagef("--from %s: request: %v", f.from, err)
	}
	// An inline image is not in the recipe (only its hash, or the store's
	// marker): it must be given again, unless the flags replace the field.
	given := map[string]bool{}
	for _, spec := range append(slices.Clone(f.images), f.sets...) {
		name, _, _ := strings.Cut(spec, "=")
		given[name] = true
	}
	for k, v := range f.base {
		if store.InlineLeft(v) && given[k] {
			delete(f.base, k) // replaced, not added to
			continue
		}
		if store.InlineLeft(v) {
			return "", usagef("--from %s: %s held an inline image the recipe keeps only as a hash: give it again with --image-file %s=PATH", f.from, k, k)
		}
	}
	f.recipeLabel = rc.Label
	endpoint := rc.Endpoint
	if len(args) > 0 {
		endpoint = args[0]
	}
	return endpoint, nil
}
