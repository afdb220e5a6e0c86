package main

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/spf13/pflag"
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

// flagKind is what a flag of pflag type t takes, in words.
func flagKind(t string) string {
	switch t {
	case "int", "int8", "int16", "int32", "int64":
		return "a whole number"
	case "uint", "uint8", "uint16", "uint32", "uint64":
		return "a whole number, 0 or more"
	case "float32", "float64":
		return "a number"
	case "bool":
		return "true or false"
	case "duration":
		return "a duration like 30s, 2m or 1h30m"
	}
	return fmt.Sprintf("a value of type %s", t)
}
