//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
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

// In play, a hint rings the card it names (by the number the card shows)
// in the tray and the place it goes on the board, and names the card the
// solution puts there; Solve in play draws the solution (issue 27, items
// 1 and 2).
func TestTetravexHintAndSolveInPlay(t *testing.T) {
	pz := tetravex.Generate(3, 10, rand.New(rand.NewPCG(21, 22)))
	p := openPuzzle(t, "tetravex", pz.String())
	p.click("#tv-play")
	p.waitFor(`document.querySelector("#grid.play") !== null`)
	p.click("#hint")
	p.waitFor(`document.querySelector("#status").dataset.state !== "busy"`)
	status := p.statusNow()
	var card, row, col int
	if _, err := fmt.Sscanf(status, "Hint: Card %d goes at row %d, column %d", &card, &row, &col); err != nil {
		t.Fatalf("hint %q: %v", status, err)
	}
	rung := eval[[]string](p, `[...document.querySelectorAll("#grid .tile.hinted")].map(c => (c.querySelector(".num")?.textContent ?? "") + "@" + c.dataset.i)`)
	target := strconv.Itoa((row-1)*pz.N + col - 1)
	if !slices.Contains(rung, "@"+target) || !slices.ContainsFunc(rung, func(s string) bool { return strings.HasPrefix(s, strconv.Itoa(card)+"@") }) {
		t.Errorf("hint %q rings %v, want place %s and card %d", status, rung, target, card)
	}
	native, err := tetravex.Solve(context.Background(), pz, nil)
	if err != nil || !native.Possible {
		t.Fatal(err)
	}
	if want := native.Place[(row-1)*pz.N+col-1] + 1; native.Solutions == 1 && want != card {
		t.Errorf("hint names card %d, the solution has card %d there", card, want)
	}
	p.solve()
	if n := eval[int](p, `document.querySelectorAll("#solution [data-card]").length`); n != len(pz.Cards) {
		t.Errorf("Solve in play draws %d cards of the solution", n)
	}
	p.screenshot("tetravex-hint-play")
}
