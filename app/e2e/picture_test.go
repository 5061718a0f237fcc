//go:build e2e

package e2e

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gridsolve/solvers/nonogram"
)

// A PNG drawn here, 10 pixels a cell, opened with Open… on the Nonogram
// tab: the preview shows its cells, Use this picture makes them the drawn
// picture with their clues, the check says whether it is unique, and
// Undo takes it back.
func TestPictureOpen(t *testing.T) {
	rows := []string{"#..#..", ".##...", "#....#", "..##.."}
	img := image.NewRGBA(image.Rect(0, 0, 60, 40))
	cells := make([][]bool, len(rows))
	for y := range 40 {
		for x := range 60 {
			c := color.RGBA{255, 255, 255, 255}
			if rows[y/10][x/10] == '#' {
				c = color.RGBA{20, 20, 20, 255}
			}
			img.Set(x, y, c)
		}
	}
	for y, row := range rows {
		cells[y] = make([]bool, len(row))
		for x := range row {
			cells[y][x] = row[x] == '#'
		}
	}
	path := filepath.Join(t.TempDir(), "drawn.png")
	f, _ := os.Create(path)
	png.Encode(f, img)
	f.Close()

	p := open(t, "")
	p.tab("nonogram")
	before := p.exported()
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#open-file"), []string{path}))
	p.waitFor(`document.querySelector("#picture-use") !== null`)
	p.setValue("#picture-w", "6")
	got := eval[string](p, `document.querySelector("#picture-preview").dataset.cells`)
	if got != strings.Join(rows, "/") {
		t.Fatalf("preview %q, want %q", got, strings.Join(rows, "/"))
	}
	p.screenshot("picture-dialog")
	p.click("#picture-use")
	want := nonogram.CluesOf(cells)
	if got := p.exported(); got != want.String() {
		t.Fatalf("clues\n%s\nwant\n%s", got, want)
	}
	p.waitFor(`document.querySelector("#nono-report") !== null`)
	p.click("#undo")
	if got := p.exported(); got != before {
		t.Errorf("Undo gives\n%s\nwant\n%s", got, before)
	}
}

// writePNG writes img to a PNG file in the test's folder.
func writePNG(t *testing.T, name string, img image.Image) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return path
}

// openPicture opens the file at path with Open… on the Nonogram tab and
// waits for the dialog to decode it or say why it cannot.
func (p *page) openPicture(path string) {
	p.t.Helper()
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#open-file"), []string{path}))
	p.waitFor(`document.querySelector("#picture-use") !== null || document.querySelector("#picture-note.error") !== null`)
}

// The threshold slider: a grey ramp, lighter to the right, turns black up
// to where its level says, in the preview and on the board Use draws.
func TestPictureThreshold(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 100, 10))
	for x := range 100 {
		for y := range 10 {
			img.SetGray(x, y, color.Gray{uint8(x / 10 * 25)}) // cell k is grey 25k
		}
	}
	p := open(t, "")
	p.tab("nonogram")
	p.openPicture(writePNG(t, "ramp.png", img))
	p.setValue("#picture-w", "10")
	blacks := func() int {
		return strings.Count(eval[string](p, `document.querySelector("#picture-preview").dataset.cells`), "#")
	}
	// The slider moves as a drag moves it: input events.
	slide := func(level string) int {
		renders := eval[string](p, `document.querySelector("#app").dataset.renders`)
		p.eval(`(el => { el.value = ` + level + `; el.dispatchEvent(new Event("input", {bubbles: true})) })(document.querySelector("#picture-level"))`)
		p.rendered(renders)
		return blacks()
	}
	low := slide("60")   // greys 0, 25 and 50 are darker
	high := slide("160") // and 75 to 150
	if low != 3 || high != 7 {
		t.Fatalf("black cells at levels 60 and 160: %d and %d, want 3 and 7", low, high)
	}
	p.click("#picture-use")
	want := nonogram.CluesOf([][]bool{{true, true, true, true, true, true, true, false, false, false}})
	if got := p.exported(); got != want.String() {
		t.Errorf("clues\n%s\nwant\n%s", got, want)
	}
}

