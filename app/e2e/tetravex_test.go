//go:build e2e

package e2e

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"gridsolve/solvers/tetravex"
)

func TestTetravex(t *testing.T) {
	zero := &tetravex.Puzzle{N: 2, Cards: make([]tetravex.Card, 4)}
	p := openPuzzle(t, "tetravex", zero.String())

	// Draw a generated puzzle edge by edge: click an edge to select it and
	// type its value; a second click on an edge counts it up by one.
	want := tetravex.Generate(2, 10, rand.New(rand.NewPCG(11, 12)))
	for i := range 4 * len(want.Cards) {
		p.clickCell(i)
		p.keys("#grid", strconv.Itoa(want.Cards[i/4][i%4]))
	}
	p.clickCell(5) // selects
	p.clickCell(5) // counts up
	want.Cards[1][1] = (want.Cards[1][1] + 1) % 10
	p.keys("#grid", kb.ArrowUp)
	want.Cards[1][1]++
	if got := p.exported(); got != want.String() {
		t.Fatalf("drawn puzzle exports as\n%s\nwant\n%s", got, want.String())
	}

	status := p.solve()
	native, err := tetravex.Solve(context.Background(), want, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !native.Possible {
		t.Fatalf("the generated puzzle is impossible natively")
	}
	var place []int
	for _, s := range eval[[]string](p, `[...document.querySelectorAll("#solution [data-card]")].map(c => c.dataset.card)`) {
		k, _ := strconv.Atoi(s)
		place = append(place, k)
	}
	if len(place) != len(native.Place) {
		t.Fatalf("solution shows %d cards, want %d", len(place), len(native.Place))
	}
	for i := range place {
		if place[i] != native.Place[i] {
			t.Fatalf("solution shows cards %v, native solver %v", place, native.Place)
		}
	}
	// The arrangement drawn really fits: neighbouring edges agree.
	n := want.N
	for pos, k := range place {
		c := want.Cards[k]
		if x := pos % n; x+1 < n && c[tetravex.Right] != want.Cards[place[pos+1]][tetravex.Left] {
			t.Errorf("cards at %d and %d do not match", pos, pos+1)
		}
		if pos+n < len(place) && c[tetravex.Bottom] != want.Cards[place[pos+n]][tetravex.Top] {
			t.Errorf("cards at %d and %d do not match", pos, pos+n)
		}
	}
	t.Logf("status: %s", status)
	p.screenshot("tetravex")

	// Cards whose right and left edges never meet: drawn as impossible.
	p.importText("2\n0 1 0 2\n0 1 0 2\n0 1 0 2\n0 1 0 2\n0\n")
	p.solve()
	if got := eval[string](p, `document.querySelector("#solution").textContent`); got != "Impossible." {
		t.Errorf("impossible puzzle shows %q", got)
	}
}
