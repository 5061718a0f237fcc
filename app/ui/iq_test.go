package ui

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers/iq"
)

// Whole pieces: place, refuse with a reason, turn through every
// orientation, and pick up again.
func TestIQPlacePieces(t *testing.T) {
	e := newIQ()
	if e.painting || e.piece != 0 {
		t.Fatalf("starts painting %v with piece %d in hand", e.painting, e.piece)
	}
	e.tool("piece", "3")                                     // D, the 2×2 square
	if _, changed := e.press(8*iq.Size+0, false); !changed { // its top-left cell
		t.Fatalf("D does not go in the bottom-left corner: %s", e.msg)
	}
	for _, rc := range [][2]int{{9, 0}, {9, 1}, {8, 0}, {8, 1}} {
		if e.b.At(rc[0], rc[1]) != 'D' {
			t.Errorf("cell %v is %q, want D", rc, e.b.At(rc[0], rc[1]))
		}
	}
	if e.piece != 0 {
		t.Errorf("after placing, piece %d is in hand, want A (the first not placed)", e.piece)
	}
	// A is refused where it would overlap D, with the reason.
	if _, changed := e.press(7*iq.Size+0, false); changed || !strings.Contains(e.msg, "overlap piece D") { // A: 11/10
		t.Errorf("overlapping place: changed %v, message %q", changed, e.msg)
	}
	if _, changed := e.press(0, false); changed || !strings.Contains(e.msg, "off the board") {
		t.Errorf("off-board place: changed %v, message %q", changed, e.msg)
	}
	// Rotating four times, or mirroring twice, gives the same shape back,
	// and rotating visits every orientation of an asymmetric piece.
	for k := range iq.NumPieces {
		e.tool("piece", "0")
		e.tool("piece", strconvI(k))
		seen := map[int]bool{}
		for range 4 {
			seen[e.orient] = true
			e.turn(false)
		}
		if e.orient != 0 {
			t.Errorf("piece %c: four turns end at orientation %d", 'A'+k, e.orient)
		}
		e.turn(true)
		for range 4 {
			seen[e.orient] = true
			e.turn(false)
		}
		e.turn(true)
		if len(seen) != len(iq.Orientations(k)) || e.orient != 0 {
			t.Errorf("piece %c: turns and mirrors reach %d of %d orientations, end at %d", 'A'+k, len(seen), len(iq.Orientations(k)), e.orient)
		}
	}
	// Picking up D takes all of it off and puts it in hand, turned as it was.
	if _, changed := e.press(9*iq.Size+1, false); !changed || e.piece != 3 || strings.Contains(e.text(), "D") {
		t.Errorf("pick up: changed %v, in hand %d, board\n%s", changed, e.piece, e.text())
	}
	// The ghost covers the piece's cells and says whether it fits.
	e.setHover(8 * iq.Size)
	cells, fits := e.ghost()
	if !fits || !slices.Equal(cells, []int{8 * iq.Size, 8*iq.Size + 1, 9 * iq.Size, 9*iq.Size + 1}) {
		t.Errorf("ghost at the corner: %v fits %v", cells, fits)
	}
}

func strconvI(k int) string { return strconv.Itoa(k) }

// Check asks the solver whether the position can be completed, and says.
func TestIQCheck(t *testing.T) {
	e := newIQ()
	e.tool("check", "")
	r, ok := e.work()
	if !ok || r.op != "solve" || r.text != e.text() {
		t.Fatalf("Check asks for %+v, %v", r, ok)
	}
	e.took(r, []byte(`{"solved":true,"solutions":2}`))
	if !strings.Contains(e.msg, "more than one way") {
		t.Errorf("Check says %q", e.msg)
	}
	if _, again := e.work(); again {
		t.Error("Check asks again after its answer")
	}
	e.tool("check", "")
	e.took(r, []byte(`{"solved":false}`))
	if !strings.Contains(e.msg, "cannot be completed") {
		t.Errorf("Check says %q", e.msg)
	}
}

func TestIQBoardCells(t *testing.T) {
	got := newIQ().boardCells([]int{0, 1, 2, 3, 5, 54})
	want := []int{0, 10, 11, 20, 22, 99}
	if !slices.Equal(got, want) {
		t.Errorf("board cells %v, want %v", got, want)
	}
}

// The status after a count says the number, or why it cannot.
func TestCountLine(t *testing.T) {
	for _, c := range []struct {
		same   bool
		answer string
		state  tabState
		prefix string
	}{
		{true, "32288", "done", "32,288 completions (1,234 nodes, 56 ms)"},
		{true, "1", "done", "Exactly one completion"},
		{true, "0", "done", "No completion"},
		{false, "7", "idle", "The puzzle changed"},
		{true, `"7"`, "error", "The solver sent a broken count"},
		{true, "-1", "error", "The solver sent a broken count"},
		{true, "", "error", "The solver sent a broken count"},
	} {
		state, status := countLine(c.same, jobResult{Answer: json.RawMessage(c.answer), Nodes: 1234, Millis: 56})
		if state != c.state || !strings.HasPrefix(status, c.prefix) {
			t.Errorf("countLine(%v, %s) = %s %q, want %s %q...", c.same, c.answer, state, status, c.state, c.prefix)
		}
	}
}
