//go:build e2e

package e2e

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers"
)

// stepsAt is the Step through cursor: steps taken, and of how many.
func (p *page) stepsAt() (at, of int) {
	p.t.Helper()
	return eval[int](p, `+document.querySelector("#steps-count").dataset.at`), eval[int](p, `+document.querySelector("#steps-count").dataset.len`)
}

// openSteps opens the Step through panel and waits for the steps.
func (p *page) openSteps() {
	p.t.Helper()
	p.click("#steps > summary")
	p.waitFor(`document.querySelector("#steps-count") !== null`)
}

// filled lists the cells drawn black in the board of sel.
func (p *page) filled(sel string) []int {
	p.t.Helper()
	return eval[[]int](p, `[...document.querySelectorAll("`+sel+` [data-i]")].filter(c => c.classList.contains("fill")).map(c => +c.dataset.i)`)
}

// Step through on a nonogram opened by link: Step, Back and Next
// backtrack move the cursor and say why, and Play at the fastest speed
// ends on the picture Solve draws; on a desktop and on a phone.
func TestStepThroughNonogram(t *testing.T) {
	clues, err := os.ReadFile("../../solvers/nonogram/testdata/hard25.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []viewport{desktop, phone} {
		name := fmt.Sprintf("steps-nonogram-%dx%d", v.w, v.h)
		p := openIn(t, v, share.Encode("nonogram", string(clues)))
		p.editing("nonogram")
		p.openSteps()
		if at, of := p.stepsAt(); at != 0 || of < 100 {
			t.Fatalf("%s: step %d of %d at first", name, at, of)
		}
		p.click("#steps-step")
		p.click("#steps-step")
		if at, _ := p.stepsAt(); at != 2 || eval[int](p, `document.querySelectorAll("#steps-grid .stepped").length`) == 0 {
			t.Errorf("%s: after two steps at %d, the cells deduced not outlined", name, at)
		}
		note := eval[string](p, `document.querySelector("#steps-note").textContent`)
		if !strings.HasPrefix(note, "Deduce: Row ") && !strings.HasPrefix(note, "Deduce: Column ") {
			t.Errorf("%s: the second step says %q", name, note)
		}
		p.screenshot(name + "-deduce")
		p.click("#steps-back")
		if at, _ := p.stepsAt(); at != 1 {
			t.Errorf("%s: Back leaves step %d", name, at)
		}
		p.click("#steps-next")
		if note := eval[string](p, `document.querySelector("#steps-note").textContent`); !strings.HasPrefix(note, "Backtrack: ") {
			t.Errorf("%s: Next backtrack stops at %q", name, note)
		}
		p.screenshot(name + "-backtrack")
		if v == phone {
			continue
		}
		p.setValue("#steps-speed", "4")
		p.eval(`document.querySelector("#steps-play").click()`)
		p.waitFor(`+document.querySelector("#steps-count").dataset.at === +document.querySelector("#steps-count").dataset.len`)
		p.screenshot(name + "-end")
		p.solve()
		if got, want := p.filled("#steps-grid"), p.filled("#grid"); len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s: the last step shows %d black cells, Solve %d", name, len(got), len(want))
		}
	}
}

// Flip's 4×4 board shows the classic enumeration: its 16 first rows, each
// with its presses to all white and to all black, the fewest in bold; a
// game whose solver records no steps says so.
func TestStepThroughFlip(t *testing.T) {
	for _, v := range []viewport{desktop, phone} {
		name := fmt.Sprintf("steps-flip-%dx%d", v.w, v.h)
		p := openIn(t, v, share.Encode("flip", "bwwb\nbbwb\nbwwb\nbwww\n"))
		p.openSteps()
		if n := eval[int](p, `document.querySelectorAll("#steps-firstrows tbody tr").length`); n != 16 {
			t.Errorf("%s: %d first rows listed, want 16", name, n)
		}
		for range 8 {
			p.click("#steps-step")
		}
		p.screenshot(name + "-chase")
		p.click("#steps-end")
		cells := eval[[]string](p, `[...document.querySelectorAll("#steps-firstrows td:not(.mono)")].map(c => c.textContent)`)
		if len(cells) != 32 || slices.Contains(cells, "–") || eval[int](p, `document.querySelectorAll("#steps-firstrows .best").length`) == 0 {
			t.Errorf("%s: the table at the end reads %v", name, cells)
		}
		if note := eval[string](p, `document.querySelector("#steps-note").textContent`); !strings.HasPrefix(note, "Found: All ") {
			t.Errorf("%s: the last step says %q", name, note)
		}
		p.screenshot(name + "-end")
	}
	p := open(t, "")
	for _, g := range solvers.All {
		if _, ok := g.(solvers.Tracer); ok {
			continue
		}
		p.tab(g.Name())
		p.click("#steps > summary")
		if got := eval[string](p, `document.querySelector("#steps-none")?.textContent ?? ""`); !strings.Contains(got, "does not record its steps yet") {
			t.Errorf("%s: Step through says %q", g.Name(), got)
		}
		p.click("#steps > summary")
	}
}

// Playing a 30×30 nonogram's steps at the fastest speed leaves the main
// thread free: no task over 50 ms (three tries: a stall on 2 shared cores
// must repeat to count).
func TestStepThroughSmooth(t *testing.T) {
	clues, err := os.ReadFile("../../solvers/nonogram/testdata/random30-7.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := openPuzzle(t, "nonogram", string(clues))
	p.watchLongTasks()
	p.openSteps()
	t.Logf("recording and reading the steps: tasks over 50 ms %v", eval[[]int](p, `window.longTasks`))
	p.setValue("#steps-speed", "4")
	clean := false
	for try := 1; try <= 3 && !clean; try++ {
		p.click("#steps-start")
		p.eval(`window.longTasks = []`)
		// Clicked by script: a click waits for the renders to pause,
		// which they do not while playing.
		p.eval(`document.querySelector("#steps-play").click(); window.playStart = performance.now()`)
		p.waitFor(`performance.now() - window.playStart > 3000`)
		p.click("#steps-play") // pause
		at, of := p.stepsAt()
		long := eval[[]int](p, `window.longTasks`)
		t.Logf("try %d: 3 s of play reached step %d of %d; tasks over 50 ms %v", try, at, of, long)
		clean = len(long) == 0 && at > 300
	}
	if !clean {
		t.Error("every try of playing had main-thread tasks over 50 ms, or played under 300 steps in 3 s")
	}
}
