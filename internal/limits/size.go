package limits

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Size writes n bytes in the largest binary unit it reaches, whole when
// the unit divides it and with one decimal otherwise: "8 MiB", "1.5 GiB",
// "512 B". It is the one way sizes are written, on screen and in errors:
// a limit comes out exactly as config.toml takes it back (ParseSize), and a
// decimal is never dropped, so a cap of 15.5 MiB does not read as 16.
func Size(n int64) string {
	units := []struct {
		name string
		size int64
	}{{"GiB", GiB}, {"MiB", MiB}, {"KiB", KiB}}
	for i, u := range units {
		if n < u.size {
			continue
		}
		if n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
		tenths := math.Round(float64(n) / float64(u.size) * 10)
		if tenths >= 10240 && i > 0 { // 1023.97 KiB reads 1.0 MiB, not 1024.0 KiB
			return fmt.Sprintf("%.1f %s", float64(n)/float64(units[i-1].size), units[i-1].name)
		}
		return fmt.Sprintf("%.1f %s", tenths/10, u.name)
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
