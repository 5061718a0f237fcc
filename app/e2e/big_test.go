//go:build e2e

package e2e

import (
	"context"
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/flip"
	"gridsolve/solvers/nonogram"
)

// Big boards draw, take clicks and show their answers.
func TestBigGrids(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	b, _ := flip.NewBoard(40, 30)
	for i := range b.Black {
		b.Black[i] = rng.IntN(2) == 0
	}
	p := openPuzzle(t, "flip", b.String())
	p.clickCell(40*15 + 20)
	b.Black[40*15+20] = !b.Black[40*15+20]
	p.solve()
	native, err := flip.Solve(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range p.cellClasses() {
		if hasClass(c, "press") != (native.Possible && native.Presses.Has(i)) {
			t.Fatalf("40×30 flip: cell %d press mark differs from the native solver", i)
		}
	}
	p.screenshot("flip-40x30")

	// A 50×50 nonogram drawn as a picture of rings.
	const n = 50
	pic := blank(n, n)
	for y := range n {
		for x := range n {
			dx, dy := x-n/2, y-n/2
			pic[y][x] = (dx*dx+dy*dy)/40%2 == 0 || (x+y)%11 == 0
		}
	}
	clues := nonogram.CluesOf(pic)
	q := openPuzzle(t, "nonogram", clues.String())
	q.solve()
	checkNonogram(t, q, clues)
	q.screenshot("nonogram-50x50")
}
