//go:build e2e

package e2e

import (
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
