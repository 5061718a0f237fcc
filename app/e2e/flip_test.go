//go:build e2e

package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"gridsolve/solvers/flip"
)

func TestFlip(t *testing.T) {
	blank, _ := flip.NewBoard(5, 4)
	p := openPuzzle(t, "flip", blank.String())

	// Draw: toggle some cells by click, mirrored on a native board.
	want, _ := flip.NewBoard(5, 4)
	for _, i := range []int{0, 3, 6, 7, 12, 18, 19, 7} {
		p.clickCell(i)
		want.Black[i] = !want.Black[i]
	}
	if got := p.exported(); got != want.String() {
		t.Fatalf("drawn board exports as\n%s\nwant\n%s", got, want.String())
	}

	// Play mode presses a cell and its neighbours, and counts it; Draw
	// goes back to the board play started from.
	drawn := want.String()
	p.click("#flip-play")
	p.clickCell(11)
	pressed11, _ := flip.ParseBoard(drawn)
	pressed11.Press(11)
	if got := p.exported(); got != pressed11.String() {
		t.Fatalf("after pressing cell 11 the board exports as\n%s\nwant\n%s", got, pressed11)
	}
	if got := eval[string](p, `document.querySelector("#flip-presses").textContent`); !strings.HasPrefix(got, "1 press so far") {
		t.Errorf("press count shows %q", got)
	}
	p.click("#flip-edit")
	if got := p.exported(); got != drawn {
		t.Fatalf("back in Draw the board exports as\n%s\nwant the drawn one\n%s", got, drawn)
	}

	status := p.solve()
	native, err := flip.Solve(context.Background(), want)
	if err != nil {
		t.Fatal(err)
	}
	cells := p.cellClasses()
	if len(cells) != 20 {
		t.Fatalf("grid has %d cells, want 20", len(cells))
	}
	presses := 0
	pressed, _ := flip.ParseBoard(want.String())
	for i, c := range cells {
		if hasClass(c, "black") != want.Black[i] {
			t.Errorf("cell %d drawn %v, board has black=%v", i, c, want.Black[i])
		}
		marked := hasClass(c, "press")
		if marked != (native.Possible && native.Presses.Has(i)) {
			t.Errorf("cell %d: page marks press=%v, native solver says %v", i, marked, native.Possible && native.Presses.Has(i))
		}
		if marked {
			presses++
			pressed.Press(i)
		}
	}
	if native.Possible {
		// The marked presses really solve the drawn board.
		for i := range pressed.Black {
			if pressed.Black[i] != pressed.Black[0] {
				t.Fatalf("pressing the marked cells leaves a two-coloured board:\n%s", pressed)
			}
		}
	}
	t.Logf("status: %s (%d presses)", status, presses)
	p.screenshot("flip")
}

// Flip's goal (issue 23, item 3): on a board whose best either-colour
// answer ends all black, picking "all white (light)" makes Solve show the
// all-white answer; Play is "Solved" only when the board is all white, not
// when it is all black; a share link keeps the goal.
func TestFlipGoal(t *testing.T) {
	const board = "3 3\nbwb\nwbw\nbwb\n"
	p := openPuzzle(t, "flip", board)
	either, _ := flip.ParseBoard(board)
	native, err := flip.Solve(context.Background(), either)
	if err != nil || native.Color != "b" {
		t.Fatalf("the board's either-colour answer %+v (%v) does not end black", native, err)
	}
	p.setValue("#flip-goal", "1")
	want := "3 3 white\nbwb\nwbw\nbwb\n"
	if got := p.exported(); got != want {
		t.Fatalf("after picking all white the board exports as\n%s\nwant\n%s", got, want)
	}
	white, _ := flip.ParseBoard(want)
	native, err = flip.Solve(context.Background(), white)
	if err != nil || !native.Possible || native.Color != "w" {
		t.Fatalf("native all-white answer %+v (%v)", native, err)
	}
	status := p.solve()
	if !strings.Contains(status, "turn it all white (the fewest possible)") {
		t.Errorf("Solve says %q", status)
	}
	for i, c := range p.cellClasses() {
		if hasClass(c, "press") != native.Presses.Has(i) {
			t.Errorf("cell %d: page marks press=%v, the all-white answer %v", i, hasClass(c, "press"), native.Presses.Has(i))
		}
	}
	p.screenshot("flip-goal")

	// The link to the board drawn (in play, a link shares the board shown).
	p.click("#share")
	p.waitFor(`document.querySelector("#share-url")?.value.includes("#flip/")`)
	link := eval[string](p, `document.querySelector("#share-url").value`)

	// Play: the four edge presses make it all black, which is not the goal.
	p.click("#flip-play")
	for _, i := range []int{1, 3, 5, 7} {
		p.clickCell(i)
	}
	if got := eval[string](p, `document.querySelector("#flip-presses").textContent`); got != "4 presses so far (fewest possible: 9). Make the board all white." {
		t.Errorf("an all-black board in play says %q", got)
	}
	for _, i := range []int{0, 2, 4, 6, 8} {
		p.clickCell(i)
	}
	p.waitFor(`document.querySelector("#flip-presses").textContent === "Solved in 9 presses (fewest possible: 9)."`)
	p.waitFor(`document.querySelector("#play-timer")?.textContent.startsWith("Solved in")`)

	// The share link opens with the goal picked, in a tab of its own once
	// this one is gone: two tabs share their storage and each takes the
	// other's saves.
	p.leave()
	_, fragment, _ := strings.Cut(link, "#")
	q := openIn(t, phone, fragment)
	q.screenshot("flip-goal-phone")
	if got := q.exported(); got != want {
		t.Errorf("the share link opens\n%s\nwant\n%s", got, want)
	}
	// It opens to play, for the goal it was shared with; Draw shows it picked.
	q.waitFor(`document.querySelector("#flip-presses")?.textContent.endsWith("Make the board all white.")`)
	q.click("#flip-edit")
	if got := eval[string](q, `document.querySelector("#flip-goal").value`); got != "1" {
		t.Errorf("the share link's goal picker shows %q, want 1 (all white)", got)
	}
}

// leave navigates the tab away from the page, so that nothing it saves
// later reaches a tab the test opens next.
func (p *page) leave() {
	p.t.Helper()
	p.do(chromedp.Navigate("about:blank"))
}
