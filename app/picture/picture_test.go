package picture

import (
	"bytes"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"math/rand/v2"
	"slices"
	"testing"
)

// img makes an Image from rows of letters, each a colour of key.
func img(key map[byte]RGB, rows ...string) Image {
	m := Image{W: len(rows[0]), H: len(rows)}
	for _, row := range rows {
		for x := range len(row) {
			c := key[row[x]]
			m.Pix = append(m.Pix, c[0], c[1], c[2], 255)
		}
	}
	return m
}

var (
	white = RGB{255, 255, 255}
	black = RGB{0, 0, 0}
	red   = RGB{224, 32, 32}
	blue  = RGB{32, 96, 208}
	green = RGB{32, 160, 64}
	grey  = RGB{128, 128, 128}
)

func TestFit(t *testing.T) {
	for _, c := range []struct{ nw, nh, long, w, h int }{
		{100, 100, 20, 20, 20},
		{200, 100, 20, 20, 10},
		{100, 200, 20, 10, 20},
		{300, 200, 25, 25, 17}, // 16.67 rounds to 17
		{1000, 10, 50, 50, 1},  // never below one cell
		{10, 1000, 50, 1, 50},  //
		{16, 16, 60, 50, 50},   // at most MaxSide
		{16, 8, 0, 2, 1},       // at least one cell on the long side... scaled
		{1, 1, 20, 20, 20},     // a single pixel picture scales up
		{640, 480, 20, 20, 15},
	} {
		w, h := Fit(c.nw, c.nh, c.long)
		if c.long == 0 {
			if w < 1 || h < 1 {
				t.Errorf("Fit(%d, %d, %d) = %d×%d, want at least 1×1", c.nw, c.nh, c.long, w, h)
			}
			continue
		}
		if w != c.w || h != c.h {
			t.Errorf("Fit(%d, %d, %d) = %d×%d, want %d×%d", c.nw, c.nh, c.long, w, h, c.w, c.h)
		}
	}
}

func TestKeep(t *testing.T) {
	for _, c := range []struct {
		nw, nh, side int
		byWidth      bool
		w, h         int
	}{
		{200, 100, 30, true, 30, 15},
		{200, 100, 30, false, 50, 25}, // height 30 would need width 60: width stops at 50
		{200, 100, 10, false, 20, 10},
		{100, 300, 40, true, 17, 50}, // width 40 needs height 120
		{100, 300, 12, false, 4, 12},
		{100, 100, 0, true, 1, 1}, // sides are 1 to MaxSide
		{100, 100, 99, true, 50, 50},
		{5000, 10, 7, true, 7, 1},
	} {
		w, h := Keep(c.nw, c.nh, c.side, c.byWidth)
		if w != c.w || h != c.h {
			t.Errorf("Keep(%d, %d, %d, %v) = %d×%d, want %d×%d", c.nw, c.nh, c.side, c.byWidth, w, h, c.w, c.h)
		}
	}
}

func TestSample(t *testing.T) {
	for _, c := range []struct{ nw, nh, w, h, s int }{
		{20, 20, 20, 20, 1},
		{40, 40, 20, 20, 2},
		{45, 90, 20, 20, 2},
		{4000, 3000, 20, 15, MaxSample},
		{10, 10, 20, 20, 1}, // scaled up
	} {
		if s := Sample(c.nw, c.nh, c.w, c.h); s != c.s {
			t.Errorf("Sample(%d, %d, %d, %d) = %d, want %d", c.nw, c.nh, c.w, c.h, s, c.s)
		}
	}
}

