//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gridsolve/app/share"
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

// A Tatham Pattern ID with pre-filled squares (issue 23, item 5): a 5×5
// X made for this test, whose clues alone have several pictures; six given
// cells keep one. The given cells are drawn as given, stay put in play,
// and the puzzle plays to Solved; the share link keeps them.
func TestNonogramGivenCells(t *testing.T) {
	// The squares after the comma, 0 to 24 row by row: A gives square 0
	// black; H skips 7 and gives 8 black; c skips 2, 11 white; A, 12 black;
	// c skips 2, 15 white; C skips 2, 18 black; g skips the 6 left.
	const id = "5x5:1.1/1.1/1/1.1/1.1/1.1/1.1/1/1.1/1.1,AHcAcCg"
	judge, _, err := nonogram.Game{}.Import(id)
	if err != nil {
		t.Fatal(err)
	}
	clues, _ := nonogram.ParseClues(judge)
	native, err := nonogram.Solve(context.Background(), clues, nil)
	if err != nil || native.Status != nonogram.Unique {
		t.Fatalf("native: %+v, %v: want one solution", native, err)
	}
	p := openPuzzle(t, "nonogram", nonogram.CluesOf(blank(3, 3)).String())
	p.importText(id)
	p.waitFor(`document.querySelector("#status").textContent.includes("Tatham Pattern")`)
	if got := p.exported(); got != judge {
		t.Fatalf("the ID loads as\n%s\nwant\n%s", got, judge)
	}
	given := func(q *page) {
		t.Helper()
		for i, c := range q.cellClasses() {
			g := clues.Given[i]
			if hasClass(c, "given") != (g != nonogram.NotGiven) || g == nonogram.GivenBlack && !hasClass(c, "fill") || g == nonogram.GivenWhite && !hasClass(c, "dot") {
				t.Errorf("cell %d (given %c) drawn %v", i, g, c)
			}
		}
	}
	given(p)
	p.screenshot("nonogram-given")

	p.click("#nono-play")
	given(p)
	p.clickCell(0) // a given cell: nothing changes
	if c := p.cellClasses()[0]; !hasClass(c, "fill") || !hasClass(c, "given") {
		t.Errorf("a click changes the given cell 0 to %v", c)
	}
	for i := range 25 {
		if native.Grid[i/5][i%5] == '#' && clues.Given[i] == nonogram.NotGiven {
			p.clickCell(i)
		}
	}
	p.waitFor(`document.querySelector("#play-status").textContent.startsWith("Solved!")`)
	p.screenshot("nonogram-given-solved")

	// The share link keeps the given cells, in a tab of its own once this
	// one is gone (see leave).
	p.click("#share")
	p.waitFor(`document.querySelector("#share-url")?.value.includes("#nonogram/")`)
	_, fragment, _ := strings.Cut(eval[string](p, `document.querySelector("#share-url").value`), "#")
	p.leave()
	q := openIn(t, phone, fragment)
	q.screenshot("nonogram-given-phone")
	if got := q.exported(); got != judge {
		t.Errorf("the share link opens\n%s\nwant\n%s", got, judge)
	}
	given(q)
}

// drawPicture draws pic (rows of '#' and '.') in draw mode, cell by cell.
func (p *page) drawPicture(pic []string) {
	p.t.Helper()
	p.setValue("#field-w", fmt.Sprint(len(pic[0])))
	p.setValue("#field-h", fmt.Sprint(len(pic)))
	p.click(`[data-tool="clear"]`)
	for y, row := range pic {
		for x := range row {
			if row[x] == '#' {
				p.clickCell(y*len(row) + x)
			}
		}
	}
}

// The designer's check, live while drawing: a picture that needs a probe
// says so and shades the cells line reasoning alone cannot settle (those
// of the native Explain); Make it unique on a picture with several
// solutions leads, once its suggestions are accepted, to "unique".
func TestNonogramDesignerCheck(t *testing.T) {
	for _, v := range []struct {
		name string
		vp   viewport
	}{{"desktop", desktop}, {"phone", phone}} {
		t.Run(v.name, func(t *testing.T) {
			p := openIn(t, v.vp, share.Encode("nonogram", nonogram.CluesOf(blank(4, 4)).String()))
			p.click("#nono-draw")
			pic := []string{"#..#..#", "..###.#", ".......", "#.##.#.", "#..#.#.", ".#...#.", ".#....."}
			p.drawPicture(pic)
			clues, _ := nonogram.ParseClues(p.exported())
			native, err := nonogram.Explain(context.Background(), clues, nil)
			if err != nil || native.Level != nonogram.ByProbes {
				t.Fatalf("native check: %+v %v", native, err)
			}
			p.waitFor(fmt.Sprintf(`document.querySelector("#nono-report")?.textContent.startsWith(%q)`, native.Summary()))
			if !strings.Contains(native.Summary(), "needs 1 probe") {
				t.Errorf("native summary %q", native.Summary())
			}
			shaded := eval[[]int](p, `[...document.querySelectorAll("#grid .cell.unsettled")].map(c => +c.dataset.i)`)
			if !slices.Equal(shaded, native.Unsettled) {
				t.Errorf("shaded cells %v, want %v", shaded, native.Unsettled)
			}
			p.screenshot("nonogram-check-probes-" + v.name)

			p.drawPicture([]string{"#....", ".#...", ".....", "...#.", "....#"})
			p.waitFor(`document.querySelector("#nono-report")?.dataset.status === "multiple"`)
			if n := eval[int](p, `document.querySelectorAll("#grid .cell.differs").length`); n == 0 {
				t.Error("no cell ringed for several solutions")
			}
			p.click("#nono-unique")
			p.waitFor(`document.querySelector("#nono-accept") !== null`)
			p.screenshot("nonogram-check-suggest-" + v.name)
			for range 10 {
				if !eval[bool](p, `document.querySelector("#nono-accept") !== null`) {
					break
				}
				p.click("#nono-accept")
				p.waitFor(`document.querySelector("#nono-report") !== null`)
			}
			p.waitFor(`document.querySelector("#nono-report")?.dataset.status === "unique"`)
			p.screenshot("nonogram-check-unique-" + v.name)
		})
	}
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
