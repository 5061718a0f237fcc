//go:build e2e

package e2e

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers/ships"
)

func TestShips(t *testing.T) {
	blank := "7 6\n" + strings.Repeat(".......\n", 6)
	p := openPuzzle(t, "ships", blank)

	// Draw by clicks: one click makes a hit, two a miss.
	want, _ := ships.ParseBoard(blank)
	hits, misses := []int{8, 15, 40}, []int{0, 20, 26, 33}
	for _, i := range hits {
		p.clickCell(i)
		want.Cells[i] = 'x'
	}
	for _, i := range misses {
		p.clickCell(i)
		p.clickCell(i)
		want.Cells[i] = 'o'
	}
	if got := p.exported(); got != want.String() {
		t.Fatalf("drawn board exports as\n%s\nwant\n%s", got, want.String())
	}

	status := p.solve()
	checkShips(t, p, want)
	t.Logf("status: %s", status)
	p.screenshot("ships")
}

// checkShips compares the drawn analysis with the native solver's.
func checkShips(t *testing.T, p *page, want *ships.Board) *ships.Answer {
	t.Helper()
	res, err := ships.Game{}.Solve(context.Background(), want.String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	native := res.(*ships.Answer)
	verdict := eval[string](p, `document.querySelector("#verdict").textContent`)
	if wantVerdict := map[bool]string{true: "yes.", false: "no."}[native.Win]; verdict != wantVerdict {
		t.Errorf("page says %q, native solver %q", verdict, wantVerdict)
	}
	texts := eval[[]string](p, `[...document.querySelectorAll("#grid [data-i]")].map(c => c.textContent)`)
	for i, c := range p.cellClasses() {
		if want.Cells[i] != '.' {
			wantClass := map[byte]string{'x': "hit", 'o': "miss"}[want.Cells[i]]
			if !hasClass(c, wantClass) {
				t.Errorf("cell %d drawn %v, want %s", i, c, wantClass)
			}
			continue
		}
		if got, wantSure := hasClass(c, "sure-ship"), native.Known[i] == 'x'; got != wantSure {
			t.Errorf("cell %d: page sure-ship=%v, native %v", i, got, wantSure)
		}
		if got, wantSure := hasClass(c, "sure-water"), native.Known[i] == 'o'; got != wantSure {
			t.Errorf("cell %d: page sure-water=%v, native %v", i, got, wantSure)
		}
		if got := hasClass(c, "next"); got != (i == native.Next) {
			t.Errorf("cell %d: page next=%v, native next is %d", i, got, native.Next)
		}
		if native.Known[i] == '.' && !native.GridsCapped { // exact probabilities: the heatmap shows them
			if pct := strconv.Itoa(int(native.Ship[i]*100 + 0.5)); texts[i] != pct {
				t.Errorf("cell %d shows %q%%, native %s%%", i, texts[i], pct)
			}
		}
	}
	return native
}

// A board where some unshot cells are settled: they are drawn as sure
// ship or sure water, as the native solver finds.
func TestShipsDetermined(t *testing.T) {
	want := settledBoard(t)
	blank, _ := ships.ParseBoard(want.String())
	for i := range blank.Cells {
		blank.Cells[i] = '.'
	}
	p := openPuzzle(t, "ships", blank.String())
	for i, c := range want.Cells {
		switch c {
		case 'x':
			p.clickCell(i)
		case 'o':
			p.clickCell(i)
			p.clickCell(i)
		}
	}
	if got := p.exported(); got != want.String() {
		t.Fatalf("drawn board exports as\n%s\nwant\n%s", got, want.String())
	}
	p.solve()
	native := checkShips(t, p, want)
	settled := 0
	for i, c := range want.Cells {
		if c == '.' && native.Known[i] != '.' {
			settled++
		}
	}
	t.Logf("%d settled cells drawn; status: %s", settled, p.statusNow())
	p.screenshot("ships-settled")
}

// settledBoard finds a random board, consistent with some fleet, on which
// the native solver settles at least one unshot cell.
func settledBoard(t *testing.T) *ships.Board {
	rng := rand.New(rand.NewPCG(21, 22))
	for range 300 {
		b, _ := ships.ParseBoard("6 6\n" + strings.Repeat("......\n", 6))
		for i := range b.Cells {
			switch r := rng.IntN(10); {
			case r < 4:
				b.Cells[i] = 'o'
			case r < 5:
				b.Cells[i] = 'x'
			}
		}
		res, err := ships.Game{}.Solve(context.Background(), b.String(), nil)
		if err != nil {
			continue
		}
		a := res.(*ships.Answer)
		for i, c := range b.Cells {
			if a.Grids > 0 && c == '.' && a.Known[i] != '.' {
				return b
			}
		}
	}
	t.Fatal("no random board with settled cells found")
	return nil
}
