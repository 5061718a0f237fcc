package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers/iq"
)

// Kanoodle's rectangle on the IQ tab: the board picker, pieces placed in
// the rectangle's cells, its texts, history, saving, links, New, Hint and
// Count.

const emptyRect = "rectangle 11x5\n...........\n...........\n...........\n...........\n...........\n"

func TestIQRectangleEditor(t *testing.T) {
	e := newIQ()
	if err := e.tool("board", "rectangle"); err != nil {
		t.Fatal(err)
	}
	if w, h := e.size(); w != iq.RectCols || h != iq.RectRows || e.text() != emptyRect {
		t.Fatalf("the rectangle is %dx%d:\n%s", w, h, e.text())
	}
	// D, the 2×2 square, in the bottom-right corner: cell (3, 9) is page
	// cell 3*11+9.
	e.tool("piece", "3")
	if _, changed := e.press(3*iq.RectCols+9, false); !changed {
		t.Fatalf("D does not go in the bottom-right corner: %s", e.msg)
	}
	for _, rc := range [][2]int{{3, 9}, {3, 10}, {4, 9}, {4, 10}} {
		if e.b.At(rc[0], rc[1]) != 'D' {
			t.Errorf("cell %v is %q, want D", rc, e.b.At(rc[0], rc[1]))
		}
	}
	// B, the bar of four, upright in the last column would go off the board.
	e.tool("piece", "1/1")
	if _, changed := e.press(2*iq.RectCols+0, false); changed || !strings.Contains(e.msg, "off the board") {
		t.Errorf("B off the board: changed %v, %q", changed, e.msg)
	}
	// The snapshot keeps the board's kind.
	f := newIQ()
	if err := f.restore(e.snapshot()); err != nil || f.b.Kind() != iq.Rectangle || f.text() != e.text() {
		t.Errorf("restore gives %v %v\n%s", f.b.Kind(), err, f.text())
	}
	// The saved formats are the rectangle's, and each reads back.
	for _, fm := range e.formats() {
		text, err := iq.Game{}.Export(e.text(), fm.Name)
		if err != nil {
			t.Fatalf("%s: %v", fm.Name, err)
		}
		back, _, err := iq.Game{}.Import(text)
		if err != nil || back != e.text() {
			t.Errorf("%s: %q reads back as %q, %v", fm.Name, text, back, err)
		}
	}
	if got := e.formats()[0].Name; got != iq.FormatsOf(iq.Rectangle)[0].Name {
		t.Errorf("the rectangle saves first as %s", got)
	}
	// Its image has the rectangle's size.
	if s, err := e.draw(false); err != nil || s.W != iq.RectCols || s.H != iq.RectRows {
		t.Errorf("the image is %v by %v, %v", s.W, s.H, err)
	}
	// The solver's cell numbers are the rectangle's, r*11+c.
	if got := e.boardCells([]int{0, 12, 54}); !slices.Equal(got, []int{0, 12, 54}) {
		t.Errorf("boardCells = %v", got)
	}
	// Clear keeps the board; the picker goes back to the triangle.
	e.tool("clear", "")
	if e.text() != emptyRect {
		t.Errorf("Clear gives\n%s", e.text())
	}
	e.tool("board", "triangle")
	if e.b.Kind() != iq.Triangle || e.text() != (&iq.Board{}).String() {
		t.Errorf("back to the triangle:\n%s", e.text())
	}
}

