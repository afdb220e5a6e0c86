package budget

import (
	"fmt"
	"strconv"
	"strings"
)

// Size writes n bytes in the largest binary unit that divides it, or with
// one decimal: "8 MiB", "1.5 GiB", "512 B".
func Size(n int64) string {
	units := []struct {
		name string
		size int64
	}{{"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}}
	for _, u := range units {
		if n >= u.size {
			if n%u.size == 0 {
				return fmt.Sprintf("%d %s", n/u.size, u.name)
			}
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.size), u.name)
		}
	}
	return fmt.Sprintf("%d B", n)
}

// ParseSize reads a size as config.toml writes it: a whole number of bytes,
// or one followed by KiB, MiB or GiB (KB, MB and GB are read as the same
// binary units), with or without a space.
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := len(t)
	for i > 0 && (t[i-1] < '0' || t[i-1] > '9') {
		i--
	}
	num, unit := strings.TrimSpace(t[:i]), strings.ToLower(strings.TrimSpace(t[i:]))
	mult := int64(1)
	switch unit {
	case "", "b":
	case "k", "kb", "kib":
		mult = KiB
	case "m", "mb", "mib":
		mult = MiB
	case "g", "gb", "gib":
		mult = GiB
	default:
		return 0, fmt.Errorf("%q: unknown unit %q (use KiB, MiB or GiB)", s, t[i:])
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 0 || n > (1<<62)/mult {
		return 0, fmt.Errorf("%q: not a size such as 8MiB", s)
	}
	return n * mult, nil
}