func TestShrink(t *testing.T) {
	key := map[byte]RGB{'.': white, '#': black, 'r': red}
	big := img(key,
		"##..rr",
		"##..rr",
		"#...rr",
		"....r.",
	)
	got := Shrink(big, 3, 2)
	if got.W != 3 || got.H != 2 || len(got.Pix) != 3*2*4 {
		t.Fatalf("Shrink gave %d×%d with %d bytes", got.W, got.H, len(got.Pix))
	}
	at := func(x, y int) RGB { i := (y*got.W + x) * 4; return RGB{got.Pix[i], got.Pix[i+1], got.Pix[i+2]} }
	for _, c := range []struct {
		x, y int
		want RGB
	}{
		{0, 0, black}, {1, 0, white}, {2, 0, red},
		{0, 1, RGB{191, 191, 191}}, // one black pixel of four: 255*3/4, rounded
		{1, 1, white},
		{2, 1, RGB{232, 88, 88}}, // red, red, red and white
	} {
		if g := at(c.x, c.y); g != c.want {
			t.Errorf("cell %d,%d = %v, want %v", c.x, c.y, g, c.want)
		}
	}
	// Transparent pixels are white: a picture is drawn on white paper.
	clear := Image{W: 1, H: 1, Pix: []byte{0, 0, 0, 0}}
	if g := Shrink(clear, 1, 1); !bytes.Equal(g.Pix, []byte{255, 255, 255, 255}) {
		t.Errorf("a transparent pixel shrinks to %v, want white", g.Pix)
	}
	half := Image{W: 1, H: 1, Pix: []byte{0, 0, 0, 128}}
	if g := Shrink(half, 1, 1); g.Pix[0] != 127 {
		t.Errorf("half-transparent black on white is %v, want grey 127", g.Pix)
	}
}

func TestThreshold(t *testing.T) {
	key := map[byte]RGB{'.': white, '#': black, 'g': grey, 'r': red, 'b': blue}
	m := img(key, "#.g", "rb.")
	for _, c := range []struct {
		level int
		want  []int
	}{
		{0, []int{0, 0, 0, 0, 0, 0}},   // nothing is darker than 0
		{1, []int{1, 0, 0, 0, 0, 0}},   // only black
		{128, []int{1, 0, 0, 1, 1, 0}}, // grey is 128: not darker
		{129, []int{1, 0, 1, 1, 1, 0}},
		{256, []int{1, 1, 1, 1, 1, 1}}, // everything, white too
	} {
		if got := Threshold(m, c.level); !slices.Equal(got, c.want) {
			t.Errorf("Threshold(%d) = %v, want %v", c.level, got, c.want)
		}
	}
}

func TestOtsu(t *testing.T) {
	key := map[byte]RGB{'.': white, '#': black, 'g': grey, 'l': {200, 200, 200}, 'd': {40, 40, 40}}
	for _, c := range []struct {
		rows   []string
		lo, hi int // the level found is in lo..hi
		dark   string
	}{
		{[]string{"#..", ".#.", "..#"}, 100, 160, "#"}, // black on white: half way
		{[]string{"dl", "ld"}, 41, 200, "d"},           // dark grey on light grey: between them
		{[]string{"#g.", "#g.", "#g."}, 1, 255, ""},    // three levels: some split
		{[]string{"...", "..."}, 0, 256, ""},           // one level: any
	} {
		m := img(key, c.rows...)
		level := Otsu(m)
		if level < c.lo || level > c.hi {
			t.Errorf("Otsu(%q) = %d, want %d to %d", c.rows, level, c.lo, c.hi)
		}
		cells := Threshold(m, level)
		for i, v := range cells {
			r := c.rows[i/m.W][i%m.W]
			if c.dark != "" && (v == 1) != (bytes.IndexByte([]byte(c.dark), r) >= 0) {
				t.Errorf("Otsu(%q) = %d makes cell %d (%c) %d", c.rows, level, i, r, v)
			}
		}
	}
}

// A picture of k inks on white maps to them exactly, for k up to MaxInks.
func TestQuantiseExact(t *testing.T) {
	all := []RGB{black, red, blue, green, {240, 160, 32}}
	letters := "#rbgo"
	key := map[byte]RGB{'.': white}
	for i := range all {
		key[letters[i]] = all[i]
	}
	rows := []string{
		"..##.rr.bbgg.oo",
		".##..r..b.g..o.",
		"...#rr..bbgg.o.",
		"#.....rr....oo.",
	}
	for k := MinInks; k <= MaxInks; k++ {
		// The picture uses inks 0..k-1 only.
		used := letters[:k]
		var pic []string
		for _, row := range rows {
			b := []byte(row)
			for x := range b {
				if b[x] != '.' && bytes.IndexByte([]byte(used), b[x]) < 0 {
					b[x] = '.'
				}
			}
			pic = append(pic, string(b))
		}
		m := img(key, pic...)
		cells, inks := Quantise(m, k)
		if len(inks) != k {
			t.Fatalf("k=%d: %d inks %v, want %d", k, len(inks), inks, k)
		}
		for i, v := range cells {
			r := pic[i/m.W][i%m.W]
			want := white
			if v > 0 {
				want = inks[v-1]
			}
			if want != key[r] {
				t.Fatalf("k=%d: cell %d (%c) is %v, want %v", k, i, r, want, key[r])
			}
		}
	}
}

