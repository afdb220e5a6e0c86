package imageview

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"runtime"
	"testing"
)

func encoded(t testing.TB, format string, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch format {
	case "png":
		err = png.Encode(&buf, img)
	case "jpeg":
		err = jpeg.Encode(&buf, img, nil)
	case "gif":
		err = gif.Encode(&buf, img, nil)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func readTestdata(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecodeFormats(t *testing.T) {
	src := testPattern(64, 40)
	tests := []struct {
		name, format string
		data         []byte
		w, h         int
	}{
		{"png", "png", encoded(t, "png", src), 64, 40},
		{"jpeg", "jpeg", encoded(t, "jpeg", src), 64, 40},
		{"gif", "gif", encoded(t, "gif", src), 64, 40},
		{"webp lossy", "webp", readTestdata(t, "lossy.webp"), 0, 0},
		{"webp lossless", "webp", readTestdata(t, "lossless.webp"), 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, format, err := Decode(tt.data, Limits{})
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if format != tt.format {
				t.Errorf("format = %q, want %q", format, tt.format)
			}
			cfg, _, _ := image.DecodeConfig(bytes.NewReader(tt.data))
			b := img.Bounds()
			if b.Dx() != cfg.Width || b.Dy() != cfg.Height || b.Empty() {
				t.Errorf("bounds %v, header says %dx%d", b, cfg.Width, cfg.Height)
			}
			if tt.w > 0 && (b.Dx() != tt.w || b.Dy() != tt.h) {
				t.Errorf("size %dx%d, want %dx%d", b.Dx(), b.Dy(), tt.w, tt.h)
			}
		})
	}
}

// pngHeader returns a PNG signature and IHDR chunk claiming w×h RGBA pixels,
// with no image data: enough for DecodeConfig, nothing to decode.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 0, 17)
	ihdr = append(ihdr, "IHDR"...)
	ihdr = binary.BigEndian.AppendUint32(ihdr, w)
	ihdr = binary.BigEndian.AppendUint32(ihdr, h)
	ihdr = append(ihdr, 8, 6, 0, 0, 0) // 8-bit RGBA, deflate, no filter, no interlace
	out := []byte("\x89PNG\r\n\x1a\n")
	out = binary.BigEndian.AppendUint32(out, 13)
	out = append(out, ihdr...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(ihdr))
}

// gifHeader returns a GIF header whose logical screen is w×h.
func gifHeader(w, h uint16) []byte {
	out := []byte("GIF89a")
	out = binary.LittleEndian.AppendUint16(out, w)
	out = binary.LittleEndian.AppendUint16(out, h)
	return append(out, 0, 0, 0, ';')
}

func TestDecodeRefusesLargeHeaders(t *testing.T) {
	tests := []struct {
		name string
		data []byte
		lim  Limits
	}{
		{"png 100000x100000", pngHeader(100000, 100000), Limits{}},
		{"png 20000x10 (side)", pngHeader(20000, 10), Limits{}},
		{"png 12000x12000 (pixels)", pngHeader(12000, 12000), Limits{}},
		{"gif 65535x65535", gifHeader(65535, 65535), Limits{}},
		{"png over a tight limit", pngHeader(300, 300), Limits{MaxPixels: 256 * 256}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			_, _, err := Decode(tt.data, tt.lim)
			runtime.ReadMemStats(&after)
			if !errors.Is(err, ErrTooLarge) {
				t.Fatalf("err = %v, want ErrTooLarge", err)
			}
			if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
				t.Errorf("allocated %d bytes before refusing", n)
			}
		})
	}
}

func TestDecodeErrors(t *testing.T) {
	good := encoded(t, "png", testPattern(32, 32))
	corrupt := bytes.Clone(good)
	for i := 60; i < len(corrupt)-20; i += 7 {
		corrupt[i] ^= 0x5a
	}
	tests := []struct {
		name    string
		data    []byte
		lim     Limits
		tooMany bool
	}{
		{"empty", nil, Limits{}, false},
		{"not an image", []byte("hello, this is text, not pixels"), Limits{}, false},
		{"truncated png", good[:len(good)/2], Limits{}, false},
		{"corrupted png", corrupt, Limits{}, false},
		{"header only", pngHeader(16, 16), Limits{}, false},
		{"zero width", pngHeader(0, 16), Limits{}, false},
		{"bytes over the limit", good, Limits{MaxBytes: len(good) - 1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img, _, err := Decode(tt.data, tt.lim)
			if err == nil {
				t.Fatalf("Decode succeeded with %v", img.Bounds())
			}
			if errors.Is(err, ErrTooLarge) != tt.tooMany {
				t.Errorf("err = %v; ErrTooLarge? want %v", err, tt.tooMany)
			}
		})
	}
}

func TestDecodeCmd(t *testing.T) {
	big := testPattern(DisplaySide*2, 64)
	msg := DecodeCmd("img-1", encoded(t, "png", big), Limits{})()
	d, ok := msg.(DecodedMsg)
	if !ok {
		t.Fatalf("msg = %T, want DecodedMsg", msg)
	}
	if d.Err != nil || d.ID != "img-1" || d.Format != "png" {
		t.Fatalf("got %+v", d)
	}
	if got := d.Image.Bounds().Size(); got != (image.Point{DisplaySide * 2, 64}) {
		t.Errorf("Image size %v", got)
	}
	if got := d.Display.Bounds().Size(); got != (image.Point{DisplaySide, 32}) {
		t.Errorf("Display size %v, want %dx32", got, DisplaySide)
	}

	msg = DecodeCmd("img-2", []byte("junk"), Limits{})()
	if d := msg.(DecodedMsg); d.Err == nil || d.ID != "img-2" || d.Image != nil {
		t.Errorf("junk: %+v", d)
	}
}

// FuzzDecode feeds arbitrary bytes through Decode and on to every encoder:
// nothing may panic, and a decoded image stays within the limits.
func FuzzDecode(f *testing.F) {
	f.Add(encoded(f, "png", testPattern(8, 6)))
	f.Add(encoded(f, "gif", testPattern(8, 6)))
	f.Add(encoded(f, "jpeg", testPattern(8, 6)))
	f.Add(readTestdata(f, "lossless.webp"))
	f.Add(readTestdata(f, "lossy.webp"))
	f.Add(pngHeader(100000, 100000))
	lim := Limits{MaxBytes: 1 << 20, MaxSide: 512, MaxPixels: 128 * 128}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, format, err := Decode(data, lim)
		if err != nil {
			return
		}
		b := img.Bounds()
		if format == "" || b.Empty() || b.Dx() > lim.MaxSide || b.Dy() > lim.MaxSide || b.Dx()*b.Dy() > lim.MaxPixels {
			t.Fatalf("Decode gave %q %v beyond %+v", format, b, lim)
		}
		_ = HalfBlock(img, 12, 5)
		_ = Sixel(Shrink(img, 32, 32))
		if _, err := (Kitty{}).Transmit(img, Placement{Image: 1, ID: 1, Cols: 3, Rows: 2}); err != nil {
			t.Fatal(err)
		}
	})
}
