package imageview

import (
	"bytes"
	"encoding/base64"
	"image/png"
	"strconv"
	"strings"
	"testing"
)

// parseITerm2 reads an OSC 1337 File sequence back into its arguments and
// file bytes.
func parseITerm2(t *testing.T, s string) (map[string]string, []byte) {
	t.Helper()
	body, ok := strings.CutPrefix(s, "\x1b]1337;File=")
	if !ok {
		t.Fatalf("no OSC 1337 File= in %q", s[:min(len(s), 30)])
	}
	body, ok = strings.CutSuffix(body, "\a")
	if !ok {
		t.Fatal("no BEL at the end")
	}
	args, data, ok := strings.Cut(body, ":")
	if !ok {
		t.Fatal("no ':' before the data")
	}
	kv := map[string]string{}
	for a := range strings.SplitSeq(args, ";") {
		k, v, _ := strings.Cut(a, "=")
		kv[k] = v
	}
	raw, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		t.Fatal(err)
	}
	return kv, raw
}

func TestITerm2RoundTrip(t *testing.T) {
	data := encoded(t, "jpeg", testPattern(50, 30))
	args, got := parseITerm2(t, ITerm2(data, 40, 12))
	if !bytes.Equal(got, data) {
		t.Error("file bytes differ")
	}
	want := map[string]string{"inline": "1", "size": strconv.Itoa(len(data)), "width": "40", "height": "12"}
	for k, v := range want {
		if args[k] != v {
			t.Errorf("%s=%q, want %q", k, args[k], v)
		}
	}
	args, _ = parseITerm2(t, ITerm2(data, 0, 0))
	if _, ok := args["width"]; ok {
		t.Error("width sent for 0 columns")
	}
}

func TestITerm2Image(t *testing.T) {
	src := testPattern(33, 21)
	seq, err := ITerm2Image(src, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	_, raw := parseITerm2(t, seq)
	got, err := png.Decode(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	samePixels(t, got, src)
}