// Quantise is deterministic, uses at most k inks, never white, each ink
// distinct and used, whatever the picture.
func TestQuantiseRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for n := range 300 {
		w, h := 1+rng.IntN(12), 1+rng.IntN(12)
		m := Image{W: w, H: h, Pix: make([]byte, w*h*4)}
		palette := 1 + rng.IntN(9)
		colours := make([][4]byte, palette)
		for i := range colours {
			colours[i] = [4]byte{byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256)), byte(rng.IntN(256))}
			if rng.IntN(3) == 0 {
				colours[i][3] = 255
			}
		}
		for i := range w * h {
			copy(m.Pix[i*4:], colours[rng.IntN(palette)][:])
		}
		k := MinInks + rng.IntN(MaxInks-MinInks+1)
		cells, inks := Quantise(m, k)
		again, inks2 := Quantise(Image{W: w, H: h, Pix: slices.Clone(m.Pix)}, k)
		if !slices.Equal(cells, again) || !slices.Equal(inks, inks2) {
			t.Fatalf("case %d: two runs differ", n)
		}
		if len(inks) > k || len(cells) != w*h {
			t.Fatalf("case %d: %d inks for k=%d, %d cells", n, len(inks), k, len(cells))
		}
		used := make([]bool, len(inks))
		for _, v := range cells {
			if v < 0 || v > len(inks) {
				t.Fatalf("case %d: cell value %d with %d inks", n, v, len(inks))
			}
			if v > 0 {
				used[v-1] = true
			}
		}
		for i, ink := range inks {
			if ink == white || !used[i] || slices.Index(inks, ink) != i {
				t.Fatalf("case %d: ink %d %v (used %v) of %v", n, i, ink, used[i], inks)
			}
		}
	}
}

func TestQuantiseFewColours(t *testing.T) {
	key := map[byte]RGB{'.': white, 'r': red, 'b': blue}
	// White and one colour: one ink, whatever k.
	cells, inks := Quantise(img(key, "r.r", ".r."), 4)
	if !slices.Equal(inks, []RGB{red}) || !slices.Equal(cells, []int{1, 0, 1, 0, 1, 0}) {
		t.Errorf("red on white: %v %v", cells, inks)
	}
	// No white: the colour nearest white is the background.
	key['#'] = black
	cells, inks = Quantise(img(key, "r#r", "###"), 2)
	if !slices.Equal(inks, []RGB{black}) || !slices.Equal(cells, []int{0, 1, 0, 1, 1, 1}) {
		t.Errorf("red and black: %v %v", cells, inks)
	}
	// One colour only: all background.
	cells, inks = Quantise(img(key, "bb"), 3)
	if len(inks) != 0 || !slices.Equal(cells, []int{0, 0}) {
		t.Errorf("all blue: %v %v", cells, inks)
	}
}

// The inks come in order of use, the most cells first.
func TestQuantiseOrder(t *testing.T) {
	key := map[byte]RGB{'.': white, 'r': red, 'b': blue, 'g': green}
	cells, inks := Quantise(img(key, "rbbbgg", "......"), 3)
	if !slices.Equal(inks, []RGB{blue, green, red}) || !slices.Equal(cells[:6], []int{3, 1, 1, 1, 2, 2}) {
		t.Errorf("got %v %v", cells, inks)
	}
}

func TestHex(t *testing.T) {
	if h := (RGB{224, 32, 10}).Hex(); h != "e0200a" {
		t.Errorf("Hex = %q", h)
	}
}

