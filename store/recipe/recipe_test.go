package recipe

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"golang.org/x/image/webp"
)

// testRecipe is a recipe of an edit with one inline image.
func testRecipe(t testing.TB, prompt string) *Recipe {
	t.Helper()
	body := `{"model":"img-2","prompt":` + quote(prompt) + `,"size":"1024x1024","quality":"high","n":2,` +
		`"output_compression":0,"api_key":"sk-secret","images":[{"image_url":"data:image/png;base64,aGVsbG8="}]}`
	r, err := New(KindImage, "edits", []byte(body), time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC), "0.9.0")
	if err != nil {
		t.Fatal(err)
	}
	r.RequestID = "req_123"
	r.Parent = "00112233"
	return r
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	b.WriteByte('"')
	return b.String()
}

func testImage() image.Image {
	m := image.NewNRGBA(image.Rect(0, 0, 13, 7))
	for y := range 7 {
		for x := range 13 {
			m.Set(x, y, color.NRGBA{uint8(x * 19), uint8(y * 33), uint8(x * y), uint8(255 - x)})
		}
	}
	return m
}

func encodePNG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, testImage()); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func encodeJPEG(t testing.TB) []byte {
	var b bytes.Buffer
	if err := jpeg.Encode(&b, testImage(), &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// samePixels decodes both files and fails on any pixel that differs.
func samePixels(t *testing.T, decode func([]byte) (image.Image, error), before, after []byte) {
	t.Helper()
	a, err := decode(before)
	if err != nil {
		t.Fatal(err)
	}
	b, err := decode(after)
	if err != nil {
		t.Fatalf("the file with a recipe no longer decodes: %v", err)
	}
	if a.Bounds() != b.Bounds() {
		t.Fatalf("bounds %v, want %v", b.Bounds(), a.Bounds())
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				t.Fatalf("pixel (%d,%d) is %v, was %v", x, y, b.At(x, y), a.At(x, y))
			}
		}
	}
}

func decoder(f func(r *bytes.Reader) (image.Image, error)) func([]byte) (image.Image, error) {
	return func(b []byte) (image.Image, error) { return f(bytes.NewReader(b)) }
}

var (
	pngDecode  = decoder(func(r *bytes.Reader) (image.Image, error) { return png.Decode(r) })
	jpegDecode = decoder(func(r *bytes.Reader) (image.Image, error) { return jpeg.Decode(r) })
	webpDecode = decoder(func(r *bytes.Reader) (image.Image, error) { return webp.Decode(r) })
)

func readTestdata(t testing.TB, name string) []byte {
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRoundTripEachFormat(t *testing.T) {
	long := strings.Repeat("a very long prompt with \"quotes\" & <angles> ", 3000) // > one JPEG segment
	cases := []struct {
		name   string
		file   func(testing.TB) []byte
		decode func([]byte) (image.Image, error)
	}{
		{"png", encodePNG, pngDecode},
		{"jpeg", encodeJPEG, jpegDecode},
		{"webp lossy (VP8)", func(t testing.TB) []byte { return readTestdata(t, "lossy.webp") }, webpDecode},
		{"webp lossless (VP8L)", func(t testing.TB) []byte { return readTestdata(t, "lossless.webp") }, webpDecode},
		{"webp extended (VP8X+ALPH)", func(t testing.TB) []byte { return readTestdata(t, "extended.webp") }, webpDecode},
	}
	for _, c := range cases {
		for _, prompt := range []string{"a lighthouse at dusk, ünïcødé", long} {
			t.Run(c.name+"/"+prompt[:6], func(t *testing.T) {
				orig := c.file(t)
				want := testRecipe(t, prompt)
				out, err := Embed(orig, want)
				if err != nil {
					t.Fatal(err)
				}
				samePixels(t, c.decode, orig, out)
				got, err := Read(out)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("read back\n%+v\nwant\n%+v", got, want)
				}
				if got.Prompt() != prompt || got.Model() != "img-2" || got.Field("size") != "1024x1024" {
					t.Fatalf("fields: %q %q %q", got.Prompt(), got.Model(), got.Field("size"))
				}
				// A second recipe replaces the first rather than joining it.
				again := testRecipe(t, "second")
				out2, err := Embed(out, again)
				if err != nil {
					t.Fatal(err)
				}
				if got, err := Read(out2); err != nil || got.Prompt() != "second" {
					t.Fatalf("re-embedded: %v, %v", got, err)
				}
				if n := bytes.Count(out2, []byte(`"schema":"atelier.recipe/1"`)) + bytes.Count(out2, []byte(`&#34;schema&#34;`)); n > 2 {
					t.Fatalf("%d copies of a recipe after embedding twice", n)
				}
			})
		}
	}
}

