//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// Solve on a black and white nonogram races two searches, depth-first
// search and clause learning, each in a worker, when the machine has two
// cores or more: both run (with the spare, three workers), the first
// answer is drawn, and the other worker is ended with the job (Cancel
// ends a job's workers as a count's: see TestCountCancelAndFault). On
// one core the search runs alone.
func TestSolveRacesLearning(t *testing.T) {
	text, err := os.ReadFile("../../solvers/nonogram/testdata/random50-24.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := openPuzzle(t, "nonogram", string(text))
	p.waitFor(`gridsolveSolver.jobs() === 0`)
	for _, cores := range []int{2, 1} {
		p.cores(cores)
		p.waitFor(`!document.querySelector("#solve").disabled`)
		seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
		p.click("#solve")
		p.liveWorkers(cores+1, fmt.Sprintf("while solving on %d cores (and the spare)", cores))
		p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
		if got := p.statusNow(); !strings.HasPrefix(got, "Several solutions") {
			t.Errorf("on %d cores Solve says %q, want several solutions", cores, got)
		}
		// The designer's check of the clues may run after the solve.
		p.waitFor(`gridsolveSolver.jobs() === 0`)
		p.liveWorkers(1, "after the solve (the spare)")
	}
}
