//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers/flip"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
)

// An answer is drawn only on the exact puzzle it was solved for: Clear
// during a solve leaves the cleared puzzle without an answer.
func TestClearDuringSolve(t *testing.T) {
	clues, err := os.ReadFile("../../solvers/nonogram/testdata/random50-24.txt")
	if err != nil {
		t.Fatal(err)
	}
	p := openPuzzle(t, "nonogram", string(clues))
	seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
	p.click("#solve")
	p.click("#nono-draw") // the typed clues give way to a picture
	p.click("button[data-tool=clear]")
	p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
	if n := p.countClass("fill"); n != 0 {
		t.Errorf("%d cells drawn black on the cleared puzzle (status %q)", n, p.statusNow())
	}
	if eval[bool](p, `document.querySelector("#verdict") !== null`) {
		t.Errorf("a verdict is shown for the cleared puzzle: %q", p.statusNow())
	}
}

// Each tab keeps its own status and answer; the judge-text box shows the
// shown tab's puzzle.
func TestTabsKeepTheirOwnState(t *testing.T) {
	p := openPuzzle(t, "nonogram", "3x2:1/1/1/2/1")
	status := p.solve()
	verdict := eval[string](p, `document.querySelector("#verdict").textContent`)
	p.tab("flip")
	if got := p.statusNow(); got == status || strings.Contains(got, "solution") {
		t.Errorf("the Flip tab shows the nonogram's status %q", got)
	}
	if eval[bool](p, `document.querySelector("#verdict") !== null`) {
		t.Error("the Flip tab shows the nonogram's verdict")
	}
	if _, err := flip.ParseBoard(p.exported()); err != nil {
		t.Errorf("Export on the Flip tab gives no flip board: %v", err)
	}
	p.tab("ships")
	if _, err := ships.ParseBoard(eval[string](p, `document.querySelector("#import-text").value`)); err != nil {
		t.Errorf("the judge-text box on the Ships tab holds no ships board: %v", err)
	}
	p.tab("nonogram")
	if got := p.statusNow(); got != status {
		t.Errorf("back on the Nonogram tab the status is %q, want %q", got, status)
	}
	if got := eval[string](p, `document.querySelector("#verdict")?.textContent ?? ""`); got != verdict {
		t.Errorf("back on the Nonogram tab the verdict is %q", got)
	}
}

// A shared link replaces the puzzle but not the work: Undo brings the
// user's own puzzle back. A saved puzzle that no longer loads is reported.
func TestSharedLinkKeepsYourPuzzle(t *testing.T) {
	p := openPuzzle(t, "flip", "3 3\nwww\nwww\nwww\n")
	p.clickCell(4)
	mine := p.exported()
	p.eval(fmt.Sprintf(`location.hash = %q`, share.Encode("flip", "2 2\nbb\nbb\n")))
	p.waitFor(`document.querySelector("#status").textContent.includes("Opened the shared Flip puzzle")`)
	if !strings.Contains(p.statusNow(), "Undo") {
		t.Errorf("status %q does not say how to get the old puzzle back", p.statusNow())
	}
	p.click("#undo")
	if got := p.exported(); got != mine {
		t.Errorf("Undo after opening a link gives\n%s\nwant\n%s", got, mine)
	}

	p.eval(`localStorage.setItem("gridsolve/ships", JSON.stringify("edit\nnot a board")); localStorage.setItem("gridsolve/ships/history", "{broken"); localStorage.setItem("gridsolve/tab", JSON.stringify("ships"))`)
	q := open(t, "")
	q.waitFor(`document.querySelector("#status").textContent.includes("could not be loaded")`)
}

// Number fields never keep a value the board does not have.
func TestSizeFieldsClamp(t *testing.T) {
	p := openPuzzle(t, "ships", blankShips(6, 5))
	for _, c := range []struct{ typed, want string }{{"25", "20"}, {"-3", "1"}, {"7", "7"}} {
		p.setValue("#field-w", c.typed)
		if got := eval[string](p, `document.querySelector("#field-w").value`); got != c.want {
			t.Errorf("typed width %s: field shows %s, want %s", c.typed, got, c.want)
		}
		if got := p.exported(); !strings.HasPrefix(got, c.want+" 5\n") {
			t.Errorf("typed width %s: board is %q", c.typed, strings.SplitN(got, "\n", 2)[0])
		}
	}
}