// Sniff reads the size of real files of each format, made here.
func TestSniff(t *testing.T) {
	pic := image.NewRGBA(image.Rect(0, 0, 37, 21))
	pic.Set(3, 4, color.Black)
	var pngb, gifb, jpgb bytes.Buffer
	if err := png.Encode(&pngb, pic); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&gifb, pic, nil); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&jpgb, pic, nil); err != nil {
		t.Fatal(err)
	}
	// A JPEG with an application segment before its frame, as cameras write.
	exif := append([]byte{0xff, 0xd8, 0xff, 0xe1, 0x00, 0x10}, []byte("Exif\x00\x00\xff\xc0abcdef")...)
	exif = append(exif, jpgb.Bytes()[2:]...)
	for _, c := range []struct {
		name string
		data []byte
		f    Format
		w, h int
	}{
		{"png", pngb.Bytes(), PNG, 37, 21},
		{"gif", gifb.Bytes(), GIF, 37, 21},
		{"jpeg", jpgb.Bytes(), JPEG, 37, 21},
		{"jpeg with exif", exif, JPEG, 37, 21},
		{"webp lossy", webpVP8(640, 480), WebP, 640, 480},
		{"webp lossless", webpVP8L(1, 16384), WebP, 1, 16384},
		{"webp extended", webpVP8X(12000, 9000), WebP, 12000, 9000},
	} {
		f, w, h, err := Sniff(c.data)
		if err != nil || f != c.f || w != c.w || h != c.h {
			t.Errorf("%s: Sniff = %v %d×%d %v, want %v %d×%d", c.name, f, w, h, err, c.f, c.w, c.h)
		}
	}
}

func TestSniffBad(t *testing.T) {
	var pngb bytes.Buffer
	png.Encode(&pngb, image.NewGray(image.Rect(0, 0, 2, 2)))
	for _, c := range []struct {
		name string
		data []byte
		want error
	}{
		{"empty", nil, ErrNotPicture},
		{"text", []byte("5 5\n2 1 1\n"), ErrNotPicture},
		{"svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`), ErrNotPicture},
		{"bmp", []byte("BM\x00\x00\x00\x00"), ErrNotPicture},
		{"png cut short", pngb.Bytes()[:20], ErrDamaged},
		{"png of no width", append(append([]byte{}, pngb.Bytes()[:16]...), 0, 0, 0, 0, 0, 0, 0, 2), ErrDamaged},
		{"gif cut short", []byte("GIF89a\x01"), ErrDamaged},
		{"webp cut short", []byte("RIFF\x00\x00\x00\x00WEBPVP8 "), ErrDamaged},
		{"webp unknown chunk", append([]byte("RIFF\x00\x00\x00\x00WEBPABCD"), make([]byte, 20)...), ErrDamaged},
		{"jpeg scan before frame", []byte{0xff, 0xd8, 0xff, 0xda, 0x00, 0x02}, ErrDamaged},
		{"jpeg cut short", []byte{0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 1, 2}, ErrNoSize},
	} {
		if _, _, _, err := Sniff(c.data); err != c.want {
			t.Errorf("%s: Sniff says %v, want %v", c.name, err, c.want)
		}
	}
}

func webpRIFF(chunk string, payload []byte) []byte {
	b := []byte("RIFF\x00\x00\x00\x00WEBP" + chunk)
	b = append(b, byte(len(payload)), byte(len(payload)>>8), 0, 0)
	return append(b, payload...)
}

func webpVP8(w, h int) []byte {
	return webpRIFF("VP8 ", []byte{0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, byte(w), byte(w >> 8), byte(h), byte(h >> 8), 0, 0})
}

func webpVP8L(w, h int) []byte {
	v := uint32(w-1) | uint32(h-1)<<14
	return webpRIFF("VP8L", []byte{0x2f, byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24), 0})
}

func webpVP8X(w, h int) []byte {
	return webpRIFF("VP8X", []byte{0, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16), byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)})
}

// FuzzSniff: any bytes get a format and a size or an error, never a panic,
// and a size is always positive.
func FuzzSniff(f *testing.F) {
	var pngb bytes.Buffer
	png.Encode(&pngb, image.NewGray(image.Rect(0, 0, 3, 2)))
	for _, seed := range [][]byte{pngb.Bytes()[:40], webpVP8(5, 6), webpVP8L(7, 8), webpVP8X(9, 10),
		[]byte("GIF89a\x05\x00\x06\x00"), {0xff, 0xd8, 0xff, 0xc0, 0, 11, 8, 0, 6, 0, 5, 1}, nil} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		format, w, h, err := Sniff(b)
		if err == nil && (w <= 0 || h <= 0 || format == "") {
			t.Fatalf("Sniff = %q %d×%d with no error", format, w, h)
		}
		if err != nil && (w != 0 || h != 0) {
			t.Fatalf("Sniff = %d×%d with %v", w, h, err)
		}
	})
}
