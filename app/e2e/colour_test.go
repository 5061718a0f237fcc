//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers/nonogram"
)

// cssRGB is how the browser writes the colour of six hex digits.
func cssRGB(hex string) string {
	v, _ := strconv.ParseUint(hex, 16, 32)
	return fmt.Sprintf("rgb(%d, %d, %d)", v>>16&255, v>>8&255, v&255)
}

// clueColours are the background colours of the clue numbers, columns
// first, then rows, as the page draws them.
func (p *page) clueColours() []string {
	return eval[[]string](p, `[...document.querySelectorAll("#grid .clue span")].map(s => getComputedStyle(s).backgroundColor)`)
}

// A colour nonogram (3 inks, a picture made here) opens by link with its
// clue numbers on swatches of their inks, Solve (in the editor) fills the
// cells with the inks, and its share link opens the same clues in a
// fresh page.
func TestNonogramColourSolveShare(t *testing.T) {
	inks := []nonogram.Ink{{Name: "red", RGB: "e02020"}, {Name: "navy", RGB: "102060"}, {Name: "yellow", RGB: "f0d020"}}
	pic := [][]int{
		{0, 1, 1, 1, 0},
		{1, 3, 3, 3, 1},
		{2, 3, 0, 3, 2},
		{2, 2, 2, 2, 2},
		{0, 2, 0, 2, 0},
	}
	clues := nonogram.ColourCluesOf(pic, inks)
	text := clues.String()
	if a, err := nonogram.Solve(context.Background(), clues, nil); err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the test's puzzle: %+v %v", a, err)
	}
	var want []string
	for x := range clues.Cols {
		for _, i := range clues.ColInks[x] {
			want = append(want, cssRGB(inks[i].RGB))
		}
	}
	for y := range clues.Rows {
		for _, i := range clues.RowInks[y] {
			want = append(want, cssRGB(inks[i].RGB))
		}
	}

	p := openShared(t, "nonogram", text)
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Opened the shared Nonogram puzzle")`)
	p.editing("nonogram") // a shared puzzle opens to play; Solve draws in the editor
	if got := p.clueColours(); !slices.Equal(got, want) {
		t.Fatalf("clue swatches %v, want %v", got, want)
	}
	p.solve()
	if got := eval[string](p, `document.querySelector("#verdict").textContent`); got != "unique" {
		t.Fatalf("verdict %q", got)
	}
	cells := eval[[]string](p, `[...document.querySelectorAll("#grid [data-i]")].map(c => getComputedStyle(c).backgroundColor)`)
	w := len(pic[0])
	if len(cells) != w*len(pic) {
		t.Fatalf("%d cells", len(cells))
	}
	for i, got := range cells {
		v := pic[i/w][i%w]
		inked := slices.IndexFunc(inks, func(k nonogram.Ink) bool { return cssRGB(k.RGB) == got })
		if v > 0 && got != cssRGB(inks[v-1].RGB) || v == 0 && inked >= 0 {
			t.Errorf("cell %d is %s, want ink %d", i, got, v)
		}
	}
	p.screenshot("nonogram-colour")

	p.click("#share")
	p.waitFor(`document.querySelector("#share-url")?.value.includes("#")`)
	link := eval[string](p, `document.querySelector("#share-url").value`)
	_, fragment, _ := strings.Cut(link, "#")
	q := open(t, fragment)
	if got := q.exported(); got != text {
		t.Errorf("the link opens\n%s\nwant\n%s", got, text)
	}
	if got := q.clueColours(); !slices.Equal(got, want) {
		t.Errorf("the link's clue swatches %v, want %v", got, want)
	}
}

// threeInks is the picture TestNonogramColourDraw draws: 0 white, k ink k-1.
var threeInks = [][]int{
	{0, 1, 1, 1, 0},
	{1, 3, 3, 3, 1},
	{2, 3, 0, 3, 2},
	{0, 2, 2, 2, 0},
}

// paintInks picks each ink on the palette and clicks the cells of pic in
// it, as a person draws or plays a colour picture.
func (p *page) paintInks(pic [][]int) {
	p.t.Helper()
	for k := range 3 {
		p.click(fmt.Sprintf("#ink-%d", k))
		for y, row := range pic {
			for x, v := range row {
				if v == k+1 {
					p.clickCell(y*len(row) + x)
				}
			}
		}
	}
}

