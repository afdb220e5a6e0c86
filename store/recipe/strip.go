package recipe

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"strconv"
	"strings"
)

// secretKeys are field names whose values a recipe never keeps, however
// the request came to carry them (a --set, a --body file).
var secretKeys = map[string]bool{"api_key": true, "apikey": true, "authorization": true,
	"access_token": true, "token": true, "secret": true, "password": true}

// HashPrefix marks an inline image replaced by its hash.
const HashPrefix = "sha256:"

// strip copies a JSON object, keeping its keys in order and its numbers as
// written, without secret fields and with every data URI replaced by the
// SHA-256 of its bytes.
func strip(body []byte) (json.RawMessage, []Input, error) {
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	s := stripper{d: d}
	if err := s.value(""); err != nil {
		return nil, nil, err
	}
	if _, err := d.Token(); !errors.Is(err, io.EOF) {
		return nil, nil, errors.New("more than one JSON value")
	}
	if len(s.out) == 0 || s.out[0] != '{' {
		return nil, nil, errors.New("must be a JSON object")
	}
	return s.out, s.inputs, nil
}

type stripper struct {
	d      *json.Decoder
	out    []byte
	inputs []Input
}

func (s *stripper) value(path string) error {
	tok, err := s.d.Token()
	if err != nil {
		return err
	}
	switch t := tok.(type) {
	case json.Delim:
		if t == '{' {
			return s.object(path)
		}
		return s.array(path)
	case string:
		if sum, ok := dataURIHash(t); ok {
			s.inputs = append(s.inputs, Input{Field: path, SHA256: sum})
			t = HashPrefix + sum
		}
		b, _ := json.Marshal(t)
		s.out = append(s.out, b...)
	case json.Number:
		s.out = append(s.out, t...)
	default: // bool or nil
		b, _ := json.Marshal(t)
		s.out = append(s.out, b...)
	}
	return nil
}

func (s *stripper) object(path string) error {
	s.out = append(s.out, '{')
	first := true
	for s.d.More() {
		tok, err := s.d.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if secretKeys[strings.ToLower(key)] {
			var skip json.RawMessage
			if err := s.d.Decode(&skip); err != nil {
				return err
			}
			continue
		}
		if !first {
			s.out = append(s.out, ',')
		}
		first = false
		b, _ := json.Marshal(key)
		s.out = append(append(s.out, b...), ':')
		if err := s.value(join(path, key)); err != nil {
			return err
		}
	}
	if _, err := s.d.Token(); err != nil {
		return err
	}
	s.out = append(s.out, '}')
	return nil
}

func (s *stripper) array(path string) error {
	s.out = append(s.out, '[')
	for i := 0; s.d.More(); i++ {
		if i > 0 {
			s.out = append(s.out, ',')
		}
		if err := s.value(join(path, strconv.Itoa(i))); err != nil {
			return err
		}
	}
	if _, err := s.d.Token(); err != nil {
		return err
	}
	s.out = append(s.out, ']')
	return nil
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// dataURIHash is the SHA-256 (hex) of a base64 data URI's bytes.
func dataURIHash(s string) (string, bool) {
	if len(s) < 5 || !strings.EqualFold(s[:5], "data:") {
		return "", false
	}
	head, payload, ok := strings.Cut(s[5:], ",")
	if !ok || !strings.HasSuffix(strings.ToLower(head), ";base64") {
		return "", false
	}
	b, err := base64.StdEncoding.DecodeString(payload)
	if err != nil {
		return "", false
	}
	return HashOf(b), true
}

// HashOf is the SHA-256 of b in hex, as recipes name input files.
func HashOf(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
