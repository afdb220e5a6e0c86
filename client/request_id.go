package client

import (
	"net/http"
	"strings"
)

// maxRequestID caps a request id kept from a reply: an id is a few dozen
// characters, and a hostile server's header must not grow a recipe.
const maxRequestID = 128

// requestIDOf is the request id a reply's headers carry (each family names
// the header its own way), "" when none. Only printable ASCII is kept, at
// most maxRequestID bytes: the id is shown and written into files.
func requestIDOf(h http.Header) string {
	for _, name := range []string{"Request-Id", "X-Request-Id", "X-Fal-Request-Id"} {
		if v := h.Get(name); v != "" {
			return cleanRequestID(v)
		}
	}
	return ""
}

func cleanRequestID(v string) string {
	v = strings.Map(func(r rune) rune {
		if r < 0x21 || r > 0x7e {
			return -1
		}
		return r
	}, v)
	if len(v) > maxRequestID {
		v = v[:maxRequestID]
	}
	return v
}
