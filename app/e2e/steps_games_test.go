//go:build e2e

package e2e

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
	"gridsolve/solvers/trace"
)

// stepKinds are the panel's words for the kinds of step.
var stepKinds = map[trace.Kind]string{
	trace.Choose: "Choose", trace.Try: "Try", trace.Deduce: "Deduce",
	trace.Fail: "Contradiction", trace.Undo: "Backtrack", trace.Found: "Found",
}

// stepThrough opens game's puzzle text by its link in a viewport, opens
// Step through and checks it against the game's own trace of the puzzle,
// recorded here natively: the step count, each note as Step goes
// forward, Next backtrack landing after the first Undo, and the board at
// the end, which shown returns (one string per square or cell of the
// trace board) and want gives for a trace board value.
func stepThrough(t *testing.T, v viewport, game, text string, shown string, want func(i, value int) string) *page {
	t.Helper()
	tr, err := solversTracer(t, game).Trace(context.Background(), text, 20000)
	if err != nil {
		t.Fatal(err)
	}
	p := openIn(t, v, share.Encode(game, text))
	p.click("#steps summary")
	p.waitFor(`document.querySelector("#steps-count") !== null`)
	if n := eval[string](p, `document.querySelector("#steps-count").dataset.len`); n != strconv.Itoa(len(tr.Steps)) {
		t.Fatalf("%s: %s steps shown, the solver records %d", game, n, len(tr.Steps))
	}
	note := func() string { return eval[string](p, `document.querySelector("#steps-note").textContent`) }
	for k := range min(4, len(tr.Steps)) {
		p.click("#steps-step")
		s := tr.Steps[k]
		if got, want := note(), stepKinds[s.Kind]+": "+s.Note; got != want {
			t.Fatalf("%s: step %d says %q, want %q", game, k+1, got, want)
		}
		if len(s.Options) > 0 {
			if bars := eval[int](p, `document.querySelectorAll("#steps-options .bar").length`); bars != len(s.Options) {
				t.Errorf("%s: step %d shows %d option bars, want %d", game, k+1, bars, len(s.Options))
			}
		}
	}
	p.click("#steps-start")
	for i, s := range tr.Steps {
		if s.Kind == trace.Undo {
			p.click("#steps-next")
			if at := eval[string](p, `document.querySelector("#steps-count").dataset.at`); at != strconv.Itoa(i+1) {
				t.Errorf("%s: Next backtrack went to step %s, the first backtrack is step %d", game, at, i+1)
			}
			break
		}
	}
	p.screenshot("steps-" + game + "-" + strconv.Itoa(int(v.w)) + "-middle")
	p.click("#steps-end")
	last := tr.Steps[len(tr.Steps)-1]
	if got, want := note(), stepKinds[last.Kind]+": "+last.Note; got != want {
		t.Fatalf("%s: the last step says %q, want %q", game, got, want)
	}
	board := eval[[]string](p, shown)
	end := trace.Replay(tr.Start, tr.Steps)
	for i, value := range end {
		if w := want(i, value); i >= len(board) || board[i] != w {
			t.Fatalf("%s: the end board shows %q, want %q at %d (board %v)", game, board, w, i, end)
		}
	}
	p.screenshot("steps-" + game + "-" + strconv.Itoa(int(v.w)) + "-end")
	return p
}

func solversTracer(t *testing.T, game string) solvers.Tracer {
	g, ok := solvers.Lookup(game)
	tr, traced := g.(solvers.Tracer)
	if !ok || !traced {
		t.Fatalf("%s records no steps", game)
	}
	return tr
}

// Step through on IQ, Tetravex and Ships, on a desktop and a phone: each
// plays the solver's own steps and ends on its answer.
func TestStepThroughIQTetravexShips(t *testing.T) {
	text, err := iq.Game{}.Generate(context.Background(), solvers.Options{Level: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	// The IQ grid is drawn Rows by Cols, cells off the board included:
	// the i-th on the board, row by row, is the trace board's cell i.
	iqShown := `[...document.querySelectorAll("#steps-grid [data-i]")].filter(c => !c.classList.contains("off")).map(c => c.textContent)`
	iqWant := func(_, v int) string {
		if v == 0 {
			return ""
		}
		return iq.Pieces[v-1].Letter
	}
	tv := tetravex.Generate(3, 10, rand.New(rand.NewPCG(24, 2))).String()
	tvShown := `[...document.querySelectorAll("#steps-grid .tile")].map(t => t.getAttribute("aria-label").replace(/:.*/, ""))`
	tvWant := func(_, v int) string {
		if v < 0 {
			return "Empty square"
		}
		return "Card " + strconv.Itoa(v+1)
	}
	// Seven by seven, four grids fit the shots: the judge says yes.
	sh := "7 7\nxxxoo.o\noxx..o.\n.x.x.x.\nxxxox.x\noxxx..x\n.xx.xoo\no.oxoo.\n0 0\n"
	shipsBoard, err := ships.ParseBoard(sh)
	if err != nil {
		t.Fatal(err)
	}
	shShown := `[...document.querySelectorAll("#steps-grid [data-i]")].map(c => c.textContent)`
	shWant := func(i, v int) string {
		if v > 0 {
			return ships.ShipLetters[v-1 : v]
		}
		return map[byte]string{'x': "✕", 'o': "•", '.': ""}[shipsBoard.Cells[i]]
	}
	for _, v := range []viewport{desktop, phone} {
		stepThrough(t, v, "iq", text, iqShown, iqWant)
		stepThrough(t, v, "tetravex", tv, tvShown, tvWant)
		p := stepThrough(t, v, "ships", sh, shShown, shWant)
		if note := eval[string](p, `document.querySelector("#steps-note").textContent`); !strings.Contains(note, "Yes: 4 grids fit") {
			t.Errorf("ships: the verdict says %q, want yes for four grids", note)
		}
	}
}
