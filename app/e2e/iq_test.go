//go:build e2e

package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"gridsolve/solvers/iq"
)

func TestIQ(t *testing.T) {
	p := openPuzzle(t, "iq", (&iq.Board{}).String())

	// Paint two pieces from the palette, and erase a stray cell.
	p.click("#iq-paint")
	want := &iq.Board{}
	paint := func(letter byte, cells ...[2]int) {
		id := "#brush-" + string(letter)
		if letter == iq.Empty {
			id = "#brush-erase"
		}
		p.click(id)
		for _, rc := range cells {
			p.clickCell(rc[0]*iq.Size + rc[1])
			want.Set(rc[0], rc[1], letter)
		}
	}
	paint('B', [2]int{0, 0}, [2]int{1, 0}, [2]int{2, 0}, [2]int{3, 0})
	paint('D', [2]int{4, 0}, [2]int{4, 1}, [2]int{5, 0}, [2]int{5, 1}, [2]int{9, 9})
	paint(iq.Empty, [2]int{9, 9})
	if got := p.exported(); got != want.String() {
		t.Fatalf("painted board exports as\n%s\nwant\n%s", got, want.String())
	}

	status := p.solve()
	native, err := iq.Solve(context.Background(), want)
	if err != nil {
		t.Fatal(err)
	}
	cells := p.cellClasses()
	texts := eval[[]string](p, `[...document.querySelectorAll("#grid [data-i]")].map(c => c.textContent)`)
	for r := range iq.Size {
		for c := 0; c <= r; c++ {
			i := r*iq.Size + c
			letter := want.At(r, c)
			if native.Solved {
				letter = native.Rows[r][c]
			}
			if letter == iq.Empty {
				if !hasClass(cells[i], "empty") {
					t.Errorf("cell %d,%d drawn %v, want empty", r, c, cells[i])
				}
				continue
			}
			if !hasClass(cells[i], "p-"+string(letter)) || texts[i] != string(letter) {
				t.Errorf("cell %d,%d drawn %v %q, want piece %c", r, c, cells[i], texts[i], letter)
			}
			if given := want.At(r, c) != iq.Empty; hasClass(cells[i], "given") != given {
				t.Errorf("cell %d,%d given=%v, drawn %v", r, c, given, cells[i])
			}
		}
	}
	if native.Solved { // the drawn solution, read back, is a valid full board
		var text string
		for r := range iq.Size {
			for c := 0; c <= r; c++ {
				text += texts[r*iq.Size+c]
			}
			text += "\n"
		}
		b, err := iq.ParseBoard(text)
		if err == nil {
			err = iq.Validate(b)
		}
		if err != nil {
			t.Errorf("the drawn solution is not a valid board: %v\n%s", err, text)
		}
	}
	t.Logf("status: %s", status)
	p.screenshot("iq")

	// A piece painted in a shape it does not have: the solver's message.
	p.click("#brush-A")
	p.clickCell(9*iq.Size + 9)
	want.Set(9, 9, 'A')
	_, nativeErr := iq.Game{}.Solve(context.Background(), want.String(), nil)
	if nativeErr == nil {
		t.Fatal("a lone A cell solves natively")
	}
	seq := eval[string](p, `document.querySelector("#status").dataset.seq`)
	p.click("#solve")
	p.waitFor(fmt.Sprintf(`document.querySelector("#status").dataset.seq !== %q`, seq))
	// The solver's own words, without the package name the command line
	// shows (issue 27, item 10).
	words := strings.TrimPrefix(nativeErr.Error(), "iq: ")
	words = strings.ToUpper(words[:1]) + words[1:]
	if got := p.statusNow(); got != words {
		t.Errorf("bad board shows %q, want the solver's %q", got, words)
	}
}
