package sim

import (
	"crypto/subtle"
	"net/http"
	"strings"
)

// group is an endpoint group of the interface: each has its own credential
// header and its own error shape.
type group string

const (
	groupAlpha group = "alpha"
	groupBeta  group = "beta"
	groupGamma group = "gamma"
	groupQueue group = "queue"
)

// authorized reports whether h carries group g's credential in one of the
// headers the interface's Authentication table allows for g.
func (s *Server) authorized(g group, h http.Header) bool {
	var offered []string
	auth := h.Get("Authorization")
	switch g {
	case groupAlpha:
		offered = append(offered, h.Get("X-Api-Key"), schemeValue(auth, "Bearer"))
	case groupBeta:
		offered = append(offered, h.Get("X-Beta-Api-Key"), schemeValue(auth, "Bearer"))
	case groupGamma:
		offered = append(offered, schemeValue(auth, "Bearer"))
	case groupQueue:
		offered = append(offered, schemeValue(auth, "Key"))
	}
	want := s.opts.Keys[string(g)]
	for _, k := range offered {
		if k == "" {
			continue
		}
		if want == "" || subtle.ConstantTimeCompare([]byte(k), []byte(want)) == 1 {
			return true
		}
	}
	return false
}

// schemeValue returns the credential of an Authorization header that uses
// scheme (compared without case, as HTTP auth schemes are), or "".
func schemeValue(auth, scheme string) string {
	word, value, ok := strings.Cut(auth, " ")
	if !ok || !strings.EqualFold(word, scheme) {
		return ""
	}
	return strings.TrimSpace(value)
}

// unauthorizedMessage says which header group g expects, never echoing what
// was sent: a key must not travel back in an error body.
func unauthorizedMessage(g group) string {
	switch g {
	case groupAlpha:
		return "invalid x-api-key: send X-Api-Key or Authorization: Bearer with a valid key"
	case groupBeta:
		return "API key not valid. Send X-Beta-Api-Key or Authorization: Bearer with a valid key."
	case groupGamma:
		return "Incorrect API key provided. Send Authorization: Bearer with a valid key."
	default:
		return "No valid credentials: send Authorization: Key <key>"
	}
}
