package limits

import "testing"

// TestSizeTable is every way Size writes a byte count: the one formatter
// of sizes on screen and in errors (issue 21: three disagreed on units).
func TestSizeTable(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{0, "0 B"},
		{1, "1 B"},
		{1000, "1000 B"}, // binary units: 1000 bytes is not a KiB
		{1023, "1023 B"},
		{KiB, "1 KiB"},
		{1536, "1.5 KiB"},
		{1126, "1.1 KiB"},
		{64 * KiB, "64 KiB"},
		{MiB - 1, "1.0 MiB"}, // not "1024.0 KiB"
		{MiB - 60, "1023.9 KiB"},
		{8 * MiB, "8 MiB"},
		{15*MiB + MiB/2, "15.5 MiB"}, // go-humanize writes "16 MiB"
		{20 * MiB, "20 MiB"},
		{3 * GiB / 2, "1.5 GiB"},
		{5_300_000_000, "4.9 GiB"},
		{256 * GiB, "256 GiB"},
	} {
		if got := Size(c.n); got != c.want {
			t.Errorf("Size(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// TestSizeRoundTrip: a limit written by Size reads back as the same
// number of bytes, so an error's figure can go into config.toml as it is.
func TestSizeRoundTrip(t *testing.T) {
	for _, n := range []int64{ReplyText, ReplyTextMin, ReplyTextMax, ChatStream, Prompt, 512, 3 * KiB, 7 * GiB} {
		got, err := ParseSize(Size(n))
		if err != nil || got != n {
			t.Errorf("ParseSize(Size(%d)) = %d, %v", n, got, err)
		}
	}
}
