//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/flip"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/ships"
)

// saved is the tab's state as the page keeps it in localStorage.
func (p *page) saved(game string) string {
	var s string
	json.Unmarshal([]byte(eval[string](p, `localStorage.getItem("gridsolve/`+game+`")`)), &s)
	return s
}

// deal asks for a new Easy puzzle and waits for it.
func (p *page) deal() {
	p.t.Helper()
	p.setValue("#level", "1")
	p.click("#new")
	p.waitFor(`document.querySelector("#status").textContent.startsWith("A new")`)
}

// Ships: a dealt fleet hunted to the end by clicks: one miss on the way,
// the assist and a hint asked, then every ship cell shot; the replay says
// when one more miss was guaranteed, and the timer stops.
func TestPlayShipsToSolved(t *testing.T) {
	p := openPuzzle(t, "ships", blankShips(8, 8))
	p.deal()
	_, fleetText, _ := strings.Cut(p.saved("ships"), "\n")
	fleetText, _, _ = strings.Cut(fleetText, "=\n")
	fleet, err := ships.ParseBoard(fleetText)
	if err != nil {
		t.Fatalf("the hidden fleet: %v\n%s", err, p.saved("ships"))
	}
	water := slices.Index(fleet.Cells, 'o')
	p.clickCell(water)
	p.cellsHave([]int{water}, "miss", true)
	p.click("#ships-assist")
	p.waitFor(`document.querySelector("#grid .next") !== null`)
	p.click("#hint")
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Hint: Shoot")`)
	for i, v := range fleet.Cells {
		if v == 'x' {
			p.clickCell(i)
		}
	}
	p.waitFor(`/All seven ships sunk in \d+ shots with 1 miss\. (The solver could guarantee at most one more miss before shots? [0-9]|At no shot)/.test(document.querySelector("#ships-score").textContent)`)
	p.waitFor(`document.querySelector("#play-timer")?.textContent.startsWith("Solved in")`)
	t.Log(eval[string](p, `document.querySelector("#ships-score").textContent`))
	p.screenshot("play-ships")
}

// turns finds how many mirrors (0 or 1) and quarter turns the page's F and
// R keys take to bring a piece from its first orientation to target.
func turns(k int, target []iq.Cell) (mirror, rotate int, ok bool) {
	anchored := func(cells []iq.Cell) string {
		c := slices.Clone(cells)
		slices.SortFunc(c, func(a, b iq.Cell) int {
			if a.Row != b.Row {
				return a.Row - b.Row
			}
			return a.Col - b.Col
		})
		var b strings.Builder
		for _, x := range c {
			fmt.Fprintf(&b, "%d,%d;", x.Row-c[0].Row, x.Col-c[0].Col)
		}
		return b.String()
	}
	want := anchored(target)
	for m := range 2 {
		shape := slices.Clone(iq.Orientations(k)[0])
		if m == 1 {
			for i, c := range shape {
				shape[i] = iq.Cell{Row: c.Row, Col: -c.Col}
			}
		}
		for r := range 4 {
			if anchored(shape) == want {
				return m, r, true
			}
			for i, c := range shape {
				shape[i] = iq.Cell{Row: c.Col, Col: -c.Row}
			}
		}
	}
	return 0, 0, false
}

// IQ: a dealt position completed by placing whole pieces: one drop where
// the piece does not fit, a Check, then each missing piece turned and
// placed as the solver's completion has it.
func TestPlayIQToSolved(t *testing.T) {
	p := openPuzzle(t, "iq", (&iq.Board{}).String())
	p.click("#iq-pieces")
	p.deal()
	start, err := iq.ParseBoard(p.exported())
	if err != nil {
		t.Fatal(err)
	}
	cells := missingPieces(t, start)
	// A wrong move: a missing piece dropped where it cannot go.
	var letter byte
	for l := range cells {
		letter = l
		break
	}
	p.click("#piece-" + string(letter))
	for r := range iq.Size {
		for c := range r + 1 {
			if start.At(r, c) == iq.Empty && start.Fit(int(letter-'A'), 0, r, c) != nil {
				p.clickCell(r*iq.Size + c)
				if msg := eval[string](p, `document.querySelector("#iq-msg").textContent`); !strings.Contains(msg, "would") {
					t.Errorf("a piece that does not fit says %q", msg)
				}
				goto checked
			}
		}
	}
checked:
	p.click("#iq-check")
	p.waitFor(`document.querySelector("#iq-msg").textContent.includes("can still be completed")`)
	p.placePieces(cells, iq.Size)
	p.waitFor(`document.querySelector("#iq-msg").textContent.startsWith("Solved!")`)
	p.waitFor(`document.querySelector("#play-timer")?.textContent.startsWith("Solved in")`)
	p.screenshot("play-iq")
}

// Flip: a dealt board solved by presses: one wrong press taken back by
// Undo, a hint, then the solver's presses; the page says it was solved in
// the fewest presses.
func TestPlayFlipToSolved(t *testing.T) {
	p := openPuzzle(t, "flip", "5 5\nwwwww\nwwwww\nwwwww\nwwwww\nwwwww\n")
	p.deal()
	board, err := flip.ParseBoard(p.exported())
	if err != nil {
		t.Fatal(err)
	}
	a, err := flip.Solve(context.Background(), board)
	if err != nil || !a.Possible {
		t.Fatalf("the dealt board: %+v %v", a, err)
	}
	wrong := 0
	for a.Presses.Has(wrong) {
		wrong++
	}
	p.clickCell(wrong)
	p.click("#undo")
	p.click("#hint")
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Hint: Press")`)
	for i := range board.W * board.H {
		if a.Presses.Has(i) {
			p.clickCell(i)
		}
	}
	want := fmt.Sprintf("Solved in %d presses (fewest possible: %d).", a.Count, a.Count)
	if a.Count == 1 {
		want = "Solved in 1 press (fewest possible: 1)."
	}
	p.waitFor(fmt.Sprintf(`document.querySelector("#flip-presses").textContent === %q`, want))
	p.waitFor(`document.querySelector("#play-timer")?.textContent.startsWith("Solved in")`)
}
