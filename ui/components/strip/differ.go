package strip

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"atelier/store"
)

// Labels says under each job of a lineage (oldest first, as
// store.ImageVariants gives it) the one thing that tells it from its
// neighbour. An edit is "edit of #N" (of an outside file "edit of a
// file"). A generation is compared with the generation before it (the
// first with the one after it): the request field that differs, with this
// job's value ("seed 7", "size 1024x1536", "image-2" for a model), the one
// a person varies most often first when several do, "+N" saying how many
// more; nothing differing is a "re-run" (the first, and a generation with
// no other, "original"); a lone job is "only one".
func Labels(jobs []store.ImageJob) []string {
	out := make([]string, len(jobs))
	if len(jobs) == 1 {
		out[0] = "only one"
		return out
	}
	owner := fileOwners(jobs)
	reqs := make([]map[string]any, len(jobs))
	for i, j := range jobs {
		reqs[i] = fields(j)
	}
	edits := make([]string, len(jobs))
	for i, j := range jobs {
		edits[i] = editOf(j, owner)
	}
	for i := range jobs {
		if edits[i] != "" {
			out[i] = edits[i]
			continue
		}
		other, first := neighbour(edits, i)
		if other < 0 {
			out[i] = "original"
			continue
		}
		out[i] = differs(reqs[i], reqs[other], first)
	}
	return out
}

// neighbour is the job a generation is compared with: the nearest
// generation before it, else (first is true) the nearest after it; -1
// when it is the strip's only one. An edit is told by what it edited.
func neighbour(edits []string, i int) (other int, first bool) {
	for k := i - 1; k >= 0; k-- {
		if edits[k] == "" {
			return k, false
		}
	}
	for k := i + 1; k < len(edits); k++ {
		if edits[k] == "" {
			return k, true
		}
	}
	return -1, true
}

// fileOwners maps each file of the strip to its job.
func fileOwners(jobs []store.ImageJob) map[int64]int64 {
	owner := map[int64]int64{}
	for _, j := range jobs {
		for _, f := range j.Files {
			owner[f.ID] = j.ID
		}
	}
	return owner
}

// editOf is how an edit names what it edited, "" for a generation.
func editOf(j store.ImageJob, owner map[int64]int64) string {
	if j.Endpoint != store.ImageEdit {
		return ""
	}
	for _, in := range j.Inputs {
		if in.Role == "mask" {
			continue
		}
		if id, ok := owner[in.FileID]; ok && in.FileID != 0 {
			return fmt.Sprintf("edit of #%d", id)
		}
	}
	return "edit of a file"
}

// notCompared are request fields that do not change the picture made, or
// that an edit's label already names.
var notCompared = []string{"stream", "partial_images", "image", "images", "mask", "user"}

// fields is the request of a job as compared: its top-level fields,
// numbers kept as written, the job's model and endpoint included.
func fields(j store.ImageJob) map[string]any {
	m := map[string]any{}
	d := json.NewDecoder(bytes.NewReader(j.RequestJSON))
	d.UseNumber()
	_ = d.Decode(&m) // a job without a kept request compares by its model and prompt
	for _, k := range notCompared {
		delete(m, k)
	}
	if j.Model != "" {
		m["model"] = j.Model
	}
	if j.Prompt != "" {
		m["prompt"] = j.Prompt
	}
	return m
}

// rank orders the fields that differ: those a person varies on purpose
// first, the prompt (long, and shared by most of a strip) last.
var rank = []string{"seed", "model", "size", "quality", "background", "output_format", "output_compression", "n"}

func order(k string) int {
	if k == "prompt" {
		return len(rank) + 1
	}
	if i := slices.Index(rank, k); i >= 0 {
		return i
	}
	return len(rank)
}

// differs names the field in which a differs from b, with a's value.
func differs(a, b map[string]any, first bool) string {
	var keys []string
	for k, v := range a {
		if w, ok := b[k]; !ok || !reflect.DeepEqual(v, w) {
			keys = append(keys, k)
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	if len(keys) == 0 {
		if first {
			return "original"
		}
		return "re-run"
	}
	sortKeys(keys)
	label := field(keys[0], a)
	if len(keys) > 1 {
		label += fmt.Sprintf(" +%d", len(keys)-1)
	}
	return label
}

// field is one field of a request as a label: its name and value, "no
// NAME" when the request leaves it out.
func field(k string, req map[string]any) string {
	v, ok := req[k]
	switch {
	case !ok || v == nil:
		return "no " + k
	case k == "model":
		return shortModel(value(v))
	case k == "prompt":
		return "prompt “" + value(v) + "”"
	}
	return k + " " + value(v)
}

// value is a request field's value as written.
func value(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case json.Number, bool:
		return fmt.Sprint(v)
	}
	b, _ := json.Marshal(v)
	return string(b)
}

// shortModel is a model without its family ("gamma/image-2" is
// "image-2"): under a thumbnail every cell counts.
func shortModel(m string) string {
	if _, name, ok := strings.Cut(m, "/"); ok && name != "" {
		return name
	}
	return m
}

// sortKeys orders field names by rank, then by name.
func sortKeys(keys []string) {
	slices.SortFunc(keys, func(x, y string) int {
		if c := order(x) - order(y); c != 0 {
			return c
		}
		return strings.Compare(x, y)
	})
}

// sortedKeys are a request's field names in rank order.
func sortedKeys(req map[string]any) []string {
	keys := slices.Collect(maps.Keys(req))
	sortKeys(keys)
	return keys
}
