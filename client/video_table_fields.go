package client

// Constructors for the fields that recur across the video endpoints; each
// endpoint's table reads as a list of these plus its own literal fields.

// videoPrompt is the prompt, with its length cap.
func videoPrompt(maxLen int, required bool) VideoField {
	return VideoField{Name: "prompt", Kind: VideoString, Required: required, MaxLen: maxLen}
}

// videoSeed is the seed of 2.10: omitted or 0 lets the system pick.
func videoSeed() VideoField {
	return VideoField{Name: "seed", Kind: VideoInteger, Doc: "0 or empty: random"}
}

// videoMovement is movement_amplitude of 2.10.
func videoMovement() VideoField {
	return videoEnum("movement_amplitude", "auto", "auto", "small", "medium", "large")
}

// videoEnum is a string field with a fixed set of values and a default.
func videoEnum(name, def string, values ...string) VideoField {
	return VideoField{Name: name, Kind: VideoString, Enum: values, Default: def}
}

// videoText is a free string field with a documented default.
func videoText(name, def, doc string) VideoField {
	return VideoField{Name: name, Kind: VideoString, Default: def, Doc: doc}
}

// videoBool is a boolean field; def is "true", "false" or "" when unknown.
func videoBool(name, def string) VideoField {
	return VideoField{Name: name, Kind: VideoBoolean, Default: def}
}

// videoImage is an image URL field; dataURI says whether the interface
// also accepts a base64 data URI there.
func videoImage(name string, required, dataURI bool) VideoField {
	return VideoField{Name: name, Kind: VideoString, Required: required, Image: true, DataURI: dataURI}
}

// videoImages is a list of image URLs.
func videoImages(name string, required bool, minItems, maxItems int, dataURI bool) VideoField {
	return VideoField{Name: name, Kind: VideoStringList, Required: required,
		MinItems: minItems, MaxItems: maxItems, Image: true, DataURI: dataURI}
}

// videoSeconds is an integer duration in seconds within [lo, hi].
func videoSeconds(lo, hi float64, def string) VideoField {
	return VideoField{Name: "duration", Kind: VideoInteger, Min: lo, Max: hi, HasRange: true, Default: def,
		Doc: videoSecondsDoc(lo, hi, def)}
}

func videoSecondsDoc(lo, hi float64, def string) string {
	d := ""
	if lo == hi {
		d = videoFormatNumber(lo) + " s only"
	} else {
		d = videoFormatNumber(lo) + "–" + videoFormatNumber(hi) + " s"
	}
	if def != "" {
		d += ", default " + def
	}
	return d
}

// videoPictures adds the interface's picture rules to an image field: an
// aspect ratio within 1:4 to 4:1, at most 50 MB, and minSide pixels on
// each side when it is not 0 (q1 reference: 128).
func videoPictures(f VideoField, minSide int) VideoField {
	f.MaxAspect, f.MaxImageBytes, f.MinSide = 4, videoImageMaxBytes, minSide
	return f
}

// videoAnyImages lets a data URI of any image type through.
func videoAnyImages(f VideoField) VideoField {
	f.AnyImage = true
	return f
}
