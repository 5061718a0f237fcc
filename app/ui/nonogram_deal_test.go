package ui

import (
	"context"
	"strings"
	"testing"

	"gridsolve/solvers/nonogram"
)

// New puzzle with a colour count deals a unique colour puzzle in that
// many inks, ready to play, and Hint on it names a cell the solution
// colours as the hint says, in the puzzle's colour names.
func TestMidendNonogramColourDealAndHint(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	ed := nt.ed.(*nonogramEditor)
	p.applyTool("deal-colours", "3")
	p.setLevel(3) // hard: hints may be probes ("… so it is red.")
	p.deal()
	if r := p.w.reqs[p.w.queued[len(p.w.queued)-1]]; r.op != opGenerate || r.opts.Colours != 3 || r.opts.W != 8 || r.opts.H != 8 {
		t.Fatalf("New asks for %s %+v", r.op, r.opts)
	}
	p.w.run(p.midend)
	if !ed.clues.IsColour() || len(ed.clues.Inks) != 3 || ed.mode != nonoPlay {
		t.Fatalf("New dealt (%q)\n%s", nt.status, ed.text())
	}
	a, err := nonogram.Solve(context.Background(), ed.clues, nil)
	if err != nil || a.Status != nonogram.Unique {
		t.Fatalf("the dealt puzzle: %v %v", a, err)
	}
	for range 2 {
		p.askHint()
		p.w.run(p.midend)
		h := nt.hint
		if h == nil || len(h.Cells) == 0 || nt.state != stateDone {
			t.Fatalf("no hint: %q", nt.status)
		}
		for _, i := range h.Cells {
			want := a.Grid[i/8][i%8]
			name := "empty"
			if want != '.' {
				name = ed.clues.Inks[want-'a'].Name
				if h.Move != string(want) {
					t.Errorf("hint %+v: cell %d is %c in the solution", h, i, want)
				}
			}
			if !strings.HasSuffix(h.Reason, " must be "+name+".") && !strings.HasSuffix(h.Reason, " is "+name+".") {
				t.Errorf("hint %q: cell %d is %s in the solution", h.Reason, i, name)
			}
			ed.grid[i] = want
			if want == '.' {
				ed.grid[i] = dotted
			}
		}
	}
	p.applyTool("deal-colours", "6")
	if nt.state != stateError || ed.dealColours != 3 {
		t.Errorf("6 colours taken: %q", nt.status)
	}
	p.applyTool("deal-colours", "0")
	if ed.dealColours != 0 {
		t.Errorf("black and white not taken: %q", nt.status)
	}
}

// The designer's check runs on a colour picture as on a black and white
// one: a picture with two solutions is reported so, its differing cells
// ringed, and Make it unique is offered.
func TestMidendNonogramColourCheck(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	ed := nt.ed.(*nonogramEditor)
	for _, tool := range [][2]string{{"mode", "draw"}, {"clear", ""}, {"w", "3"}, {"h", "3"}, {"ink-add", ""}, {"ink", "1"}} {
		p.applyTool(tool[0], tool[1])
	}
	p.click(0, 4) // red on a diagonal: the other diagonal fits the clues too
	p.applyTool("ink", "0")
	p.click(8)
	p.timeOut()
	p.w.run(p.midend)
	r := ed.reportNow()
	if r == nil || r.Status != nonogram.Multiple {
		t.Fatalf("check of\n%s: %+v (%q)", ed.text(), r, nt.status)
	}
	m := ed.checkMarks()
	for i, want := range []bool{true, true, false, true, true, false, false, false, false} {
		class, _ := ed.checkLook(i, "", "", m)
		if strings.Contains(class, "differs") != want || strings.Contains(class, "unsettled") != want {
			t.Errorf("cell %d: %q", i, class)
		}
	}
	if tools := ed.checkTools(nil); len(tools) != 1 {
		t.Error("Make it unique not offered for a colour picture")
	}
}

// The colours of New follow the puzzle shown when its number of inks
// changes (opened, dealt, or a colour added or removed), and otherwise
// stay as the user chose them for the next New.
func TestMidendNonogramDealColoursFollowTheShownPuzzle(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	ed := nt.ed.(*nonogramEditor)
	inks := []nonogram.Ink{{Name: "red", RGB: "ff0000"}, {Name: "green", RGB: "00ff00"}, {Name: "blue", RGB: "0000ff"}}
	three := cluesOfPicture([][]int{{1, 2}, {0, 3}}, inks).String()
	steps := []struct {
		do   func()
		what string
		want int
	}{
		{func() { p.importText(three, fromTextBox) }, "a puzzle in 3 inks opened", 3},
		{func() { p.applyTool("deal-colours", "0") }, "black and white chosen", 0},
		{func() { p.applyTool("mode", "draw"); p.click(0) }, "a cell drawn", 0},
		{func() { p.applyTool("ink-add", "") }, "a fourth ink added", 4},
		{func() { p.importText("1 1\n1 1\n1 1\n", fromTextBox) }, "a black and white puzzle opened", 0},
		{func() { p.applyTool("deal-colours", "5") }, "5 colours chosen", 5},
		{func() { p.importText("1 1\n1 1\n1 1\n", fromTextBox) }, "the same black and white puzzle opened again", 5},
	}
	for _, s := range steps {
		s.do()
		if ed.dealColours != s.want {
			t.Fatalf("after %s New deals in %d colours (status %q), want %d", s.what, ed.dealColours, nt.status, s.want)
		}
	}
}
