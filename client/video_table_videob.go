package client

import (
	"fmt"
	"math"
	"strconv"
)

// The videob endpoints: o3 with a {mode} in the path (INTERFACE.md 2.14).

var (
	videobModes    = []string{"standard", "pro", "4k"}
	videobV2VModes = []string{"standard", "std", "pro"} // 4k unsupported for video-to-video
	// videobAspects: the interface shows 16:9 (and auto for v2v/reference);
	// the others are "not shown" and come from PROTOCOLS.md 6.3.
	videobAspects = []string{"16:9", "9:16", "1:1"}
)

// videobMaxSeconds is the longest video o3 allows: "integer seconds 3 to
// 15", the total the shots of a multi_prompt must fit.
const videobMaxSeconds = 15

func videobEndpoints() []VideoEndpoint {
	ep := func(task string, modes []string, fields []VideoField, rules ...videoRule) VideoEndpoint {
		return VideoEndpoint{Path: "videob/o3/{mode}/" + task, Family: "videob", Model: "o3", Task: task,
			Section: "2.14", Reply: VideoFormB, Modes: modes, Webhook: true, Fields: fields, rules: rules}
	}
	// The Limits table caps "the text prompt" of o3 at 2500 characters; it
	// is applied to the prompt of every o3 endpoint.
	prompt := videoPrompt(2500, false)
	prompt.Doc = "≤ 2500 chars · or multi_prompt"
	promptReq := videoPrompt(2500, true)
	// duration: "integer seconds 3 to 15" (shared rules), sent as the
	// interface types it.
	duration := videoSeconds(3, videobMaxSeconds, "5")
	audio := videoBool("generate_audio", "false")
	shot := videoEnum("shot_type", "customize", "customize", "intelligent")
	shot.Doc = "customize | intelligent · default customize · required with multi_prompt"
	// In video-to-video the shot_type values are "not shown".
	shotV2V := videoText("shot_type", "customize", "default customize")
	keepAudio := videoBool("keep_audio", "true")
	video := VideoField{Name: "video_url", Kind: VideoString, Required: true, Video: true, Doc: "required · public video URL"}
	images := videoImages("image_urls", false, 0, 0, false)
	images.Doc = "image URLs, cited in order as @Image1, @Image2…"
	return []VideoEndpoint{
		ep("text-to-video", videobModes, []VideoField{
			prompt, duration, videoEnum("aspect_ratio", "16:9", videobAspects...), audio, videobMultiPrompt(), shot,
		}, videobShotRules()...),
		ep("image-to-video", videobModes, []VideoField{
			prompt, videoImage("image_url", true, false), videoImage("end_image_url", false, false),
			duration, audio, videobMultiPrompt(), shot, videobElements(),
		}, append(videobShotRules(), videobElementRule)...),
		ep("reference-to-video", videobModes, []VideoField{
			prompt, videobMultiPrompt(),
			videoImage("start_image_url", false, false), videoImage("end_image_url", false, false),
			images, videobElements(), audio, duration, shot, videoEnum("aspect_ratio", "16:9", videobAspects...),
		}, append(videobShotRules(), videobElementRule)...),
		ep("video-to-video/reference", videobV2VModes, []VideoField{
			promptReq, video, images, videobElements(), keepAudio, shotV2V,
			videoEnum("aspect_ratio", "auto", append([]string{"auto"}, videobAspects...)...),
			// Here the interface types duration as "string, seconds, valid
			// range 3 to 15": a string is sent.
			{Name: "duration", Kind: VideoString, Min: 3, Max: videobMaxSeconds, HasRange: true,
				Doc: "3–15 s, as a string (\"5\")"},
		}, videobElementRule),
		ep("video-to-video/edit", videobV2VModes, []VideoField{
			promptReq, video, images, videobElements(), keepAudio, shotV2V,
		}, videobElementRule, videoRule{
			doc:   "aspect_ratio and duration are not sent: the output follows the input video",
			check: videobNoSize,
		}),
	}
}

// videobMultiPrompt is the list of shots, with the item fields the
// interface lists: index "integer (starts at 1)", prompt, duration "string
// (seconds)". The wire protocol has no index (PROTOCOLS.md 6.3), so it is
// not required. A shot's duration has no bound of its own: only the sum of
// the shots has one (videobShotSum).
func videobMultiPrompt() VideoField {
	return VideoField{Name: "multi_prompt", Kind: VideoObjectList, MinItems: 1, Doc: "shots · or prompt", Items: []VideoField{
		{Name: "index", Kind: VideoInteger, Min: 1, Max: math.Inf(1), HasRange: true, Doc: "from 1"},
		{Name: "prompt", Kind: VideoString, Required: true, MaxLen: 2500},
		{Name: "duration", Kind: VideoString, Min: 0, Max: math.Inf(1), HasRange: true,
			Doc: "seconds, as a string (\"5\")"},
	}}
}

