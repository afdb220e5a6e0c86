// Package recipe keeps how an artifact was made inside the artifact: the
// request that made it (its body as sent, minus secrets, with inline input
// images replaced by their SHA-256), the service's request id, the time,
// atelier's version and the recipe it was varied from.
//
// Images carry it in their own metadata, written without touching the
// pixels: a PNG iTXt chunk, a JPEG COM segment and XMP packet, a WebP XMP
// chunk. Videos carry it in a sidecar NAME.recipe.json: no MP4 library is
// among atelier's dependencies, and a udta box put into a fast-start
// file's moov shifts every chunk offset (stco/co64), which only a full
// rewrite gets right, so the sidecar is the whole of it for videos.
//
// The package does no network or store I/O beyond the files it is given;
// the store calls it when it saves media.
package recipe
