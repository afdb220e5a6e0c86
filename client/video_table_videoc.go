package client

// The videoc3.1 endpoints: fast text, first-last-frame and image to video
// (INTERFACE.md 2.15).

func videocEndpoints() []VideoEndpoint {
	ep := func(path, task string, frames ...VideoField) VideoEndpoint {
		fields := []VideoField{{Name: "prompt", Kind: VideoString, Required: true}}
		fields = append(fields, frames...)
		fields = append(fields,
			// Values other than 8s and 720p are "not shown" (PROTOCOLS.md 6.4
			// lists 4s, 6s and 1080p, 4k upstream): any string passes.
			videoText("duration", "8s", "default 8s (4s, 6s, 8s)"),
			VideoField{Name: "auto_fix", Kind: VideoBoolean, Default: "false", Doc: "rewrite a refused prompt · default false"},
			videoBool("generate_audio", "true"),
			videoEnum("aspect_ratio", "auto", "16:9", "9:16", "auto"),
			videoText("resolution", "720p", "default 720p (1080p, 4k)"),
			// The interface gives no type; PROTOCOLS.md 6.4 says a string
			// "1"…"6". Both a number and a string of digits are accepted.
			VideoField{Name: "safety_tolerance", Kind: VideoString, NumberOrString: true, Min: 1, Max: 6,
				HasRange: true, Default: "4", Doc: "1 (strictest) – 6 · default 4"},
			VideoField{Name: "seed", Kind: VideoInteger, Nullable: true},
			VideoField{Name: "negative_prompt", Kind: VideoString, Nullable: true},
		)
		return VideoEndpoint{Path: path, Family: "videoc3.1", Model: "fast", Task: task, Section: "2.15",
			Reply: VideoFormC, Webhook: true, Fields: fields}
	}
	return []VideoEndpoint{
		ep("videoc3.1/fast", "text-to-video"),
		ep("videoc3.1/fast/first-last-frame-to-video", "first-last-frame-to-video",
			videoImage("first_frame_url", true, false), videoImage("last_frame_url", true, false)),
		ep("videoc3.1/fast/image-to-video", "image-to-video",
			VideoField{Name: "image_url", Kind: VideoString, Required: true, Image: true,
				Doc: "required · image URL · 720p or more, 16:9 or 9:16"}),
	}
}