// The selected IQ swatch keeps its piece's colour.
func TestSwatchColour(t *testing.T) {
	p := open(t, "")
	p.tab("iq")
	p.click("#iq-paint")
	p.click("#brush-C")
	got := eval[string](p, `getComputedStyle(document.querySelector("#brush-C")).backgroundColor`)
	want := eval[string](p, `(() => { const d = document.createElement("div"); d.className = "p-C"; document.body.append(d);
		const c = getComputedStyle(d).backgroundColor; d.remove(); return c })()`)
	if got != want {
		t.Errorf("selected swatch C is %s, piece C is %s", got, want)
	}
}

// Long and two-digit nonogram clues stay readable on a 50×50 board: no row
// clue is cut off and column clue numbers stand apart.
func TestNonogramCluesReadable(t *testing.T) {
	c := &nonogram.Clues{Rows: make([][]int, 50), Cols: make([][]int, 50)}
	for i := range 50 {
		c.Rows[i] = []int{1}
		c.Cols[i] = []int{1}
	}
	c.Rows[3] = make([]int, 25) // 25 runs of 1 fill 49 cells
	for i := range c.Rows[3] {
		c.Rows[3][i] = 1
	}
	c.Cols[7] = []int{12, 2, 30}
	p := openPuzzle(t, "nonogram", c.String())
	cut := eval[int](p, `[...document.querySelectorAll("#grid .rowclue")].filter(e => e.scrollWidth > e.clientWidth + 1).length`)
	if cut > 0 {
		t.Errorf("%d row clues are cut off", cut)
	}
	overlap := eval[bool](p, `(() => {
		const spans = [...document.querySelectorAll("#grid .col")][7].querySelectorAll("span");
		const r = [...spans].map(s => s.getBoundingClientRect());
		return r.some((a, i) => i > 0 && a.top < r[i - 1].bottom - 1) || r.some(a => a.width > document.querySelector("#grid .col").getBoundingClientRect().width + 1);
	})()`)
	if overlap {
		t.Error("column clue numbers 12 2 30 run together")
	}
	p.screenshot("nonogram-clues-50")
}

// Flip's play mode keeps the original, counts presses, resets, and says
// when the board is solved and in how few presses it could have been.
func TestFlipPlaySolved(t *testing.T) {
	text := "4 4\nbwwb\nbbwb\nbwwb\nbwww\n"
	b, _ := flip.ParseBoard(text)
	native, err := flip.Solve(context.Background(), b)
	if err != nil || !native.Possible {
		t.Fatalf("native solve: %+v %v", native, err)
	}
	p := openPuzzle(t, "flip", text)
	p.click("#flip-play")
	p.waitFor(`document.querySelector("#flip-presses").textContent.includes("fewest possible")`)
	p.clickCell(0)
	p.click("#flip-reset")
	if got := p.exported(); got != text {
		t.Errorf("Reset gives\n%s", got)
	}
	for i := range b.W * b.H {
		if native.Presses.Has(i) {
			p.clickCell(i)
		}
	}
	want := fmt.Sprintf("Solved in %d presses (fewest possible: %d).", native.Count, native.Count)
	if got := eval[string](p, `document.querySelector("#flip-presses").textContent`); got != want {
		t.Errorf("after the solution: %q, want %q", got, want)
	}
	p.click("#flip-edit")
	if got := p.exported(); got != text {
		t.Errorf("back to Draw gives\n%s\nwant the original", got)
	}
}

// Every way a worker fails ends in a clear status, and the next solve gets
// a working worker: here the worker's script cannot be loaded.
func TestWorkerFaults(t *testing.T) {
	p := openPuzzle(t, "flip", "3 3\nbwb\nwbw\nbwb\n")
	// From now on worker.js cannot be had, so the service worker the
	// reload registers cannot cache the build, and every worker fails.
	p.reloadFailing("/web/worker.js")
	// The warm spare may still answer once; the workers after it cannot load.
	failed := false
	for try := 0; try < 3 && !failed; try++ {
		seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
		p.click("#solve")
		p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
		failed = eval[string](p, `document.querySelector("#status").dataset.state`) == "error"
	}
	if !failed {
		t.Fatalf("solves kept working with worker.js blocked: %q", p.statusNow())
	}
	if got := p.statusNow(); !strings.Contains(got, "The solve failed") {
		t.Errorf("status %q does not say the solve failed", got)
	}
	failing.Store("")
	p.solve() // a fresh worker loads and answers
	for try := 0; try < 2; try++ {
		p.solve()
	}

	// Malformed calls into the page's Go code are dropped, not a crash.
	p.eval(`window.gridsolveInput(1, 2, 3); window.gridsolveInput("down", "x", null, {}); window.gridsolveInput()`)
	p.clickCell(0)
	p.solve()
}