// videobElements is elements: one object or a list, each item in exactly one
// of two forms (checked by videobElementRule), with no other properties.
func videobElements() VideoField {
	return VideoField{Name: "elements", Kind: VideoObjectList, SingleObject: true, Closed: true,
		Doc: "element_id, or frontal_image_url + reference_image_urls · cited as @Element1…",
		Items: []VideoField{
			{Name: "element_id", Kind: VideoString, Doc: "an existing element"},
			videoImage("frontal_image_url", false, false),
			videoImages("reference_image_urls", false, 0, 0, false),
		}}
}

func videobShotRules() []videoRule {
	return []videoRule{
		{doc: "prompt and multi_prompt are mutually exclusive; one of them is required", check: videobPromptXor},
		{doc: "shot_type is required with multi_prompt", check: videobShotType},
		{doc: "shot durations sum to at most 15 s, the longest o3 video", check: videobShotSum},
	}
}

var videobElementRule = videoRule{
	doc:   "each element is either {element_id} or {frontal_image_url, reference_image_urls}",
	check: videobElementForms,
}

func videoHas(body map[string]any, key string) bool {
	v, ok := body[key]
	return ok && v != nil
}

func videobPromptXor(c *checks, body map[string]any) {
	p, m := videoHas(body, "prompt"), videoHas(body, "multi_prompt")
	switch {
	case p && m:
		c.add("multi_prompt", "set either prompt or multi_prompt, not both", nil)
	case !p && !m:
		c.add("prompt", "is required (or multi_prompt)", nil)
	}
}

func videobShotType(c *checks, body map[string]any) {
	if videoHas(body, "multi_prompt") && !videoHas(body, "shot_type") {
		c.add("shot_type", "is required with multi_prompt", nil)
	}
}

// videobShotSum checks that the shots fit the total duration the model
// allows: "The sum of shot durations must not exceed the total duration
// the model allows" (2.14), 15 s for o3 ("duration 3 to 15 seconds",
// Limits). Shots whose duration is missing or malformed are left to the
// field rules.
func videobShotSum(c *checks, body map[string]any) {
	shots, ok := body["multi_prompt"].([]any)
	if !ok {
		return
	}
	total := float64(videobMaxSeconds)
	sum := 0.0
	for _, s := range shots {
		m, _ := s.(map[string]any)
		d, ok := videoWholeNumber(m["duration"])
		if !ok {
			return
		}
		sum += d
	}
	if sum > total {
		c.add("multi_prompt", fmt.Sprintf("shot durations must sum to at most %s s, the longest o3 video",
			videoFormatNumber(total)), videoFormatNumber(sum)+" s")
	}
}

// videoWholeNumber reads a whole number given as a JSON number or a string
// of digits.
func videoWholeNumber(v any) (float64, bool) {
	switch x := v.(type) {
	case string:
		if !videoDigits(x) {
			return 0, false
		}
		n, err := strconv.ParseFloat(x, 64)
		return n, err == nil
	default:
		n, ok := videoNumberOf(v)
		return n, ok && n == math.Trunc(n)
	}
}

// videobElementForms checks each element's form; the field rules have
// already refused properties other than the three named.
func videobElementForms(c *checks, body map[string]any) {
	v, ok := body["elements"]
	if !ok || v == nil {
		return
	}
	check := func(path string, item any) {
		m, ok := item.(map[string]any)
		if !ok {
			return
		}
		_, id := m["element_id"]
		_, front := m["frontal_image_url"]
		_, refs := m["reference_image_urls"]
		switch {
		case id && (front || refs), !id && !front && !refs:
			c.add(path, "must be exactly one of {element_id} or {frontal_image_url, reference_image_urls}", nil)
		case front && !refs:
			c.add(path+".reference_image_urls", "is required with frontal_image_url", nil)
		case refs && !front:
			c.add(path+".frontal_image_url", "is required with reference_image_urls", nil)
		}
	}
	switch x := v.(type) {
	case map[string]any:
		check("elements", x)
	case []any:
		for i, item := range x {
			check(fmt.Sprintf("elements[%d]", i), item)
		}
	}
}

// videobNoSize refuses aspect_ratio and duration on video-to-video/edit,
// whose output follows the input video.
func videobNoSize(c *checks, body map[string]any) {
	for _, k := range []string{"aspect_ratio", "duration"} {
		if _, ok := body[k]; ok {
			c.add(k, "is not accepted by video-to-video/edit: the output follows the input video", body[k])
		}
	}
}
