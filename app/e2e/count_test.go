//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"

	"gridsolve/solvers/iq"
)

// countWorkers is the number of workers the test's page counts in: the
// page is told the machine has this many cores.
const countWorkers = 4

// openCount opens the empty IQ board on a page that believes the machine
// has countWorkers cores, once the page runs no job: the browser's
// storage, shared by the tests, may restore a tab whose editor has work
// for a worker (a play mode's fewest moves), which would hold one more.
func openCount(t *testing.T) *page {
	p := openPuzzle(t, "iq", (&iq.Board{}).String())
	p.cores(countWorkers)
	p.waitFor(`gridsolveSolver.jobs() === 0`)
	return p
}

// cores makes the page believe the machine has n cores.
func (p *page) cores(n int) {
	p.eval(fmt.Sprintf(`Object.defineProperty(navigator, "hardwareConcurrency", {value: %d, configurable: true})`, n))
}

// startCount clicks Count and returns the status's seq to wait on.
func (p *page) startCount() string {
	p.t.Helper()
	p.waitFor(`!document.querySelector("#iq-count").disabled`)
	seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
	p.click("#iq-count")
	return seq
}

// liveWorkers checks the page has want workers started and not ended.
func (p *page) liveWorkers(want int, when string) {
	p.t.Helper()
	if live := eval[int](p, `gridsolveSolver.live()`); live != want {
		p.t.Errorf("%d workers live %s, want %d", live, when, want)
	}
}

// The page counts the empty IQ board's completions in several workers,
// or in one taking the parts in turn, with one progress line for all of
// them, and finds the number the native solver finds. The workers share
// one compiled module.
func TestCountInWorkers(t *testing.T) {
	want, err := iq.Count(context.Background(), &iq.Board{})
	if err != nil {
		t.Fatal(err)
	}
	p := openCount(t)
	p.eval(`(() => {
		window.progressLines = [];
		new MutationObserver(() => {
			const el = document.querySelector("#progress");
			if (el && el.textContent) window.progressLines.push(el.textContent);
		}).observe(document.querySelector("#status"), {subtree: true, childList: true, characterData: true});
	})()`)
	workers := 0
	for _, k := range []int{countWorkers, 1} {
		p.cores(k)
		p.eval(`window.progressLines = []`)
		seq := p.startCount()
		// The warm-up worker, if it was still running, has made way.
		p.liveWorkers(k+1, fmt.Sprintf("while counting on %d cores (and the spare)", k))
		workers += k + 1
		if got := p.statusNow(); !strings.HasPrefix(got, "Counting…") {
			t.Errorf("status while counting: %q", got)
		}
		p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
		status := p.statusNow()
		if state := eval[string](p, `document.querySelector("#status").dataset.state`); state != "done" {
			t.Fatalf("count ended in state %s: %s", state, status)
		}
		if !strings.HasPrefix(strings.ReplaceAll(status, ",", ""), strconv.FormatInt(want, 10)+" completions") {
			t.Errorf("status %q, want %d completions", status, want)
		}
		t.Logf("on %d cores: %s", k, status)
		p.liveWorkers(1, "after the count (the spare)")
		checkCountProgress(t, eval[[]string](p, `window.progressLines`), want)
	}
	// Every worker got the module the page compiled once: the page's own.
	if n := eval[int](p, `performance.getEntriesByType("resource").filter(e => e.name.endsWith(".wasm")).length`); n != 1 {
		t.Errorf("the page fetched %d wasm files for itself and %d workers, want one", n, workers)
	}
}

// checkCountProgress checks the progress lines of a count of want
// completions: the sum of the parts done never goes back, and some
// line shows a part done.
func checkCountProgress(t *testing.T, lines []string, want int64) {
	t.Helper()
	line := regexp.MustCompile(`^([\d,]+) solutions so far, (\d) of 8 parts done`)
	var lastSum, lastDone int64
	partial := false
	for _, l := range lines {
		m := line.FindStringSubmatch(l)
		if m == nil {
			t.Errorf("progress line %q", l)
			continue
		}
		sum, _ := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
		done, _ := strconv.ParseInt(m[2], 10, 64)
		if sum < lastSum || done < lastDone || sum > want || done == 8 {
			t.Errorf("progress line %q after %d solutions and %d parts", l, lastSum, lastDone)
		}
		partial = partial || done > 0
		lastSum, lastDone = sum, done
	}
	if !partial {
		t.Errorf("no progress line showed a part done: %q", lines)
	}
}

// Cancel stops every worker of a count; a worker that cannot start fails
// the whole count with a clear status.
func TestCountCancelAndFault(t *testing.T) {
	p := openCount(t)
	// The worker warming the solvers' code up ends by itself.
	p.waitFor(`gridsolveSolver.live() === 1`)
	p.startCount()
	p.liveWorkers(countWorkers+1, "while counting (and the spare)")
	p.focusBoard()
	p.press(kb.Escape)
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Cancelled after")`)
	p.liveWorkers(1, "after Cancel (the spare)")
	t.Log(p.statusNow())

	// From now on worker.js cannot be had, so every worker fails to
	// start.
	p.reloadFailing("/web/worker.js")
	p.cores(countWorkers)
	seq := p.startCount()
	p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
	if state := eval[string](p, `document.querySelector("#status").dataset.state`); state != "error" ||
		!strings.HasPrefix(p.statusNow(), "The count failed: the solver failed") {
		t.Errorf("with worker.js blocked the count ends in state %s: %q", state, p.statusNow())
	}
	t.Log(p.statusNow())
	// Workers that failed to start go as their errors come in, which on a
	// busy machine may be after the first one has ended the count.
	p.waitFor(`gridsolveSolver.live() <= 1`)
}
