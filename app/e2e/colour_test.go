//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

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
// clue numbers on swatches of their inks, Solve fills the cells with the
// inks, and its share link opens the same clues in a fresh page.
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
	if got := p.clueColours(); !slices.Equal(got, want) {
		t.Fatalf("clue swatches %v, want %v", got, want)
	}
	if !eval[bool](p, `document.body.textContent.includes("Colour puzzles can be solved, saved and shared")`) {
		t.Error("the page does not say what it does with a colour puzzle")
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
