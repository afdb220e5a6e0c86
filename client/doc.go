// Package client speaks every endpoint of the generation service: message chat
// (alpha), content generation (beta), responses and images (gamma) and the video
// queue (qv). It sends each family's credential exactly as the interface asks,
// decodes every family's error body into *APIError, retries what is safe to
// retry, validates documented limits before anything is sent, and keeps the raw
// JSON of every reply beside its typed view.
//
// It imports only the standard library, budget (its limits) and its own
// wire helpers (client/sse): never the store, the UI, or any terminal
// library.
package client