// The board picker is an undo step, kept across a reload; a link to a
// rectangle opens the rectangle.
func TestMidendIQRectangle(t *testing.T) {
	st := memStore{}
	p := mount(st)
	it := p.show(t, "iq")
	ie := it.ed.(*iqEditor)
	p.applyTool("board", "rectangle")
	if ie.text() != emptyRect || !it.hist.canUndo() {
		t.Fatalf("the picker gives\n%s\nundo %v", ie.text(), it.hist.canUndo())
	}
	p.applyTool("piece", "0")
	p.click(0) // A in the top-left corner
	placed := ie.text()
	if !strings.HasPrefix(placed, "rectangle 11x5\nAA.") {
		t.Fatalf("A placed at the corner gives\n%s", placed)
	}
	p.ctrl("z")
	if ie.text() != emptyRect {
		t.Errorf("undo gives\n%s", ie.text())
	}
	p.ctrl("z")
	if ie.b.Kind() != iq.Triangle {
		t.Errorf("undo twice gives\n%s", ie.text())
	}
	p.ctrl("y")
	p.ctrl("y")
	if ie.text() != placed {
		t.Errorf("redo twice gives\n%s", ie.text())
	}
	q := mount(st) // a reload
	if got := q.cur(); got.ed.game() != "iq" || got.ed.text() != placed {
		t.Errorf("after a reload: %s\n%s", got.ed.game(), got.ed.text())
	}
	r := mount(memStore{}) // the link opened elsewhere
	r.openLink(share.Encode("iq", placed), false)
	if got := r.cur(); got.ed.game() != "iq" || got.ed.text() != placed || got.ed.(*iqEditor).b.Kind() != iq.Rectangle {
		t.Errorf("the link opens %s\n%s", got.ed.game(), got.ed.text())
	}
	if w, h := r.cur().ed.size(); w != iq.RectCols || h != iq.RectRows {
		t.Errorf("the link's board is %dx%d", w, h)
	}
	// A rectangle's text in the import box opens the rectangle, from the
	// triangle.
	p.applyTool("board", "triangle")
	p.importText(strings.TrimPrefix(placed, "rectangle 11x5\n"), fromTextBox)
	if ie.text() != placed || !strings.Contains(it.status, "plain grid") {
		t.Errorf("the plain grid imports as\n%s\nstatus %q", ie.text(), it.status)
	}
}

// New on the rectangle deals a rectangle with the chosen number of pieces
// placed; a hint places a piece on it in one click, and Count counts its
// completions as a plain search does.
func TestMidendIQRectangleDeal(t *testing.T) {
	for _, n := range []int{2, 3, 6} {
		p := mount(memStore{})
		it := p.show(t, "iq")
		ie := it.ed.(*iqEditor)
		p.applyTool("board", "rectangle")
		p.applyTool("deal", fmt.Sprint(n))
		p.deal()
		if r := p.w.reqs[p.w.queued[len(p.w.queued)-1]]; r.opts.W != iq.RectCols || r.opts.H != iq.RectRows || r.opts.Pieces != n {
			t.Fatalf("New asks for %+v", r.opts)
		}
		p.w.run(p.midend)
		if ie.b.Kind() != iq.Rectangle || len(placedLetters(ie)) != n {
			t.Fatalf("New with %d pieces placed deals\n%s(%q)", n, ie.text(), it.status)
		}
		if on, _ := ie.playState(); !on {
			t.Error("the dealt rectangle is not in play")
		}
		dealt := ie.text()

		p.count()
		p.w.run(p.midend)
		want := plainCount(ie.b)
		if wantLine := groupDigits(want) + " completions"; want == 1 {
			if !strings.HasPrefix(it.status, "Exactly one completion") {
				t.Errorf("Count says %q, the plain search 1", it.status)
			}
		} else if !strings.HasPrefix(it.status, wantLine) {
			t.Errorf("Count says %q, the plain search %d", it.status, want)
		}
		t.Logf("%d pieces placed: %s", n, it.status)

		p.askHint()
		p.w.run(p.midend)
		k, o, at, ok := ie.hintPlacement(it.hint)
		if !ok {
			t.Fatalf("hint %+v places no piece (%q)", it.hint, it.status)
		}
		cells := slices.Clone(it.hint.Cells)
		p.applyTool("place", fmt.Sprintf("%d/%d/%d", k, o, at))
		for _, i := range cells {
			if got := ie.b.At(i/iq.RectCols, i%iq.RectCols); got != byte('A'+k) {
				t.Errorf("after Place it, cell %d holds %q, want %c", i, got, 'A'+k)
			}
		}
		if ie.text() == dealt {
			t.Error("Place it placed nothing")
		}
	}
}

