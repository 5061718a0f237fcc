//go:build e2e

package e2e

import (
	"context"
	"strings"
	"testing"

	"gridsolve/solvers/flip"
)

func TestFlip(t *testing.T) {
	blank, _ := flip.NewBoard(5, 4)
	p := openPuzzle(t, "flip", blank.String())

	// Draw: toggle some cells by click, mirrored on a native board.
	want, _ := flip.NewBoard(5, 4)
	for _, i := range []int{0, 3, 6, 7, 12, 18, 19, 7} {
		p.clickCell(i)
		want.Black[i] = !want.Black[i]
	}
	if got := p.exported(); got != want.String() {
		t.Fatalf("drawn board exports as\n%s\nwant\n%s", got, want.String())
	}

	// Play mode presses a cell and its neighbours, and counts it; Draw
	// goes back to the board play started from.
	drawn := want.String()
	p.click("#flip-play")
	p.clickCell(11)
	pressed11, _ := flip.ParseBoard(drawn)
	pressed11.Press(11)
	if got := p.exported(); got != pressed11.String() {
		t.Fatalf("after pressing cell 11 the board exports as\n%s\nwant\n%s", got, pressed11)
	}
	if got := eval[string](p, `document.querySelector("#flip-presses").textContent`); !strings.HasPrefix(got, "1 press so far") {
		t.Errorf("press count shows %q", got)
	}
	p.click("#flip-edit")
	if got := p.exported(); got != drawn {
		t.Fatalf("back in Draw the board exports as\n%s\nwant the drawn one\n%s", got, drawn)
	}

	status := p.solve()
	native, err := flip.Solve(context.Background(), want)
	if err != nil {
		t.Fatal(err)
	}
	cells := p.cellClasses()
	if len(cells) != 20 {
		t.Fatalf("grid has %d cells, want 20", len(cells))
	}
	presses := 0
	pressed, _ := flip.ParseBoard(want.String())
	for i, c := range cells {
		if hasClass(c, "black") != want.Black[i] {
			t.Errorf("cell %d drawn %v, board has black=%v", i, c, want.Black[i])
		}
		marked := hasClass(c, "press")
		if marked != (native.Possible && native.Presses.Has(i)) {
			t.Errorf("cell %d: page marks press=%v, native solver says %v", i, marked, native.Possible && native.Presses.Has(i))
		}
		if marked {
			presses++
			pressed.Press(i)
		}
	}
	if native.Possible {
		// The marked presses really solve the drawn board.
		for i := range pressed.Black {
			if pressed.Black[i] != pressed.Black[0] {
				t.Fatalf("pressing the marked cells leaves a two-coloured board:\n%s", pressed)
			}
		}
	}
	t.Logf("status: %s (%d presses)", status, presses)
	p.screenshot("flip")
}