// A picture in three colours and white, opened in colour, becomes a
// colour nonogram with the picture's colours where the picture has them.
func TestPictureColours(t *testing.T) {
	inks := []color.RGBA{{200, 30, 30, 255}, {30, 60, 200, 255}, {30, 160, 60, 255}}
	rows := []string{"aab.", ".bbc", "c..a"}
	img := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for y := range 30 {
		for x := range 40 {
			c := color.RGBA{255, 255, 255, 255}
			if v := rows[y/10][x/10]; v != '.' {
				c = inks[v-'a']
			}
			img.Set(x, y, c)
		}
	}
	p := open(t, "")
	p.tab("nonogram")
	p.openPicture(writePNG(t, "three.png", img))
	p.setValue("#picture-w", "4")
	p.click("#picture-colour")
	p.setValue("#picture-inks", "3")
	cells := eval[string](p, `document.querySelector("#picture-preview").dataset.cells`)
	// The letters follow the dialog's own order of the colours: the same
	// cells share a letter, and white stays white.
	got := strings.Split(cells, "/")
	if len(got) != 3 {
		t.Fatalf("preview %q", cells)
	}
	letter := map[byte]byte{'.': '.'}
	for y, row := range rows {
		for x := range len(row) {
			l, seen := letter[row[x]]
			if !seen {
				letter[row[x]], l = got[y][x], got[y][x]
			}
			if got[y][x] != l {
				t.Fatalf("preview %q does not follow the picture %q", cells, rows)
			}
		}
	}
	p.click("#picture-use")
	text := p.exported()
	c, err := nonogram.ParseClues(text)
	if err != nil || !c.IsColour() || len(c.Inks) != 3 {
		t.Fatalf("the board's clues are not in 3 colours:\n%s\n%v", text, err)
	}
	for _, in := range inks {
		hex := fmt.Sprintf("%02x%02x%02x", in.R, in.G, in.B)
		if !strings.Contains(text, hex) {
			t.Errorf("the palette lacks the picture's %s:\n%s", hex, text)
		}
	}
	p.waitFor(`document.querySelector("#nono-report") !== null`)
}

// Files that are no picture, a damaged PNG and a PNG too large each get
// one sentence in the dialog; the board is left as it was.
func TestPictureBadFiles(t *testing.T) {
	dir := t.TempDir()
	good := writePNG(t, "good.png", image.NewGray(image.Rect(0, 0, 8, 8)))
	data, _ := os.ReadFile(good)
	// A PNG whose header claims 100,000 × 100,000 pixels.
	ihdr := []byte("IHDR\x00\x01\x86\xa0\x00\x01\x86\xa0\x08\x00\x00\x00\x00")
	huge := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d"), ihdr...)
	huge = binary.BigEndian.AppendUint32(huge, crc32.ChecksumIEEE(ihdr))
	files := []struct{ name, want string }{
		{"notes.png", "it is not a PNG, JPEG, GIF or WebP picture"},
		{"cut.png", "damaged"},
		{"huge.png", "too large to open here"},
	}
	contents := [][]byte{[]byte("shopping: eggs, milk\n"), data[:len(data)/2], huge}
	p := open(t, "")
	p.tab("nonogram")
	before := p.exported()
	for i, f := range files {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, contents[i], 0o644); err != nil {
			t.Fatal(err)
		}
		p.openPicture(path)
		note := eval[string](p, `document.querySelector("#picture-note")?.textContent ?? ""`)
		if !strings.Contains(note, f.want) {
			t.Errorf("%s: the dialog says %q, want %q", f.name, note, f.want)
		}
		p.click("#picture-cancel")
		p.waitFor(`document.querySelector("#picture-dialog") === null`)
		if got := p.exported(); got != before {
			t.Errorf("%s changed the board to\n%s", f.name, got)
		}
	}
	// A picture opened on another tab says where pictures open.
	p.tab("flip")
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#open-file"), []string{good}))
	p.waitFor(`document.querySelector("#status").dataset.state === "error"`)
	if got := p.statusNow(); !strings.Contains(got, ".png is a picture: pictures open on the Nonogram tab") {
		t.Errorf("a picture opened on the Flip tab says %q", got)
	}
}

// On a 390×844 phone and a 1280×800 desktop the dialog with a colour
// picture loaded fits the window: nothing sideways, and its preview and
// buttons can be reached by scrolling only up and down.
func TestPictureDialogFits(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 120, 80))
	for y := range 80 {
		for x := range 120 {
			c := color.RGBA{255, 255, 255, 255}
			switch {
			case (x-40)*(x-40)+(y-40)*(y-40) < 900:
				c = color.RGBA{200, 30, 30, 255}
			case x > 70 && y > 20 && y < 60:
				c = color.RGBA{30, 60, 200, 255}
			}
			img.Set(x, y, c)
		}
	}
	path := writePNG(t, "shapes.png", img)
	for _, v := range []struct {
		name string
		vp   viewport
	}{{"phone", phone}, {"desktop", desktop}} {
		p := openIn(t, v.vp, "")
		p.tab("nonogram")
		p.openPicture(path)
		p.click("#picture-colour")
		p.setValue("#picture-inks", "2")
		w := eval[[]int](p, `(() => {
			const d = document.querySelector("#picture-dialog").getBoundingClientRect();
			const u = document.querySelector("#picture-use").getBoundingClientRect();
			return [document.documentElement.scrollWidth, window.innerWidth, Math.floor(d.left), Math.ceil(d.right), Math.floor(u.left), Math.ceil(u.right)];
		})()`)
		if w[0] > w[1] || w[2] < 0 || w[3] > w[1] || w[4] < 0 || w[5] > w[1] {
			t.Errorf("%s: page %d px wide in a %d px window, dialog %d–%d, Use %d–%d", v.name, w[0], w[1], w[2], w[3], w[4], w[5])
		}
		p.screenshot("picture-dialog-" + v.name)
	}
}
