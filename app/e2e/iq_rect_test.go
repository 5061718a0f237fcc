//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"strings"
	"testing"

	"gridsolve/app/share"
	"gridsolve/solvers/iq"
)

// Kanoodle's rectangle on the IQ tab.

// missingPieces are the cells of each piece missing from pos in the
// solver's completion of it, by letter.
func missingPieces(t *testing.T, pos *iq.Board) map[byte][]iq.Cell {
	t.Helper()
	a, err := iq.Solve(context.Background(), pos)
	if err != nil || !a.Solved {
		t.Fatalf("the position\n%s\nhas no completion: %+v %v", pos, a, err)
	}
	cells := map[byte][]iq.Cell{}
	for r, row := range a.Rows {
		for c := range row {
			if pos.At(r, c) == iq.Empty {
				cells[row[c]] = append(cells[row[c]], iq.Cell{Row: r, Col: c})
			}
		}
	}
	return cells
}

// placePieces places each piece at its cells, as a person does: picked
// from the palette, turned with F and R, and dropped by a click on its
// anchor, the first cell of its top row (page cell row*cols+column).
func (p *page) placePieces(cells map[byte][]iq.Cell, cols int) {
	p.t.Helper()
	for l, target := range cells {
		m, r, ok := turns(int(l-'A'), target)
		if !ok {
			p.t.Fatalf("piece %c: no turn gives %v", l, target)
		}
		p.click("#piece-" + string(l))
		p.focusBoard()
		p.press(strings.Repeat("f", m) + strings.Repeat("r", r))
		at := target[0].Row*cols + target[0].Col
		p.clickCell(at)
		p.waitFor(fmt.Sprintf(`document.querySelector('#grid [data-i="%d"]').classList.contains("p-%c")`, at, l))
	}
}

// TestPlayIQRectangleToSolved switches to the rectangle, deals a puzzle
// with five pieces placed, takes a hint and places it with "Place it",
// then places every missing piece by clicks, turned with F and R, to
// "Solved".
func TestPlayIQRectangleToSolved(t *testing.T) {
	p := openPuzzle(t, "iq", (&iq.Board{}).String())
	p.setValue("#iq-board", "rectangle")
	if n := eval[int](p, `document.querySelectorAll("#grid [data-i]").length`); n != iq.NumCells {
		t.Fatalf("the rectangle has %d cells", n)
	}
	p.click("#iq-pieces")
	p.setValue("#iq-deal-pieces", "5")
	p.deal()
	start, err := iq.ParseBoard(p.exported())
	if err != nil || start.Kind() != iq.Rectangle {
		t.Fatalf("New deals %v %v", start, err)
	}
	placed := 0
	for l := byte('A'); l < 'A'+iq.NumPieces; l++ {
		if strings.IndexByte(start.String(), l) >= 0 {
			placed++
		}
	}
	if placed != 5 {
		t.Errorf("New with 5 pieces placed places %d:\n%s", placed, start)
	}
	p.screenshot("iq-rect-dealt")

	// A hint, placed in one click.
	p.click("#hint")
	p.waitFor(`document.querySelector("#iq-place-hint") !== null`)
	p.click("#iq-place-hint")
	pos, err := iq.ParseBoard(p.exported())
	if err != nil || pos.String() == start.String() {
		t.Fatalf("Place it placed nothing: %v\n%s", err, pos)
	}

	p.placePieces(missingPieces(t, pos), iq.RectCols)
	p.waitFor(`document.querySelector("#iq-msg").textContent.startsWith("Solved!")`)
	p.waitFor(`document.querySelector("#play-timer")?.textContent.startsWith("Solved in")`)
	p.screenshot("play-iq-rect")
	p.setValue("#iq-board", "triangle") // the tests after this one find the triangle saved
}

// TestIQRectangleLink: a link to a rectangle opens the rectangle, on a
// phone and on a desktop, fitted to the screen; Count there shows the
// solver's count, and Solve draws the answer on the rectangle.
func TestIQRectangleLink(t *testing.T) {
	full, err := iq.Solve(context.Background(), iq.NewBoard(iq.Rectangle))
	if err != nil || !full.Solved {
		t.Fatal(full, err)
	}
	b := iq.NewBoard(iq.Rectangle) // three pieces of a filling
	for r, row := range full.Rows {
		for c := range row {
			if strings.IndexByte("ABC", row[c]) >= 0 {
				b.Set(r, c, row[c])
			}
		}
	}
	want, err := iq.Count(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	frag := share.Encode("iq", b.String())
	for _, v := range []struct {
		name string
		vp   viewport
	}{{"phone", phone}, {"desktop", desktop}} {
		p := openIn(t, v.vp, frag)
		p.waitFor(`document.querySelectorAll("#grid [data-i]").length === 55`)
		if got := eval[string](p, `document.querySelector("#iq-board").value`); got != "rectangle" {
			t.Errorf("%s: the picker shows %q", v.name, got)
		}
		if got := p.exported(); got != b.String() {
			t.Errorf("%s: the link opens\n%s\nwant\n%s", v.name, got, b)
		}
		// The board fits the screen's width.
		if right := eval[float64](p, `document.querySelector("#grid").getBoundingClientRect().right`); right > float64(v.vp.w) {
			t.Errorf("%s: the board ends at %.0f px, past the screen's %d", v.name, right, v.vp.w)
		}
		p.screenshot("iq-rect-" + v.name)
		if v.name == "phone" {
			continue
		}
		p.click("#iq-count")
		p.waitFor(`document.querySelector("#status").dataset.state === "done"`)
		if got := p.statusNow(); !strings.HasPrefix(got, groupThousands(want)+" completions") {
			t.Errorf("Count says %q, the solver %d", got, want)
		}
		p.solve()
		if n := eval[int](p, `document.querySelectorAll("#grid .cell.solved").length`); n != iq.NumCells-strings.Count(b.String(), "A")-strings.Count(b.String(), "B")-strings.Count(b.String(), "C") {
			t.Errorf("Solve draws %d cells", n)
		}
		p.screenshot("iq-rect-solved")

		// Save… offers the rectangle's formats, which read back, and
		// draws the rectangle's answer.
		p.catchDownloads()
		for _, f := range iq.FormatsOf(iq.Rectangle) {
			name, data := p.saveAs(f.Name + " (.txt)")
			back, _, err := iq.Game{}.Import(string(data))
			if !strings.HasPrefix(name, "iq-11x5.") || err != nil || back != b.String() {
				t.Errorf("%s: saved %s, %q, reads back as %q, %v", f.Name, name, data, back, err)
			}
		}
		name, data := p.saveAs("answer image (.png)")
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if w, h := img.Bounds().Dx(), img.Bounds().Dy(); !strings.HasSuffix(name, "-answer.png") || w < 2*h {
			t.Errorf("the answer image %s is %dx%d, not a 11×5 board", name, w, h)
		}
		p.setValue("#iq-board", "triangle") // the tests after this one find the triangle saved
	}
}

// groupThousands writes n as the page does: 1,234,567.
func groupThousands(n int64) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
