package client

import "strings"

// Image to video: which endpoints animate one image, which
// field takes it, and whether a local file can go there. INTERFACE.md 2.10:
// "Images may be given as an accessible URL or, where stated, as a base64
// data URI"; it is stated for q3 image-to-video/turbo's image_url (2.13)
// and not for q1 (2.12), videob (2.14) or videoc3.1 (2.15), whose image_url
// takes a URL. The table's DataURI says which; this file only reads it.

// ImageToVideo reports whether e animates one image: its task is
// image-to-video.
func (e VideoEndpoint) ImageToVideo() bool { return e.Task == "image-to-video" }

// FirstImage is e's first image field: the image an image-to-video
// endpoint animates (image_url).
func (e VideoEndpoint) FirstImage() (VideoField, bool) {
	for _, f := range e.Fields {
		if f.Image && f.Kind == VideoString {
			return f, true
		}
	}
	return VideoField{}, false
}

// TakesLocalImage reports whether e's first image field accepts a local
// file, sent as a data URI.
func (e VideoEndpoint) TakesLocalImage() bool {
	f, ok := e.FirstImage()
	return ok && f.DataURI
}

// ImageToVideoEndpoints are the image-to-video endpoints, in the table's
// order.
func ImageToVideoEndpoints() []VideoEndpoint {
	var out []VideoEndpoint
	for _, e := range VideoEndpoints() {
		if e.ImageToVideo() {
			out = append(out, e)
		}
	}
	return out
}

// ImageToVideoPaths are their paths, those that take a local image first.
func ImageToVideoPaths() []string {
	var local, url []string
	for _, e := range ImageToVideoEndpoints() {
		if e.TakesLocalImage() {
			local = append(local, e.Path)
		} else {
			url = append(url, e.Path)
		}
	}
	return append(local, url...)
}

// LocalImagePaths are the paths of the image-to-video endpoints that take
// a local image.
func LocalImagePaths() []string {
	var out []string
	for _, e := range ImageToVideoEndpoints() {
		if e.TakesLocalImage() {
			out = append(out, e.Path)
		}
	}
	return out
}

// NoLocalImage says, in one sentence, why a local image cannot go in field
// of endpoint, and what can: said before anything is sent.
func NoLocalImage(endpoint, field string) string {
	return endpoint + ": " + field + " takes an http(s) URL, not a local file (INTERFACE 2.10: a data URI only where stated); " +
		"give the image's public URL, or use " + strings.Join(LocalImagePaths(), " or ")
}
