package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/ships"
)

// A game: a hidden fleet, shots revealed and counted, undo-able state, the
// assist's heatmap and the replay at the end asked of the solver.
func TestShipsGame(t *testing.T) {
	fleet, err := ships.Game{}.Generate(context.Background(), solvers.Options{W: 8, H: 8, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	e := newShips()
	if err := e.deal(fleet); err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(e.text()[4:], "xo") {
		t.Fatalf("the dealt board shows the fleet:\n%s", e.text())
	}
	e.tool("assist", "")
	if r, ok := e.work(); !ok || r.op != "solve" || r.text != e.text() {
		t.Errorf("assist asks for %+v, %v", r, ok)
	}
	for i := range 64 {
		if _, changed := e.press(i, false); !changed {
			t.Fatalf("shot %d not taken", i)
		}
		if _, changed := e.press(i, false); changed {
			t.Fatalf("cell %d shot twice", i)
		}
		if snap := e.snapshot(); i == 20 {
			f := newShips()
			if err := f.restore(snap); err != nil || f.snapshot() != snap {
				t.Fatalf("game state does not restore: %v\n%s", err, snap)
			}
		}
		if e.over() {
			break
		}
	}
	if !e.over() || e.text() == "" {
		t.Fatal("shooting every cell does not end the game")
	}
	r, ok := e.work()
	if !ok || r.op != "replay" {
		t.Fatalf("the end asks for %+v, %v", r, ok)
	}
	replay, err := ships.Replay(context.Background(), r.text, shotsOf(r.position))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(replay)
	e.took(r, raw)
	if !strings.HasPrefix(e.playLine(), "All seven ships sunk in") || strings.Contains(e.playLine(), "Replaying") {
		t.Errorf("end line %q", e.playLine())
	}
	e.tool("mode", "edit")
	truth, _ := ships.ParseBoard(fleet)
	for i, v := range e.b.Cells {
		if e.play || v != '.' && v != truth.Cells[i] {
			t.Fatalf("back to Draw shows\n%s\nwant the cells shot of\n%s", e.text(), fleet)
		}
	}
}

func shotsOf(s string) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		n := 0
		for _, c := range f {
			n = n*10 + int(c-'0')
		}
		out = append(out, n)
	}
	return out
}

func TestShotRanges(t *testing.T) {
	for _, c := range []struct {
		in   []bool
		want string
	}{
		{[]bool{false, false, true}, "shot 3"},
		{[]bool{true, true, false, true}, "shots 1–2, 4"},
		{[]bool{false, true, true, true}, "shots 2–4"},
	} {
		if got := shotRanges(c.in); got != c.want {
			t.Errorf("shotRanges(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
