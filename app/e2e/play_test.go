//go:build e2e

package e2e

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers"
)

// Every game that deals puzzles gets a New puzzle control whose puzzle the
// native solver accepts; every game that hints shows one step, its reason
// and its cells, and forgets it when the board changes.
func TestNewAndHint(t *testing.T) {
	p := openPuzzle(t, "ships", blankShips(8, 8))
	players := 0
	for _, g := range solvers.All {
		if _, ok := g.(solvers.Player); !ok {
			continue
		}
		players++
		game := g.Name()
		p.tab(game)
		if eval[bool](p, `document.querySelector("#new") !== null`) {
			before := p.exported()
			savedBefore := eval[string](p, `localStorage.getItem("gridsolve/`+game+`") ?? ""`)
			p.setValue("#level", "1")
			p.click("#new")
			p.waitFor(`!document.querySelector("#new").disabled`)
			if got := p.statusNow(); !strings.HasPrefix(got, "A new Easy puzzle") {
				t.Errorf("%s: New gives status %q", game, got)
				continue
			}
			text := p.exported()
			if saved := eval[string](p, `localStorage.getItem("gridsolve/`+game+`") ?? ""`); saved == savedBefore {
				t.Errorf("%s: New kept the same state", game)
			}
			if _, err := g.Solve(context.Background(), text, nil); err != nil {
				t.Errorf("%s: the new puzzle does not solve natively: %v\n%s", game, err, text)
			}
			p.click("#undo")
			if got := p.exported(); got != before {
				t.Errorf("%s: Undo after New gives\n%s\nwant\n%s", game, got, before)
			}
			p.click("#redo") // the hint below needs a step to undo

		}
		if !eval[bool](p, `document.querySelector("#hint") !== null && !document.querySelector("#hint").disabled`) {
			continue
		}
		p.click("#hint")
		p.waitFor(`!document.querySelector("#hint") || !document.querySelector("#hint").disabled`)
		status := p.statusNow()
		if !strings.HasPrefix(status, "Hint: ") || len(status) < 20 {
			t.Errorf("%s: Hint gives status %q", game, status)
			continue
		}
		hinted := eval[[]int](p, `[...document.querySelectorAll("#grid .hinted")].map(c => +c.dataset.i)`)
		if len(hinted) == 0 {
			t.Errorf("%s: the hint %q marks no cell", game, status)
			continue
		}
		t.Logf("%s: %s (cells %v)", game, status, hinted)
		p.click("#undo") // any change of the board
		if n := p.countClass("hinted"); n != 0 {
			t.Errorf("%s: the hint stays on %d cells after the board changed", game, n)
		}
		p.screenshot("hint-" + game)
	}
	if players < 2 {
		t.Errorf("only %d games deal and hint", players)
	}
}

// New puzzle deals at the size the editor shows, and after a deal in
// play a size set in Draw is the next deal's (issue 27, item 4).
func TestNewPuzzleAtTheEditorsSize(t *testing.T) {
	p := open(t, "nonogram")
	for _, size := range []string{"15", "30"} {
		p.waitFor(`document.querySelector("#field-w") !== null || document.querySelector("#nono-draw") !== null`)
		if eval[bool](p, `document.querySelector("#field-w") === null`) {
			p.click("#nono-draw")
			p.waitFor(`document.querySelector("#field-w") !== null`)
		}
		p.setValue("#field-w", size)
		p.setValue("#field-h", size)
		p.click("#new")
		p.waitFor(`document.querySelector("#status").dataset.state !== "busy"`)
		n, _ := strconv.Atoi(size)
		if cells := eval[int](p, `document.querySelectorAll("#grid [data-i]").length`); cells != n*n {
			t.Errorf("New puzzle at %s×%s deals %d cells (%q)", size, size, cells, p.statusNow())
		}
	}
}