func TestWebPBecomesExtended(t *testing.T) {
	for _, name := range []string{"lossy.webp", "lossless.webp"} {
		orig := readTestdata(t, name)
		cfg, err := webp.DecodeConfig(bytes.NewReader(orig))
		if err != nil {
			t.Fatal(err)
		}
		out, err := Embed(orig, testRecipe(t, "x"))
		if err != nil {
			t.Fatal(err)
		}
		if string(out[12:16]) != "VP8X" || out[20]&vp8xXMP == 0 {
			t.Fatalf("%s: first chunk %q flags %#x, want VP8X with the XMP flag", name, out[12:16], out[20])
		}
		w := int(out[24]) | int(out[25])<<8 | int(out[26])<<16
		h := int(out[27]) | int(out[28])<<8 | int(out[29])<<16
		if w+1 != cfg.Width || h+1 != cfg.Height {
			t.Fatalf("%s: canvas %dx%d, want %dx%d", name, w+1, h+1, cfg.Width, cfg.Height)
		}
		if riff := binary.LittleEndian.Uint32(out[4:]); int(riff) != len(out)-8 {
			t.Fatalf("%s: RIFF size %d, file %d", name, riff, len(out))
		}
	}
}

// pngWithChunk inserts a chunk before IEND.
func pngWithChunk(b []byte, typ string, data []byte) []byte {
	c := binary.BigEndian.AppendUint32(nil, uint32(len(data)))
	c = append(append(c, typ...), data...)
	c = binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
	i := len(b) - 12
	return append(append(append([]byte(nil), b[:i]...), c...), b[i:]...)
}