// The solver's answer is drawn on the rectangle, and says so.
func TestIQRectangleAnswer(t *testing.T) {
	e := newIQ()
	e.tool("board", "rectangle")
	raw, _ := json.Marshal(iq.Answer{Solved: false})
	line, err := e.setAnswer(raw)
	if err != nil || !line.no || !strings.Contains(line.text, "rectangle") {
		t.Errorf("no solution: %+v %v", line, err)
	}
}

// placedLetters lists the pieces on the editor's board.
func placedLetters(e *iqEditor) []byte {
	var out []byte
	for k := range iq.NumPieces {
		if e.onBoard(k) {
			out = append(out, byte('A'+k))
		}
	}
	return out
}

// plainCount counts the completions of a board by a plain search of its
// own, as solvers/iq's brute_test.go does: the first empty cell, row by
// row, is covered by each piece not placed, in each of its turns and
// mirror images (worked out here from the piece's cells), at each of its
// cells. It shares with the solver only the pieces' cells and Kind.Has.
func plainCount(b *iq.Board) int64 {
	k := b.Kind()
	var grid [iq.Size][iq.Size + 1]byte // big enough for either board
	used := map[byte]bool{}
	for r := range k.Rows() {
		for c := range k.Cols() {
			if k.Has(r, c) {
				grid[r][c] = b.At(r, c)
				used[b.At(r, c)] = true
			}
		}
	}
	shapes := make([][][]iq.Cell, iq.NumPieces)
	for p, pc := range iq.Pieces {
		seen := map[string]bool{}
		cells := slices.Clone(pc.Cells)
		for range 2 {
			for range 4 {
				norm := slices.Clone(cells)
				slices.SortFunc(norm, func(a, b iq.Cell) int { return (a.Row-b.Row)*100 + a.Col - b.Col })
				for i := len(norm) - 1; i >= 0; i-- {
					norm[i] = iq.Cell{Row: norm[i].Row - norm[0].Row, Col: norm[i].Col - norm[0].Col}
				}
				if key := fmt.Sprint(norm); !seen[key] {
					seen[key] = true
					shapes[p] = append(shapes[p], norm)
				}
				for i, c := range cells {
					cells[i] = iq.Cell{Row: c.Col, Col: -c.Row}
				}
			}
			for i, c := range cells {
				cells[i] = iq.Cell{Row: c.Row, Col: -c.Col}
			}
		}
	}
	var search func() int64
	search = func() int64 {
		r, c := -1, -1
	find:
		for rr := range k.Rows() {
			for cc := range k.Cols() {
				if k.Has(rr, cc) && grid[rr][cc] == iq.Empty {
					r, c = rr, cc
					break find
				}
			}
		}
		if r < 0 {
			return 1
		}
		var n int64
		for p := range iq.NumPieces {
			l := byte('A' + p)
			if used[l] {
				continue
			}
			for _, s := range shapes[p] {
				fits := true
				for _, d := range s {
					if !k.Has(r+d.Row, c+d.Col) || grid[r+d.Row][c+d.Col] != iq.Empty {
						fits = false
						break
					}
				}
				if !fits {
					continue
				}
				for _, d := range s {
					grid[r+d.Row][c+d.Col] = l
				}
				used[l] = true
				n += search()
				used[l] = false
				for _, d := range s {
					grid[r+d.Row][c+d.Col] = iq.Empty
				}
			}
		}
		return n
	}
	return search()
}

// The help's picture of the rectangle is one of its fillings.
func TestIQHelpRectangle(t *testing.T) {
	b, err := iq.ParseBoard("rectangle 11x5\n" + strings.Join(iqFilled[:], "\n") + "\n")
	if err == nil {
		err = iq.Validate(b)
	}
	if err != nil || strings.Contains(b.String()[15:], ".") {
		t.Errorf("the help's rectangle is no filling: %v", err)
	}
}
