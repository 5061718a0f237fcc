//go:build e2e

package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"gridsolve/solvers/iq"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/tetravex"
)

// IQ pieces go on whole: pick one, see its ghost, turn it, drop it, get a
// reason where it does not fit, pick it up again, undo.
func TestIQPlacePieces(t *testing.T) {
	p := openPuzzle(t, "iq", (&iq.Board{}).String())
	p.click("#iq-pieces")
	p.click("#piece-D")
	x, y := p.cellAt(8 * iq.Size)
	p.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	p.waitFor(`document.querySelectorAll("#grid .ghost").length === 4`)
	p.clickCell(8 * iq.Size)
	p.cellsHave([]int{80, 81, 90, 91}, "p-D", true)
	if !eval[bool](p, `document.querySelector("#piece-D").classList.contains("placed")`) {
		t.Error("the placed piece D is not dimmed in the palette")
	}
	// L in hand: a turn changes the ghost's shape.
	p.click("#piece-L")
	x, y = p.cellAt(5 * iq.Size)
	p.do(chromedp.MouseEvent(chromedp.MouseMoved, x, y))
	ghost := func() []int {
		p.waitFor(`document.querySelectorAll("#grid .ghost").length > 0`)
		return eval[[]int](p, `[...document.querySelectorAll("#grid .ghost")].map(c => +c.dataset.i)`)
	}
	before := ghost()
	p.focusBoard()
	p.press("r")
	p.waitFor(fmt.Sprintf(`[...document.querySelectorAll("#grid .ghost")].map(c => +c.dataset.i).join() !== %q`, joinInts(before)))
	// Dropped where it does not fit: the reason is shown, nothing changes.
	text := p.exported()
	p.clickCell(0)
	if msg := eval[string](p, `document.querySelector("#iq-msg").textContent`); !strings.Contains(msg, "off the board") {
		t.Errorf("a piece off the board says %q", msg)
	}
	if p.exported() != text {
		t.Error("a piece that does not fit changed the board")
	}
	// Picking D up takes it off; Undo puts it back.
	p.clickCell(81)
	p.cellsHave([]int{80, 81, 90, 91}, "p-D", false)
	p.click("#undo")
	p.cellsHave([]int{80, 81, 90, 91}, "p-D", true)
}

func joinInts(a []int) string {
	s := make([]string, len(a))
	for i, v := range a {
		s[i] = fmt.Sprint(v)
	}
	return strings.Join(s, ",")
}

// A generated nonogram played to Solved by clicks: one wrong fill, Check
// marks it, it is taken back, the rest is filled.
func TestPlayNonogramToSolved(t *testing.T) {
	p := openPuzzle(t, "nonogram", "1 1\n0\n0\n")
	p.click("#nono-draw")
	p.setValue("#field-w", "6")
	p.setValue("#field-h", "6")
	p.setValue("#level", "1")
	p.click("#new")
	p.waitFor(`document.querySelector("#status").textContent.startsWith("A new")`)
	clues, err := nonogram.ParseClues(p.exported())
	if err != nil {
		t.Fatal(err)
	}
	a, err := nonogram.Solve(context.Background(), clues, nil)
	if err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the dealt puzzle: %+v %v", a, err)
	}
	sol := strings.Join(a.Grid, "")
	wrong := strings.IndexByte(sol, '.')
	p.clickCell(wrong)
	p.click("#nono-check")
	p.cellsHave([]int{wrong}, "wrong", true)
	p.clickCell(wrong) // takes the fill back
	for i := range sol {
		if sol[i] == '#' {
			p.clickCell(i)
		}
	}
	p.waitFor(`document.querySelector("#play-status").textContent.startsWith("Solved")`)
	if n := eval[int](p, `document.querySelectorAll("#grid .clue.done").length`); n != 12 {
		t.Errorf("%d clues greyed as done, want all 12", n)
	}
	p.screenshot("play-nonogram")
}

// A generated tetravex played to Solved: the cards from the tray onto the
// board by taps, one card first put in a wrong place (its edges marked),
// then moved right; the timer stops with "Solved".
func TestPlayTetravexToSolved(t *testing.T) {
	p := openPuzzle(t, "tetravex", "2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n")
	p.setValue("#level", "1")
	p.click("#new")
	p.waitFor(`document.querySelector("#status").textContent.startsWith("A new")`)
	puzzle, err := tetravex.ParsePuzzle(p.exported())
	if err != nil {
		t.Fatal(err)
	}
	a, err := tetravex.Solve(context.Background(), puzzle, nil)
	if err != nil || !a.Possible {
		t.Fatalf("the dealt puzzle: %+v %v", a, err)
	}
	n := puzzle.N * puzzle.N
	slots := func() []int {
		var snap string
		raw := eval[string](p, `localStorage.getItem("gridsolve/tetravex")`)
		json.Unmarshal([]byte(raw), &snap)
		_, list, _ := strings.Cut(snap, "=\n")
		var out []int
		for _, f := range strings.Fields(list) {
			v := -1
			fmt.Sscan(f, &v)
			out = append(out, v)
		}
		return out
	}
	put := func(card, place int) {
		from := slices.Index(slots(), card)
		p.clickCell(from)
		p.clickCell(place)
		p.waitFor(fmt.Sprintf(`document.querySelector('#grid [data-i="%d"] .num')?.textContent === "%d"`, place, card+1))
	}
	// A wrong move first: the cards of places 0 and 1 swapped. Their
	// touching edges are marked exactly when they do not match.
	p.waitFor(`document.querySelector("#play-timer").textContent !== ""`) // the timer runs
	put(a.Place[1], 0)
	put(a.Place[0], 1)
	want := 0
	if puzzle.Cards[a.Place[1]][tetravex.Right] != puzzle.Cards[a.Place[0]][tetravex.Left] {
		want = 2
	}
	if got := eval[int](p, `document.querySelectorAll("#grid .edge.bad").length`); got != want {
		t.Errorf("after the wrong move %d edges are marked, want %d", got, want)
	}
	for place := range n {
		if slots()[place] != a.Place[place] {
			put(a.Place[place], place)
		}
	}
	time.Sleep(1100 * time.Millisecond) // the running timer ticks at least once
	p.waitFor(`document.querySelector("#play-timer").textContent.startsWith("Solved in")`)
	if n := eval[int](p, `document.querySelectorAll("#grid .edge.bad").length`); n != 0 {
		t.Errorf("%d edges marked on the solved board", n)
	}
	p.screenshot("play-tetravex")
}