func TestForeignMetadataIgnored(t *testing.T) {
	foreignXMP := []byte(`<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">` +
		`<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>not ours</dc:title></rdf:Description></rdf:RDF></x:xmpmeta>`)
	p := encodePNG(t)
	p = pngWithChunk(p, "tEXt", []byte("Software\x00another tool"))
	p = pngWithChunk(p, "iTXt", append([]byte("XML:com.adobe.xmp\x00\x00\x00\x00\x00"), foreignXMP...))
	p = pngWithChunk(p, "iTXt", []byte("atelier:recipe\x00\x01\x00\x00\x00compressed"))
	j := encodeJPEG(t)
	j = append(append([]byte{0xFF, 0xD8}, segment(0xE1, append([]byte(xmpHeader), foreignXMP...))...), j[2:]...)
	j = append(append([]byte{0xFF, 0xD8}, segment(0xFE, []byte("a comment of another tool"))...), j[2:]...)
	w := readTestdata(t, "lossless.webp")
	w = append(w, webpChunkBytes("XMP ", foreignXMP)...)
	binary.LittleEndian.PutUint32(w[4:], uint32(len(w)-8))
	for name, file := range map[string][]byte{"png": p, "jpeg": j, "webp": w} {
		if _, err := Read(file); !errors.Is(err, ErrNone) {
			t.Errorf("%s with foreign metadata: %v, want ErrNone", name, err)
		}
		out, err := Embed(file, testRecipe(t, "ours"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !bytes.Contains(out, foreignXMP) {
			t.Errorf("%s: the other tool's metadata was dropped", name)
		}
		if r, err := Read(out); err != nil || r.Prompt() != "ours" {
			t.Errorf("%s: ours beside theirs: %v %v", name, r, err)
		}
	}
	if _, err := Read([]byte("GIF89a")); !errors.Is(err, ErrFormat) {
		t.Errorf("gif: %v", err)
	}
}

func TestDamagedFilesFailCleanly(t *testing.T) {
	full, _ := Embed(encodePNG(t), testRecipe(t, "x"))
	for _, n := range []int{9, 20, 40, len(full) / 2} {
		if _, err := Read(full[:n]); err == nil || errors.Is(err, ErrNone) {
			if n > 40 { // cut after the recipe chunk: still readable is fine
				continue
			}
			t.Errorf("png cut at %d: %v", n, err)
		}
	}
	j, _ := Embed(encodeJPEG(t), testRecipe(t, "x"))
	if _, err := Read(j[:30]); err == nil {
		t.Error("jpeg cut short: no error")
	}
	bad := append([]byte(nil), readTestdata(t, "lossy.webp")...)
	binary.LittleEndian.PutUint32(bad[4:], 1<<30)
	if _, err := Read(bad); err == nil || !strings.Contains(err.Error(), "RIFF size") {
		t.Errorf("webp with a lying RIFF size: %v", err)
	}
}

func TestStripKeepsOrderDropsSecretsHashesImages(t *testing.T) {
	body := `{"z":1.50,"model":"m","Authorization":"Bearer x","nested":{"token":"t","keep":[1,2e3]},` +
		`"image_url":"data:image/png;base64,aGVsbG8=","list":["data:image/webp;base64,aGVsbG8="]}`
	got, inputs, err := strip([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	h := HashOf([]byte("hello"))
	want := `{"z":1.50,"model":"m","nested":{"keep":[1,2e3]},"image_url":"sha256:` + h + `","list":["sha256:` + h + `"]}`
	if string(got) != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	wantIn := []Input{{Field: "image_url", SHA256: h}, {Field: "list.0", SHA256: h}}
	if !reflect.DeepEqual(inputs, wantIn) {
		t.Fatalf("inputs %+v", inputs)
	}
	for _, bad := range []string{`[1]`, `{"a":1} {}`, `{"a":`, ``} {
		if _, _, err := strip([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestSidecarAndReadFile(t *testing.T) {
	dir := t.TempDir()
	video := filepath.Join(dir, "vid-1a2b.mp4")
	if err := os.WriteFile(video, []byte("\x00\x00\x00\x18ftypmp42 not really"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadFile(video); !errors.Is(err, ErrNone) {
		t.Fatalf("no sidecar yet: %v", err)
	}
	r := testRecipe(t, "a fox")
	r.Kind, r.Endpoint = KindVideo, "videoa/q1/text-to-video"
	if err := WriteSidecar(video, r); err != nil {
		t.Fatal(err)
	}
	if SidecarPath(video) != filepath.Join(dir, "vid-1a2b.recipe.json") {
		t.Fatalf("sidecar %s", SidecarPath(video))
	}
	for _, p := range []string{video, SidecarPath(video)} {
		got, err := ReadFile(p)
		if err != nil || !reflect.DeepEqual(got, r) {
			t.Fatalf("%s: %+v %v", p, got, err)
		}
	}
	img := filepath.Join(dir, "x.png")
	b, _ := Embed(encodePNG(t), testRecipe(t, "from png"))
	os.WriteFile(img, b, 0o600)
	if got, err := ReadFile(img); err != nil || got.Prompt() != "from png" {
		t.Fatalf("png file: %v %v", got, err)
	}
}

func TestParseRules(t *testing.T) {
	for text, rule := range map[string]string{
		`{"schema":"other/1","kind":"image","request":{}}`:                                         "schema",
		`{"schema":"atelier.recipe/1","kind":"audio","request":{}}`:                                "kind",
		`{"schema":"atelier.recipe/1","kind":"image","request":"x"}`:                               "request",
		`{"schema":"atelier.recipe/1","kind":"image","request":{}}x`:                               "",
		`{"schema":"atelier.recipe/1","kind":"video","request":{}} `:                               "",
		`{"schema":"atelier.recipe/1","kind":"image","request":{}` + strings.Repeat(" ", MaxBytes): "limit",
	} {
		_, err := Parse([]byte(text))
		if rule == "" {
			if err != nil {
				t.Errorf("%.60s: %v", text, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), rule) {
			t.Errorf("%.60s: %v, want one naming %q", text, err, rule)
		}
	}
}

// A tool that keeps XMP but drops comments still leaves the recipe
// readable.
func TestJPEGRecipeFromXMPAlone(t *testing.T) {
	out, err := Embed(encodeJPEG(t), testRecipe(t, "kept in XMP"))
	if err != nil {
		t.Fatal(err)
	}
	segs, scan, err := jpegSegments(out)
	if err != nil {
		t.Fatal(err)
	}
	stripped := append([]byte(nil), out[:2]...)
	for _, s := range segs {
		if s.marker != 0xFE {
			stripped = append(stripped, out[s.start:s.end]...)
		}
	}
	stripped = append(stripped, out[scan:]...)
	if bytes.Contains(stripped, []byte(comPrefix)) {
		t.Fatal("COM segments still there")
	}
	r, err := Read(stripped)
	if err != nil || r.Prompt() != "kept in XMP" {
		t.Fatalf("from XMP alone: %v %v", r, err)
	}
	samePixels(t, jpegDecode, out, stripped)
}
