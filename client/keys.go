package client

import "fmt"

// Keys are credentials: a stray %v in a log line, an error wrapping a
// struct, a JSON dump of a config must not carry them. These methods make
// every way of printing or encoding Keys say which groups have a key, and
// nothing of the keys themselves.

// redacted is what Keys print as: the groups that hold a key.
func (k Keys) redacted() string {
	s := "{"
	for _, g := range Groups {
		if k.For(g) == "" {
			continue
		}
		if len(s) > 1 {
			s += " "
		}
		s += string(g) + ":redacted"
	}
	return s + "}"
}

// String hides the keys.
func (k Keys) String() string { return "client.Keys" + k.redacted() }

// GoString hides the keys from %#v.
func (k Keys) GoString() string { return k.String() }

// Format hides the keys from every verb: %v, %+v, %#v, %s, %q, %x...
func (k Keys) Format(f fmt.State, verb rune) { fmt.Fprint(f, k.String()) }

// MarshalText hides the keys from encoding/json, encoding/xml, TOML and
// every encoder that asks for text.
func (k Keys) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// Set stores key as group g's.
func (k *Keys) Set(g Group, key string) {
	switch g {
	case Alpha:
		k.Alpha = key
	case Beta:
		k.Beta = key
	case Gamma:
		k.Gamma = key
	case Queue:
		k.Queue = key
	}
}
