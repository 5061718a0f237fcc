//go:build e2e

package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"gridsolve/solvers"
	"gridsolve/solvers/flip"
)

// solveWatched solves, from the click on Solve to the answer drawn (or Esc
// after 20 s), and returns the page's long main-thread tasks meanwhile.
func (p *page) solveWatched() mainThreadTasks {
	p.t.Helper()
	p.waitFor(`!document.querySelector("#solve").disabled`)
	return p.watchMainThread(func() {
		seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
		p.click("#solve")
		p.eval(`window.solveStart = performance.now()`)
		p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q || performance.now() - window.solveStart > 20000`, seq))
		if eval[string](p, `document.querySelector("#status").dataset.seq`) == seq {
			p.focusBoard()
			p.press(kb.Escape)
			p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
		}
		p.waitFor(`document.querySelector("#status").dataset.revealing !== "true"`)
	})
}

// A long solve of a big board leaves the main thread free: progress is
// shown without laying out the page, and the answer is drawn in one short
// task. Measured on a 50×50 nonogram and a 64×64 flip board.
func TestLongSolvesResponsive(t *testing.T) {
	clues, err := os.ReadFile("../../solvers/nonogram/testdata/random50-24.txt")
	if err != nil {
		t.Fatal(err)
	}
	// A solvable 64×64 board (presses on a blank one), so that its answer,
	// 4,096 cells, is drawn too.
	rng := rand.New(rand.NewPCG(64, 64))
	board, _ := flip.NewBoard(64, 64)
	for range 600 {
		board.Press(rng.IntN(len(board.Black)))
	}
	for _, c := range []struct{ game, text string }{{"nonogram", string(clues)}, {"flip", board.String()}} {
		p := openPuzzle(t, c.game, c.text)
		clean := false
		for try := 1; try <= 3 && !clean; try++ { // the first solve compiles code: a long task must repeat to count
			long := p.solveWatched()
			t.Logf("%s: solve %d: %s; tasks over 50 ms: %v CPU (%v wall)", c.game, try, p.statusNow(), long.cpu, long.wall)
			clean = len(long.cpu) == 0
		}
		if !clean {
			t.Errorf("%s: every solve had main-thread tasks over 50 ms", c.game)
		}
		if !strings.Contains(p.statusNow(), "ms)") && !strings.HasPrefix(p.statusNow(), "Cancelled") {
			t.Errorf("%s: solve ended with %q", c.game, p.statusNow())
		}
	}
}

// The worker that warms the solvers' code up gives way to the user: it
// starts only after a quiet spell, and the next click ends it at once.
// Run to its end, it has dealt and solved a puzzle of every game.
func TestWarmUpGivesWay(t *testing.T) {
	// Ships' link opens to edit and starts no job (a job warms the code
	// up itself, and so ends the need for a warm-up).
	p := openAfresh(t, "ships", "3 3\n...\n.x.\n..o\n")
	p.waitFor(`gridsolveSolver.live() === 2`) // the spare, and the warm-up after a quiet spell
	p.clickCell(0)
	if n := eval[int](p, `gridsolveSolver.live()`); n != 1 {
		t.Errorf("after a click %d workers are alive, want only the spare", n)
	}
	// The next quiet spell starts it over, and it runs to its end.
	p.waitFor(`gridsolveSolver.live() === 2`)
	p.waitFor(`gridsolveSolver.live() === 1`)
	warmed := eval[[]string](p, `gridsolveSolver.warmed()`)
	slices.Sort(warmed)
	var want []string
	for _, g := range solvers.All {
		want = append(want, g.Name())
	}
	slices.Sort(want)
	if !slices.Equal(warmed, want) {
		t.Errorf("the warm-up solved %v, want every game %v", warmed, want)
	}
}