// A three-colour picture is drawn with the palette (two colours added to
// black and white, the first recoloured and renamed), its colour clues
// follow it; it solves, is played to "Solved" with a wrong move undone on
// the way, its share link opens the same puzzle in a fresh tab, and it
// saves as webpbn XML and as a PNG in its colours.
func TestNonogramColourDraw(t *testing.T) {
	p := openShared(t, "nonogram", "4 5\n0\n0\n0\n0\n0\n0\n0\n0\n0\n")
	p.click("#nono-draw")
	p.click("#nono-clear")
	p.click("#ink-add")
	p.click("#ink-add")
	p.setValue("#ink-rgb-0", "#f0d020")
	p.setValue("#ink-name-0", "sun")
	inks := []nonogram.Ink{{Name: "sun", RGB: "f0d020"}, {Name: "red", RGB: "e02020"}, {Name: "blue", RGB: "2060d0"}}
	p.paintInks(threeInks)
	want := nonogram.ColourCluesOf(threeInks, inks).String()
	if got := p.exported(); got != want {
		t.Fatalf("the drawn picture's puzzle is\n%s\nwant\n%s", got, want)
	}
	p.screenshot("nonogram-colour-draw")
	p.solve()
	if got := eval[string](p, `document.querySelector("#verdict").textContent`); got != "unique" {
		t.Fatalf("verdict %q", got)
	}

	// Play: a wrong ink, undone, then the picture.
	p.click("#nono-play")
	cellColour := `getComputedStyle(document.querySelector('#grid [data-i="1"]')).backgroundColor`
	blank := eval[string](p, cellColour)
	p.click("#ink-1")
	p.clickCell(1) // wrong: (1, 0) is sun
	if got := eval[string](p, cellColour); got != cssRGB("e02020") {
		t.Errorf("the cell filled with red shows %s", got)
	}
	p.click("#undo")
	if got := eval[string](p, cellColour); got != blank {
		t.Errorf("after Undo the cell shows %s, want %s", got, blank)
	}
	p.paintInks(threeInks)
	p.waitFor(`document.querySelector("#play-status").textContent.startsWith("Solved")`)
	p.screenshot("nonogram-colour-solved")

	p.click("#share")
	p.waitFor(`document.querySelector("#share-url")?.value.includes("#")`)
	link := eval[string](p, `document.querySelector("#share-url").value`)
	_, fragment, _ := strings.Cut(link, "#")
	q := open(t, fragment)
	if got := q.exported(); got != want {
		t.Errorf("the link opens\n%s\nwant\n%s", got, want)
	}

	q.catchDownloads()
	name, xml := q.saveAs("webpbn XML (.xml)")
	if judge, f, err := (nonogram.Game{}).Import(string(xml)); err != nil || f.Name != "webpbn XML" || judge != want {
		t.Errorf("%s reads back as %s (%v):\n%s", name, f.Name, err, judge)
	}
	name, data := q.saveAs("puzzle image (.png)")
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s is not a PNG: %v", name, err)
	}
	// The clues are on swatches of the inks: each is in the image.
	seen := map[string]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 3 {
		for x := b.Min.X; x < b.Max.X; x += 3 {
			r, g, bl, _ := img.At(x, y).RGBA()
			seen[fmt.Sprintf("%02x%02x%02x", r>>8, g>>8, bl>>8)] = true
		}
	}
	for _, ink := range inks {
		if !seen[ink.RGB] {
			t.Errorf("the PNG has no %s (%s)", ink.Name, ink.RGB)
		}
	}
}

// Screenshots of the colour editor on a phone: the palette while typing
// clues, and the picture drawn from the solution.
func TestNonogramColourPhone(t *testing.T) {
	inks := []nonogram.Ink{{Name: "sun", RGB: "f0d020"}, {Name: "red", RGB: "e02020"}, {Name: "blue", RGB: "2060d0"}}
	text := nonogram.ColourCluesOf(threeInks, inks).String()
	p := openIn(t, phone, share.Encode("nonogram", text))
	p.waitFor(`document.querySelector("#ink-2") !== null`)
	p.screenshot("nonogram-colour-play-phone")
	p.click("#nono-clues")
	if n := eval[int](p, `document.querySelectorAll(".inks input[type=color]").length`); n != 3 {
		t.Errorf("%d colour fields, want 3", n)
	}
	p.screenshot("nonogram-colour-clues-phone")
	p.solve()
	p.click("#nono-draw")
	if got := p.exported(); got != text {
		t.Errorf("drawing from the solution gives\n%s\nwant\n%s", got, text)
	}
	p.screenshot("nonogram-colour-draw-phone")
}

// Make it unique on a drawn colour picture with several solutions: its
// suggestions, accepted one by one, each recolour their cell, and the
// check then reports a unique puzzle.
func TestNonogramColourMakeUnique(t *testing.T) {
	p := openShared(t, "nonogram", "5 5\n0\n0\n0\n0\n0\n0\n0\n0\n0\n0\n")
	p.click("#nono-draw")
	p.click("#nono-clear")
	p.click("#ink-add")
	p.click("#ink-add")
	p.paintInks([][]int{ // a 2x2 diagonal in each of two inks: each fits flipped
		{2, 0, 0, 0, 0},
		{0, 2, 0, 0, 0},
		{0, 0, 1, 1, 0},
		{0, 0, 0, 3, 0},
		{0, 0, 0, 0, 3},
	})
	p.waitFor(`document.querySelector("#nono-report")?.dataset.status === "multiple"`)
	p.click("#nono-unique")
	p.waitFor(`document.querySelector("#nono-accept") !== null`)
	p.screenshot("nonogram-colour-suggest")
	accepted := 0
	for range 10 {
		if !eval[bool](p, `document.querySelector("#nono-accept") !== null`) {
			break
		}
		p.click("#nono-accept")
		accepted++
		p.waitFor(`document.querySelector("#nono-report") !== null`)
	}
	p.waitFor(`document.querySelector("#nono-report")?.dataset.status === "unique"`)
	clues, err := nonogram.ParseClues(p.exported())
	if err != nil || !clues.IsColour() || accepted == 0 {
		t.Fatalf("after %d changes the puzzle is\n%s (%v)", accepted, p.exported(), err)
	}
	if a, err := nonogram.Solve(context.Background(), clues, nil); err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the changed picture's clues: %+v %v", a, err)
	}
	p.screenshot("nonogram-colour-unique")
}
