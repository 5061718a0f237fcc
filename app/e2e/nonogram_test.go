//go:build e2e

package e2e

import (
	"context"
	"strings"
	"testing"

	"gridsolve/solvers/nonogram"
)

// checkNonogram compares the drawn answer with the native solver's.
func checkNonogram(t *testing.T, p *page, clues *nonogram.Clues) *nonogram.Answer {
	t.Helper()
	native, err := nonogram.Solve(context.Background(), clues, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := eval[string](p, `document.querySelector("#verdict").textContent`); got != string(native.Status) {
		t.Fatalf("page says %q, native solver %q", got, native.Status)
	}
	if native.Status == nonogram.None {
		return native
	}
	w := len(clues.Cols)
	for i, c := range p.cellClasses() {
		want := native.Grid[i/w][i%w] == '#'
		if hasClass(c, "fill") != want {
			t.Errorf("cell %d: page fill=%v, native %v", i, hasClass(c, "fill"), want)
		}
		differs := native.Status == nonogram.Multiple && native.Other[i/w][i%w] != native.Grid[i/w][i%w]
		if hasClass(c, "differs") != differs {
			t.Errorf("cell %d: page differs=%v, native %v", i, hasClass(c, "differs"), differs)
		}
	}
	return native
}

func TestNonogramDraw(t *testing.T) {
	p := openPuzzle(t, "nonogram", nonogram.CluesOf(blank(4, 4)).String())
	p.click("#nono-draw")
	p.setValue("#field-w", "7")
	p.setValue("#field-h", "6")

	pic := blank(7, 6)
	for _, i := range []int{1, 2, 3, 8, 10, 15, 16, 17, 23, 24, 30, 36, 37, 38, 39, 40, 41} {
		p.clickCell(i)
		pic[i/7][i%7] = !pic[i/7][i%7]
	}
	clues := nonogram.CluesOf(pic)
	if got := p.exported(); got != clues.String() {
		t.Fatalf("drawn picture exports as\n%s\nwant its clues\n%s", got, clues.String())
	}
	if got := eval[string](p, `document.querySelector("#clues-rows").value`); !strings.HasPrefix(got, "3\n1 1\n") {
		t.Errorf("row clue field shows %q", got)
	}
	p.solve()
	native := checkNonogram(t, p, clues)
	t.Logf("drawn picture: %s", native.Status)
	p.screenshot("nonogram")
}

func TestNonogramClues(t *testing.T) {
	p := openPuzzle(t, "nonogram", nonogram.CluesOf(blank(3, 3)).String())
	// Type the clues of a 4×3 puzzle with two solutions, row clues first.
	p.setValue("#clues-rows", "1\n1\n2")
	p.setValue("#clues-cols", "1\n1 1\n1\n0")
	want := &nonogram.Clues{Rows: [][]int{{1}, {1}, {2}}, Cols: [][]int{{1}, {1, 1}, {1}, nil}}
	if got := p.exported(); got != want.String() {
		t.Fatalf("typed clues export as\n%s\nwant\n%s", got, want.String())
	}
	p.solve()
	checkNonogram(t, p, want)

	// A malformed clue line names its line and leaves the puzzle alone.
	p.setValue("#clues-rows", "1\nx\n2")
	p.waitFor(`document.querySelector("#status").textContent.includes("Rows line 2")`)
	if got := p.exported(); got != want.String() {
		t.Fatalf("after a bad clue line the puzzle exports as\n%s\nwant\n%s", got, want.String())
	}
}

func blank(w, h int) [][]bool {
	pic := make([][]bool, h)
	for y := range pic {
		pic[y] = make([]bool, w)
	}
	return pic
}

// A shared nonogram opens ready to play, its clues shown (issue 27, item
// 9: it opened in Edit clues, where a click on the grid did nothing): the
// person it was shared with fills it to Solved without pressing a mode
// button.
func TestSharedNonogramOpensToPlay(t *testing.T) {
	pic := [][]bool{
		{true, false, false, true},
		{true, true, true, true},
		{true, false, false, true},
		{true, false, true, true},
	}
	clues := nonogram.CluesOf(pic)
	if a, err := nonogram.Solve(context.Background(), clues, nil); err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the test's puzzle: %+v %v", a, err)
	}
	p := openShared(t, "nonogram", clues.String())
	p.waitFor(`document.querySelector("#status").textContent.startsWith("Opened the shared Nonogram puzzle")`)
	if !eval[bool](p, `document.querySelector("#nono-play").classList.contains("active")`) {
		t.Errorf("the shared puzzle opens in %q, not Play", eval[string](p, `document.querySelector(".tool.active")?.id ?? ""`))
	}
	if n := eval[int](p, `document.querySelectorAll("#grid .clue").length`); n != len(clues.Rows)+len(clues.Cols) {
		t.Errorf("%d clues shown, want %d", n, len(clues.Rows)+len(clues.Cols))
	}
	p.screenshot("shared-nonogram")
	w := len(clues.Cols)
	for i := range w * len(clues.Rows) {
		if pic[i/w][i%w] {
			p.clickCell(i)
			p.cellsHave([]int{i}, "fill", true)
		}
	}
	p.waitFor(`document.querySelector("#play-status").textContent.startsWith("Solved")`)
}
