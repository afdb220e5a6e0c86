package store

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Stored JSON keeps the service's bytes exactly, except for base64 media,
// which would make the database grow by megabytes per image. Such a string
// is replaced by one of these markers; ElidedFilePrefix is followed by the
// path (relative to the data directory) of the file holding the data.
const (
	ElidedFilePrefix = "atelier:file:"
	ElidedPrefix     = "atelier:omitted:base64:" // followed by the length
)

// Thresholds for eliding. Media fields hold images of tens of kilobytes and
// more; encrypted reasoning and signatures, which must be kept to continue a
// conversation, are far smaller, and the generic rule only catches strings
// too big to be anything but media.
const (
	elideMediaField = 32 << 10  // a base64 string under a media key
	elideDataURI    = 4 << 10   // a data:...;base64, URI
	elideAny        = 256 << 10 // any base64-looking string
)

// elideLimits are the thresholds in force; tests lower them to explore the
// scanner with small inputs.
type elideLimits struct{ media, dataURI, any int }

var defaultElide = elideLimits{media: elideMediaField, dataURI: elideDataURI, any: elideAny}

// mediaKeys are the JSON keys whose string values carry base64 media in the
// service's protocols.
var mediaKeys = map[string]bool{
	"b64_json": true, "partial_image_b64": true, "result": true,
	"data": true, "bytesBase64Encoded": true, "image": true, "mask": true,
}

// elideBase64 returns raw with base64 media strings replaced by markers. The
// k-th string replaced under a media key is said to be saved as files[k]
// when there is one (an image response's data[i] is saved as file i). raw is
// returned unchanged, not copied, when nothing is replaced.
func elideBase64(raw []byte, files []string) []byte { return defaultElide.apply(raw, files) }

// apply is elideBase64 with these thresholds.
func (lim elideLimits) apply(raw []byte, files []string) []byte {
	var out []byte
	last := 0    // raw[:last] has been copied to out
	fileIdx := 0 // next file to name
	key, afterColon := "", false
	for i := 0; i < len(raw); i++ {
		switch c := raw[i]; c {
		case ':':
			afterColon = true
			continue
		case '{', '[', ',', '}', ']':
			afterColon = false
			continue
		case '"':
		default:
			continue
		}
		end := stringEnd(raw, i)
		if end < 0 {
			break
		}
		lit := raw[i+1 : end] // without quotes, still escaped
		if !afterColon && isKey(raw, end+1) {
			key = string(lit)
			i = end
			continue
		}
		underKey := afterColon && mediaKeys[key]
		afterColon = false
		if keep, marker, ok := lim.elided(lit, underKey); ok {
			if underKey && keep == nil {
				if fileIdx < len(files) {
					marker = ElidedFilePrefix + files[fileIdx]
				}
				fileIdx++
			}
			m, _ := json.Marshal(marker) // JSON's escaping, not Go's
			if len(keep)+len(m)-2 >= len(lit) {
				// Eliding never makes the JSON longer (a data URI with a
				// long type and a payload of a byte would): kept as it is.
				i = end
				continue
			}
			out = append(out, raw[last:i]...)
			out = append(out, '"')
			out = append(out, keep...) // already escaped as it came
			out = append(out, m[1:len(m)-1]...)
			out = append(out, '"')
			last = end + 1
		}
		i = end
	}
	if out == nil {
		return raw
	}
	return append(out, raw[last:]...)
}

// elided decides whether a string literal (escaped, without its quotes) is
// base64 media. If so it returns the part to keep (a data URI's
// "data:TYPE;base64," head, nil otherwise) and the marker that replaces the
// rest.
func (lim elideLimits) elided(lit []byte, underKey bool) (keep []byte, marker string, ok bool) {
	n := len(lit)
	if n < min(lim.dataURI, lim.media, lim.any) {
		return nil, "", false
	}
	if bytes.HasPrefix(lit, []byte("data:")) && n >= lim.dataURI {
		comma := bytes.IndexByte(lit, ',')
		if comma < 0 || comma+1 == n || !bytes.HasSuffix(lit[:comma], []byte(";base64")) || !isBase64(lit[comma+1:]) {
			return nil, "", false
		}
		return lit[:comma+1], ElidedPrefix + strconv.Itoa(n-comma-1), true
	}
	if ((underKey && n >= lim.media) || n >= lim.any) && isBase64(lit) {
		return nil, ElidedPrefix + strconv.Itoa(n), true
	}
	return nil, "", false
}

// isBase64 reports whether an escaped literal holds only base64 (standard or
// URL alphabet), allowing the escapes an encoder may put in (\/, \n).
func isBase64(b []byte) bool {
	for _, c := range b {
		switch {
		case 'A' <= c && c <= 'Z', 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case c == '+', c == '/', c == '=', c == '-', c == '_', c == '\\':
		default:
			return false
		}
	}
	return true
}

// stringEnd returns the index of the quote closing the string that starts at
// raw[start], or -1.
func stringEnd(raw []byte, start int) int {
	for j := start + 1; j < len(raw); j++ {
		switch raw[j] {
		case '\\':
			j++
		case '"':
			return j
		}
	}
	return -1
}

// isKey reports whether the next non-space byte from i is a colon, which
// makes the string before it an object key.
func isKey(raw []byte, i int) bool {
	for ; i < len(raw); i++ {
		switch raw[i] {
		case ' ', '\t', '\n', '\r':
			continue
		case ':':
			return true
		default:
			return false
		}
	}
	return false
}
