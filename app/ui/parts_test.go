package ui

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"gridsolve/solvers"
)

// The warm-up table web/solver.js gets covers every game once, and each
// entry deals a puzzle that, blanked as the table says, the solver takes,
// as the warm-up does in the worker.
func TestWarmupsDealAndSolve(t *testing.T) {
	var table []warmupEntry
	if err := json.Unmarshal([]byte(warmups(newEditors())), &table); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	orders := map[int]bool{}
	for i, w := range table {
		game, clear := w.Game, w.Clear
		if seen[game] {
			t.Errorf("%s warms up twice", game)
		}
		if order := w.Order; orders[order] {
			t.Errorf("%s: two warm-ups have order %d", game, order)
		} else {
			orders[order] = true
		}
		seen[game] = true
		g, ok := solvers.Lookup(game)
		if !ok {
			t.Fatalf("warm-up %d: no game %q", i, game)
		}
		dealt, err := g.(solvers.Player).Generate(context.Background(),
			solvers.Options{W: w.W, H: w.H, Level: w.Level, Seed: uint64(2*i + 1)})
		if err != nil {
			t.Fatalf("%s: the warm-up's deal: %v", game, err)
		}
		text := strings.Map(func(r rune) rune {
			if strings.ContainsRune(clear, r) {
				return '.'
			}
			return r
		}, dealt)
		if _, err := g.Solve(context.Background(), text, nil); err != nil {
			t.Errorf("%s: the warm-up's solve: %v\n%s", game, err, text)
		}
	}
	for _, g := range solvers.All {
		if !seen[g.Name()] {
			t.Errorf("%s has no warm-up", g.Name())
		}
	}
}

// Open… offers every extension of every game's formats.
func TestOpenAcceptsEveryFormat(t *testing.T) {
	accept := strings.Split(acceptFiles, ",")
	for _, g := range solvers.All {
		for _, f := range g.(solvers.Converter).Formats() {
			if f.Ext != "" && !strings.Contains(","+acceptFiles+",", ","+f.Ext+",") {
				t.Errorf("%s: Open… does not offer %s files (%s)", g.Name(), f.Ext, f.Name)
			}
		}
	}
	if len(accept) < 2 || accept[0] != ".txt" {
		t.Errorf("Open… offers %q, want judge text (.txt) first", acceptFiles)
	}
}

// Every board's extra keys and wheel key reach its #grid, where
// web/input.js reads them.
func TestBoardInputOnGrid(t *testing.T) {
	for _, ed := range newEditors() {
		p := New()
		p.m.at, _ = p.m.tabIndex(ed.game())
		in := p.current().input()
		grid := parseHTML(t, p.current().board(p)).all(func(n *node) bool { return n.attr["id"] == "grid" })
		if len(grid) != 1 {
			t.Fatalf("%s: %d #grid elements", ed.game(), len(grid))
		}
		a := grid[0].attr
		if _, hover := a["data-"+attrHover]; hover != (in.hover != nil) {
			t.Errorf("%s: data-hover %v, want %v", ed.game(), hover, in.hover != nil)
		}
		if a["data-"+attrKeys] != in.keys || a["data-"+attrWheelKey] != in.wheelKey {
			t.Errorf("%s: data-keys %q, data-wheel-key %q; want %q, %q", ed.game(), a["data-"+attrKeys], a["data-"+attrWheelKey], in.keys, in.wheelKey)
		}
	}
}
