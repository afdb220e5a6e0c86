package strip

import (
	"encoding/json"
	"slices"
	"testing"

	"atelier/store"
)

func job(id int64, model, body string, files ...int64) store.ImageJob {
	j := store.ImageJob{ID: id, Endpoint: store.ImageGenerate, Model: model, Prompt: "a lighthouse",
		RequestJSON: json.RawMessage(body)}
	for _, f := range files {
		j.Files = append(j.Files, store.ImageFile{ID: f, JobID: id})
	}
	return j
}

func edit(id int64, prompt string, inputs ...store.ImageInput) store.ImageJob {
	return store.ImageJob{ID: id, Endpoint: store.ImageEdit, Model: "gamma/image-2", Prompt: prompt,
		RequestJSON: json.RawMessage(`{"model":"gamma/image-2","prompt":"` + prompt + `"}`), Inputs: inputs}
}

func TestLabels(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		jobs []store.ImageJob
		want []string
	}{
		{"alone", []store.ImageJob{job(1, "gamma/image-2", `{}`)}, []string{"only one"}},
		{"none", nil, []string{}},
		{"seeds", []store.ImageJob{
			job(1, "gamma/image-2", `{"seed":7,"size":"1024x1024"}`),
			job(2, "gamma/image-2", `{"seed":8,"size":"1024x1024"}`),
			job(3, "gamma/image-2", `{"seed":8,"size":"1024x1024"}`),
			job(4, "gamma/image-2", `{"size":"1024x1024"}`),
		}, []string{"seed 7", "seed 8", "re-run", "no seed"}},
		{"the field that matters most, and how many more", []store.ImageJob{
			job(1, "gamma/image-2", `{"size":"1024x1024","quality":"low"}`),
			job(2, "gamma/image-2.5-flare", `{"size":"1536x1024","quality":"high"}`),
			job(3, "gamma/image-2.5-flare", `{"size":"1536x1024","quality":"high","background":"transparent"}`),
		}, []string{"image-2 +2", "image-2.5-flare +2", "background transparent"}},
		{"what does not change the picture is not compared", []store.ImageJob{
			job(1, "gamma/image-2", `{"stream":true,"partial_images":2}`),
			job(2, "gamma/image-2", `{"stream":false}`),
		}, []string{"original", "re-run"}},
		{"edits", []store.ImageJob{
			job(1, "gamma/image-2", `{}`, 10),
			edit(2, "add fog", store.ImageInput{FileID: 10}),
			edit(3, "add fog", store.ImageInput{Path: "in/photo.png"}),
			edit(4, "make it night", store.ImageInput{Path: "in/mask.png", Role: "mask"}, store.ImageInput{FileID: 10}),
		}, []string{"original", "edit of #1", "edit of a file", "edit of #1"}},
		{"generations are compared across the edits between them", []store.ImageJob{
			job(1, "gamma/image-2", `{"seed":1}`, 10),
			edit(2, "add fog", store.ImageInput{FileID: 10}),
			job(3, "gamma/image-2", `{"seed":2}`),
		}, []string{"seed 1", "edit of #1", "seed 2"}},
		{"a prompt of its own", []store.ImageJob{
			job(1, "gamma/image-2", `{}`),
			{ID: 2, Endpoint: store.ImageGenerate, Model: "gamma/image-2", Prompt: "add fog\nand rain"},
		}, []string{"prompt “a lighthouse”", "prompt “add fog\nand rain”"}},
		{"numbers as written", []store.ImageJob{
			job(1, "gamma/image-2", `{"n":1,"output_compression":80}`),
			job(2, "gamma/image-2", `{"n":1,"output_compression":80.5}`),
		}, []string{"output_compression 80", "output_compression 80.5"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Labels(c.jobs); !slices.Equal(got, c.want) {
				t.Fatalf("labels %q, want %q", got, c.want)
			}
		})
	}
}
