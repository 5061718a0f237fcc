//go:build e2e

package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"gridsolve/app/share"
	"gridsolve/solvers/iq"
)

// recordWorkers makes the page keep every worker it starts from now on in
// window.recorded, so that the test can kill one without a word, as a
// browser that drops a worker's thread does.
func recordWorkers(p *page) {
	p.eval(`window.recorded = []; { const W = Worker; window.Worker = class extends W { constructor(...a) {
		super(...a);
		recorded.push(this);
		this.addEventListener("message", (e) => { if (e.data && e.data.type === "ready") this.ready = true; });
	} }; }`)
}

// A spare worker that died without a word is found out when it gets a
// job (it does not answer a ping), and a fresh one solves instead
// (issue 27, item 16: the dead spare was reused, and Solve never ended).
func TestSilentSpareIsReplaced(t *testing.T) {
	p := openPuzzle(t, "flip", "3 3\nbwb\nwbw\nbwb\n")
	recordWorkers(p)
	p.solve() // its job's worker goes; the spare started for the next job is recorded
	p.waitFor(`recorded.length >= 1`)
	time.Sleep(1500 * time.Millisecond) // the spare is up and ready
	p.eval(`recorded.forEach((w) => w.terminate())`)
	if status := p.solve(); !strings.Contains(status, "Press the") {
		t.Errorf("after the spare died the solve says %q", status)
	}
}

// A job whose workers stop sending anything ends as failed, in words,
// instead of counting forever.
func TestSilentJobFails(t *testing.T) {
	p := openPuzzle(t, "flip", "3 3\nbwb\nwbw\nbwb\n")
	recordWorkers(p)
	p.solve()                                                                             // from now on every worker, the spare too, is recorded
	p.eval(fmt.Sprintf(`location.hash = %q`, share.Encode("iq", (&iq.Board{}).String()))) // the empty triangle, whatever was saved
	p.waitFor(`document.querySelector("#tab-iq").classList.contains("active")`)
	p.eval(`window.gridsolveSilentMs = 1500`)
	seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
	p.click("#iq-count") // the empty triangle: thousands of completions, seconds of work
	// Every worker of the count is up (a worker killed while it loads
	// fails loudly instead, which is another test's case).
	p.waitFor(`recorded.length >= 1 && recorded.every((w) => w.ready) && document.querySelector("#progress")?.textContent.includes("nodes")`)
	p.eval(`recorded.forEach((w) => w.terminate())`)
	p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
	if got, state := p.statusNow(), eval[string](p, `document.querySelector("#status").dataset.state`); state != "error" || !strings.Contains(got, "seems to have stopped") {
		t.Errorf("a silent count ends as %s %q", state, got)
	}
	p.eval(`window.gridsolveSilentMs = 0`) // the default again
	p.tab("flip")
	if status := p.solve(); !strings.Contains(status, "Press the") && !strings.Contains(status, "Already") {
		t.Errorf("the next solve says %q", status)
	}
}
