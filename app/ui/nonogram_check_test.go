package ui

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers/nonogram"
)

// drawNonogram draws pic (rows of '#' and '.') on a cleared board of its
// size, cell by cell, as clicks.
func drawNonogram(p *testPage, pic []string) {
	p.applyTool("mode", string(nonoDraw))
	p.applyTool("clear", "")
	p.applyTool("w", strconv.Itoa(len(pic[0])))
	p.applyTool("h", strconv.Itoa(len(pic)))
	for y, row := range pic {
		for x := range row {
			if row[x] == '#' {
				p.click(y*len(row) + x)
			}
		}
	}
}

// liveJobs lists the jobs posted and neither ended nor cancelled.
func (p *testPage) liveJobs() []string {
	var out []string
	for _, id := range p.w.queued {
		if _, ok := p.jobs[id]; ok {
			out = append(out, string(p.w.reqs[id].op)+" "+p.w.reqs[id].game)
		}
	}
	return out
}

// The designer's check follows the drawing once it pauses, one check for
// a series of edits, and a stale check is cancelled: the report is the
// native Explain's.
func TestMidendNonogramCheck(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	if slices.Contains(p.w.pending(), "explain nonogram") {
		t.Fatal("a check runs at load, before any edit")
	}
	pic := []string{"#..#..#", "..###.#", ".......", "#.##.#.", "#..#.#.", ".#...#.", ".#....."}
	drawNonogram(p, pic)
	if nt.working != 0 {
		t.Fatalf("a check runs before the edits paused: %v", p.w.pending())
	}
	p.timeOut()
	if live := p.liveJobs(); len(live) != 1 || live[0] != "explain nonogram" {
		t.Fatalf("after the pause, jobs %v; want one check", live)
	}
	ed := nt.ed.(*nonogramEditor)
	p.w.run(p.midend)
	native, err := nonogram.Explain(context.Background(), ed.clues, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := ed.reportNow()
	if r == nil || r.Summary() != native.Summary() || !slices.Equal(r.Unsettled, native.Unsettled) || native.Level != nonogram.ByProbes {
		t.Fatalf("report %+v, native %+v", r, native)
	}
	shaded, marks := 0, ed.checkMarks()
	for i := range ed.width() * ed.height() {
		if class, _ := ed.cellLook(i%ed.width(), i/ed.width(), marks); strings.Contains(class, "unsettled") {
			shaded++
		}
	}
	if shaded != len(native.Unsettled) || shaded == 0 {
		t.Errorf("%d cells shaded, want %d", shaded, len(native.Unsettled))
	}

	// An edit while a check runs cancels it.
	p.click(6)
	p.timeOut()
	running := nt.working
	p.click(6)
	if !slices.Contains(p.w.cancelled, running) || nt.working != 0 {
		t.Errorf("the stale check %d is not cancelled (cancelled %v, running %d)", running, p.w.cancelled, nt.working)
	}
}

// Make it unique on a picture with several solutions suggests changes;
// each accepted is an edit that Undo takes back, and once all are
// accepted the check says unique.
func TestMidendNonogramMakeUnique(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	drawNonogram(p, []string{"#....", ".#...", ".....", "...#.", "....#"})
	p.timeOut()
	p.w.run(p.midend)
	ed := nt.ed.(*nonogramEditor)
	if r := ed.reportNow(); r == nil || r.Status != nonogram.Multiple {
		t.Fatalf("report %+v, want several solutions", r)
	}
	p.applyTool("unique", "")
	p.w.run(p.midend)
	suggest := ed.suggested()
	if len(suggest) != 2 || !ed.check.fix.Fewest {
		t.Fatalf("suggested %v (%+v), want the 2 fewest", suggest, ed.check.fix)
	}
	for len(ed.suggested()) > 0 {
		before := ed.pictureText()
		p.applyTool("accept", strconv.Itoa(ed.suggested()[0]))
		if ed.pictureText() == before {
			t.Fatal("accepting changes nothing")
		}
		p.timeOut()
		p.w.run(p.midend)
	}
	if r := ed.reportNow(); r == nil || r.Status != nonogram.Unique {
		t.Fatalf("after the changes, report %+v", r)
	}
	p.undo()
	if got := ed.suggested(); len(got) != 1 {
		t.Errorf("after Undo, suggested %v, want the last change again", got)
	}
}

// Make it unique on a colour picture suggests the fewest cells to
// recolour; each accepted sets its cell to the suggested colour, and once
// all are accepted the check says unique.
func TestMidendNonogramColourMakeUnique(t *testing.T) {
	p := mount(memStore{})
	nt := p.show(t, "nonogram")
	ed := nt.ed.(*nonogramEditor)
	for _, tool := range [][2]string{{"mode", "draw"}, {"clear", ""}, {"w", "4"}, {"h", "4"}, {"ink-add", ""}, {"ink", "1"}} {
		p.applyTool(tool[0], tool[1])
	}
	p.click(0, 5) // a diagonal in the second ink, another in the first:
	p.applyTool("ink", "0")
	p.click(10, 15) // each fits its clues flipped
	p.timeOut()
	p.w.run(p.midend)
	if r := ed.reportNow(); r == nil || r.Status != nonogram.Multiple || len(ed.checkTools(nil)) != 1 {
		t.Fatalf("report %+v, want several solutions and Make it unique", r)
	}
	p.applyTool("unique", "")
	p.w.run(p.midend)
	fix := ed.check.fix
	if suggest := ed.suggested(); len(suggest) != 2 || !fix.Fewest || len(fix.Colours) != 2 {
		t.Fatalf("suggested %v (%+v), want the 2 fewest", suggest, fix)
	}
	for len(ed.suggested()) > 0 {
		i := ed.suggested()[0]
		to := fix.Colours[slices.Index(fix.Cells, i)]
		p.applyTool("accept", strconv.Itoa(i))
		if got := ed.pic[i/4][i%4]; got != to {
			t.Fatalf("accepting cell %d makes it %d, want %d", i, got, to)
		}
		p.timeOut()
		p.w.run(p.midend)
	}
	if r := ed.reportNow(); r == nil || r.Status != nonogram.Unique {
		t.Fatalf("after the changes, report %+v", r)
	}
}
