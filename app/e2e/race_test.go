//go:build e2e

package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers/nonogram"
)

// Solve on a black and white nonogram races depth-first search and
// clause learners of several seeds, each in a worker, as many as the
// machine has cores: all run (with the spare, one worker more), the
// first answer is drawn, and the other workers are ended with the job
// (Cancel ends a job's workers as a count's: see TestCountCancelAndFault).
// On one core the search runs alone.
func TestSolveRacesLearning(t *testing.T) {
	text, err := os.ReadFile("../../solvers/nonogram/testdata/random50-24.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := openPuzzle(t, "nonogram", string(text))
	p.waitFor(`gridsolveSolver.jobs() === 0`)
	for _, cores := range []int{4, 2, 1} {
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

// On a puzzle no search decides soon, the race's progress line counts the
// nodes of all its searches and says how many run; Cancel ends them all
// and keeps that line in the status.
func TestRaceProgressAndCancel(t *testing.T) {
	// The kind of nonogram that takes the searches minutes.
	link := share.Encode("nonogram", random50(3))
	for _, v := range []struct {
		name string
		vp   viewport
	}{{"desktop", desktop}, {"phone", phone}} {
		t.Run(v.name, func(t *testing.T) {
			p := openIn(t, v.vp, link)
			p.editing("nonogram")
			p.waitFor(`gridsolveSolver.jobs() === 0`)
			p.cores(3)
			p.waitFor(`!document.querySelector("#solve").disabled`)
			p.click("#solve")
			p.liveWorkers(4, "while solving on 3 cores (and the spare)")
			p.waitFor(`/[0-9,]+ nodes in 3 searches, [0-9.]+ s/.test(document.querySelector("#progress")?.textContent ?? "")`)
			p.screenshot("nonogram-race-progress-" + v.name)
			if clipped := eval[bool](p, `(() => { const el = document.querySelector("#progress"); return el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight })()`); clipped {
				t.Errorf("the progress line %q does not fit its box", eval[string](p, `document.querySelector("#progress").textContent`))
			}
			p.click("#cancel")
			if got := p.statusNow(); !regexp.MustCompile(`^Cancelled after [0-9,]+ nodes in 3 searches, [0-9.]+ s\.$`).MatchString(got) {
				t.Errorf("after Cancel the status says %q", got)
			}
			p.liveWorkers(1, "after Cancel (the spare)")
		})
	}
}

// random50 is the clues of BenchmarkPortfolioRandom50's puzzle of seed:
// a random 50x50 picture at half density.
func random50(seed uint64) string {
	rng := rand.New(rand.NewPCG(50, seed))
	pic := make([][]bool, 50)
	for r := range pic {
		pic[r] = make([]bool, 50)
		for c := range pic[r] {
			pic[r][c] = rng.Float64() < 0.5
		}
	}
	return nonogram.CluesOf(pic).String()
}

// A race goes on when some of its searches fail (a worker that runs out
// of memory, say): the one left gives the answer. When every search
// fails, the solve fails in words.
func TestRaceOutlivesAFailedSearch(t *testing.T) {
	p := openPuzzle(t, "nonogram", random50(11)) // the learner of seed 0 decides it in a second or two; the search takes minutes
	p.waitFor(`gridsolveSolver.jobs() === 0`)
	p.cores(3)
	// Every worker from now on is kept in window.recorded with its job.
	p.eval(`window.recorded = []; { const W = Worker; window.Worker = class extends W {
		constructor(...a) { super(...a); recorded.push(this); }
		postMessage(m, ...r) { if (m && m.op) this.op = m.op + ":" + m.position; return super.postMessage(m, ...r); }
	}; }`)
	fault := func(which string) {
		p.eval(`recorded.filter((w) => ` + which + `).forEach((w) => w.dispatchEvent(new ErrorEvent("error", {message: "out of memory"})))`)
	}
	for _, c := range []struct {
		fail    string // the workers to fail, as a condition on w
		workers int    // the race's workers recorded: the spare it takes is not, at first
		state   string // the solve's end
	}{
		{`w.op === "learn:1"`, 2, "done"}, // the search and the learner of seed 0 go on
		{`w.op`, 3, "error"},
	} {
		p.waitFor(`!document.querySelector("#solve").disabled`)
		p.eval(`recorded.forEach((w) => { w.op = "" })`)
		seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
		p.click("#solve")
		p.waitFor(fmt.Sprintf(`recorded.filter((w) => w.op).length === %d`, c.workers))
		fault(c.fail)
		p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
		state := eval[string](p, `document.querySelector("#status").dataset.state`)
		if state != c.state {
			t.Errorf("with %s failed the solve ends %s: %q", c.fail, state, p.statusNow())
		}
		t.Log(p.statusNow())
		p.waitFor(`gridsolveSolver.jobs() === 0`)
	}
}
