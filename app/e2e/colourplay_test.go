//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"

	"gridsolve/app/share"
	"gridsolve/solvers/nonogram"
)

// blankNonogram is the judge text of a w×h nonogram with empty clues.
func blankNonogram(w, h int) string {
	return fmt.Sprintf("%d %d\n", h, w) + strings.Repeat("0\n", w+h)
}

// New puzzle in 3 colours deals a unique three-colour puzzle at the
// board's size; Hint, twice, points at cells the solution colours as its
// reason says, in the colours' names; then the puzzle is played to
// "Solved", and the designer's check reports it. On a phone, the Colours choice and a colour hint show too.
func TestNonogramColourNewHintPlay(t *testing.T) {
	p := openShared(t, "nonogram", blankNonogram(10, 10))
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Opened the shared Nonogram puzzle")`)
	p.setValue("#level", "1")
	p.setValue("#nono-deal-colours", "3")
	p.click("#new")
	p.waitFor(`!document.querySelector("#new").disabled && document.querySelector("#status").textContent.startsWith("A new")`)
	if got := p.statusNow(); !strings.HasPrefix(got, "A new Easy puzzle") {
		t.Fatalf("New gives status %q", got)
	}
	text := p.exported()
	c, err := nonogram.ParseClues(text)
	if err != nil || len(c.Inks) != 3 || len(c.Rows) != 10 || len(c.Cols) != 10 {
		t.Fatalf("New dealt (%v)\n%s", err, text)
	}
	a, err := nonogram.Solve(context.Background(), c, nil)
	if err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the dealt puzzle: %+v %v", a, err)
	}
	inkAt := func(i int) int { return strings.IndexByte("abc", a.Grid[i/10][i%10]) } // -1: white

	painted := map[int]bool{}
	for range 2 {
		p.click("#hint")
		p.waitFor(`!document.querySelector("#hint").disabled && document.querySelector("#status").textContent.startsWith("Hint: ")`)
		reason := p.statusNow()
		hinted := eval[[]int](p, `[...document.querySelectorAll("#grid .hinted")].map(c => +c.dataset.i)`)
		if len(hinted) == 0 {
			t.Fatalf("the hint %q marks no cell", reason)
		}
		t.Logf("%s (cells %v)", reason, hinted)
		for _, i := range hinted {
			name := "empty"
			if k := inkAt(i); k >= 0 {
				name = c.Inks[k].Name
			}
			if !strings.HasSuffix(reason, " must be "+name+".") && !strings.HasSuffix(reason, " is "+name+".") {
				t.Errorf("%q: cell %d is %s in the solution", reason, i, name)
			}
		}
		p.screenshot("nonogram-colour-hint")
		for _, i := range hinted { // take the hint
			if k := inkAt(i); k >= 0 {
				p.click(fmt.Sprintf("#ink-%d", k))
				p.clickCell(i)
				painted[i] = true
			} else {
				p.drag([]int{i}, input.MouseButtonRight)
			}
		}
	}
	for k := range 3 {
		p.click(fmt.Sprintf("#ink-%d", k))
		for i := range 100 {
			if inkAt(i) == k && !painted[i] {
				p.clickCell(i)
			}
		}
	}
	p.waitFor(`document.querySelector("#play-status").textContent.startsWith("Solved")`)
	p.screenshot("nonogram-colour-new-solved")

	// The designer's check of the dealt colour puzzle: Easy is solvable
	// line by line, and unique.
	p.click("#nono-clues")
	p.waitFor(`document.querySelector("#nono-report")?.dataset.level !== undefined`)
	if level, status := eval[string](p, `document.querySelector("#nono-report").dataset.level`),
		eval[string](p, `document.querySelector("#nono-report").dataset.status`); level != "lines" || status != "unique" {
		t.Errorf("the check says %s, %s: %q", level, status, eval[string](p, `document.querySelector("#nono-report").textContent`))
	}
	p.screenshot("nonogram-colour-check")

	q := openIn(t, phone, share.Encode("nonogram", text))
	q.waitFor(`document.querySelector("#nono-deal-colours") !== null`)
	q.setValue("#nono-deal-colours", "4")
	q.click("#hint")
	q.waitFor(`document.querySelector("#status").textContent.startsWith("Hint: ")`)
	q.screenshot("nonogram-colour-hint-phone")
}
