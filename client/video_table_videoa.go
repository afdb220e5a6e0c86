package client

// The videoa endpoints: q1 (INTERFACE.md 2.12) and q3 turbo (2.13).

// videoaAspectsQ1 are the q1 aspect ratios. The interface lists 3:4 and 4:3
// too but says they are "only for the q2 model"; these paths are q1.
var videoaAspectsQ1 = []string{"16:9", "9:16", "1:1"}

// videoaAspectsQ3Ref are the aspect ratios q3 reference-to-video lists
// (2.13). q3 text-to-video takes "the same fields as q1 text-to-video",
// whose 3:4 and 4:3 are "only for the q2 model": it has the q1 list.
var videoaAspectsQ3Ref = []string{"16:9", "9:16", "1:1", "4:3", "3:4"}

// videoaResolutions are the q3 resolutions other than reference's.
var videoaResolutions = []string{"540p", "720p", "1080p"}

func videoaEndpoints() []VideoEndpoint {
	q1 := func(task string, webhook bool, fields []VideoField, rules ...videoRule) VideoEndpoint {
		return VideoEndpoint{Path: "videoa/q1/" + task, Family: "videoa", Model: "q1", Task: task, Section: "2.12",
			Reply: VideoFormA, Webhook: webhook, Fields: fields, rules: rules}
	}
	q3 := func(task string, reply VideoReplyForm, fields []VideoField) VideoEndpoint {
		return VideoEndpoint{Path: "videoa/q3/" + task + "/turbo", Family: "videoa", Model: "q3", Task: task,
			Variant: "turbo", Section: "2.13", Reply: reply, Webhook: true, Fields: fields}
	}
	q1Duration := VideoField{Name: "duration", Kind: VideoInteger, Enum: []string{"5"}, Default: "5", Doc: "5 s only"}
	q1Resolution := videoEnum("resolution", "1080p", "1080p")
	q3Duration := videoSeconds(1, 16, "5")
	q3Resolution := videoEnum("resolution", "720p", videoaResolutions...)
	return []VideoEndpoint{
		q1("text-to-video", true, []VideoField{
			videoPrompt(2000, true),
			videoEnum("style", "general", "general", "anime"),
			videoSeed(),
			q1Duration,
			q1Resolution,
			videoEnum("aspect_ratio", "16:9", videoaAspectsQ1...),
			videoMovement(),
			videoBool("bgm", "false"),
		}),
		q1("reference-to-video", true, []VideoField{
			{Name: "prompt", Kind: VideoString, Required: true, MaxLen: 2000, Doc: "required · ≤ 2000 chars · cite subjects as @<id>"},
			{Name: "subjects", Kind: VideoObjectList, Required: true, MinItems: 1, MaxItems: 7, Items: []VideoField{
				{Name: "id", Kind: VideoString, Required: true, Doc: "required · cited as @<id>"},
				// "Minimum 128*128 pixels, aspect ratio within 1:4 to 4:1, size at most 50M."
				videoPictures(videoImages("images", true, 0, 3, true), 128),
				{Name: "voice_id", Kind: VideoString, Required: true, EmptyOK: true, Doc: "required · empty: the system picks"},
			}},
			videoSeed(),
			{Name: "audio", Kind: VideoBoolean, Doc: "true: audio and video, subjects speak their lines"},
			q1Duration,
			q1Resolution,
			videoMovement(),
			videoEnum("aspect_ratio", "16:9", videoaAspectsQ1...),
			videoBool("bgm", "false"),
		}, videoRule{doc: "1 to 7 subject images in total", check: videoaTotalImages}),
		// image-to-video and start-end-to-video do not list queue_webhook (2.10).
		q1("image-to-video", false, []VideoField{
			videoPrompt(1500, true),
			videoImage("image_url", true, false),
			videoSeed(),
			videoMovement(),
		}),
		q1("start-end-to-video", false, []VideoField{
			videoPrompt(1500, true),
			videoImage("start_image_url", true, false),
			videoImage("end_image_url", true, false),
			videoSeed(),
			videoMovement(),
		}),
		q3("reference-to-video", VideoFormA2, []VideoField{
			videoPrompt(2000, true),
			videoAnyImages(videoImages("reference_image_urls", true, 1, 7, true)), // "HTTP(S) URL or data:image/* base64"
			videoSeconds(3, 16, "5"),
			// Other resolutions are "not shown": any string is let through.
			videoText("resolution", "720p", "default 720p"),
			videoEnum("aspect_ratio", "16:9", videoaAspectsQ3Ref...),
			videoSeed(),
			videoMovement(),
			{Name: "bgm", Kind: VideoBoolean, Nullable: true, Doc: "omitted or null: unspecified"},
			{Name: "audio", Kind: VideoBoolean, Nullable: true, Doc: "omitted or null: unspecified"},
		}),
		q3("image-to-video", VideoFormA, []VideoField{
			videoPrompt(2000, false),
			// "aspect ratio within 1:4 to 4:1; size at most 50 MB"
			videoPictures(videoImage("image_url", true, true), 0),
			// The interface states both defaults; PROTOCOLS.md 6.2 settles it
			// as true for q3.
			videoBool("audio", "true"),
			{Name: "is_rec", Kind: VideoBoolean, Doc: "true: the system writes the prompt"},
			videoSeed(),
			q3Duration,
			q3Resolution,
			videoMovement(),
		}),
		q3("text-to-video", VideoFormA, []VideoField{
			videoPrompt(2000, true),
			videoEnum("style", "general", "general", "anime"),
			videoSeed(),
			q3Duration,
			q3Resolution,
			videoEnum("aspect_ratio", "16:9", videoaAspectsQ1...),
			videoMovement(),
			videoBool("bgm", "false"),
		}),
		q3("start-end-to-video", VideoFormA, []VideoField{
			videoPrompt(2000, false),
			// "same image rules as image_url above"
			videoPictures(videoImage("start_image_url", true, true), 0),
			videoPictures(videoImage("end_image_url", true, true), 0),
			{Name: "is_rec", Kind: VideoBoolean, Doc: "true: the system writes the prompt"},
			videoSeed(),
			q3Duration,
			q3Resolution,
			videoMovement(),
		}),
	}
}

// videoaTotalImages enforces 1 to 7 images across all subjects (2.12).
func videoaTotalImages(c *checks, body map[string]any) {
	subjects, ok := body["subjects"].([]any)
	if !ok {
		return // missing or mistyped: the field rules say so
	}
	total := 0
	for _, s := range subjects {
		if m, ok := s.(map[string]any); ok {
			if imgs, ok := m["images"].([]any); ok {
				total += len(imgs)
			}
		}
	}
	if total < 1 || total > 7 {
		c.add("subjects", "must hold 1 to 7 images in total", total)
	}
}
