package main

import (
	"errors"
	"strconv"

	"github.com/spf13/pflag"

	"atelier/internal/wrongtype"
)

// flagError is a usage error for a flag's value in the program's words:
// pflag says `invalid argument "abc" for "-n, --n" flag: strconv.ParseInt:
// parsing "abc": invalid syntax`, this says `--n "abc": want a whole
// number`, as the flags atelier checks itself do. A value the flag's own
// type refused keeps that type's reason, which is already in words.
func flagError(err error) error {
	var iv *pflag.InvalidValueError
	if !errors.As(err, &iv) {
		return usageError{err}
	}
	f := iv.GetFlag()
	reason := errors.Unwrap(err)
	var num *strconv.NumError
	errors.As(err, &num)
	switch {
	case num != nil && errors.Is(num.Err, strconv.ErrRange):
		reason = errors.New("out of range: want " + flagKind(f.Value.Type()) + " that fits")
	case num != nil || f.Value.Type() == "duration":
		reason = errors.New("want " + flagKind(f.Value.Type()))
	case reason == nil:
		reason = err
	}
	return usagef("--%s %q: %v", f.Name, iv.GetValue(), reason)
}

// flagTypes are, in words, the values of pflag's types that are not Go's
// own (wrongtype knows those).
var flagTypes = map[string]string{"duration": "a duration like 30s, 2m or 1h30m"}

// flagKind is what a flag of pflag type t takes, in words.
func flagKind(t string) string { return wrongtype.Want(t, flagTypes) }
