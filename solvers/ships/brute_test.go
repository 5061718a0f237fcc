package ships

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// The brute force below shares nothing with the solver: its own ship
// pictures and rotations, a row-major tiling scan instead of covering hits
// first, and the full game tree instead of the greedy rule and its bound.

var bruteShapes = []string{"xx/xx", "xx./.xx", ".xx/xx.", "x../xxx", "..x/xxx", ".x./xxx", "xxxx"}

// bruteOrients gives every ship rotation as offsets from its first cell in
// row-major order, and the ship of each rotation.
func bruteOrients() (orients [][][2]int, shipOf []int) {
	for ship, pic := range bruteShapes {
		rows := strings.Split(pic, "/")
		seen := map[string]bool{}
		for range 4 {
			if key := strings.Join(rows, "/"); !seen[key] {
				seen[key] = true
				var offs [][2]int
				for y, row := range rows {
					for x := range row {
						if row[x] == 'x' {
							offs = append(offs, [2]int{x, y})
						}
					}
				}
				for i := len(offs) - 1; i >= 0; i-- {
					offs[i][0] -= offs[0][0]
					offs[i][1] -= offs[0][1]
				}
				orients = append(orients, offs)
				shipOf = append(shipOf, ship)
			}
			// rotate clockwise: new row x is old column x read bottom-up
			rot := make([]string, len(rows[0]))
			for x := range rows[0] {
				var sb strings.Builder
				for y := len(rows) - 1; y >= 0; y-- {
					sb.WriteByte(rows[y][x])
				}
				rot[x] = sb.String()
			}
			rows = rot
		}
	}
	return orients, shipOf
}

// bruteGrids lists the distinct completed grids of b as strings of 'x'/'o'.
func bruteGrids(b *Board) []string {
	orients, shipOf := bruteOrients()
	grid := make([]byte, len(b.Cells))
	for i := range grid {
		grid[i] = '?'
	}
	seen := map[string]bool{}
	var out []string
	var scan func(i, left int)
	scan = func(i, left int) {
		for i < len(grid) && grid[i] != '?' {
			i++
		}
		if i == len(grid) {
			if left == 0 && !seen[string(grid)] {
				seen[string(grid)] = true
				out = append(out, string(grid))
			}
			return
		}
		x0, y0 := i%b.W, i/b.W
		for k, offs := range orients {
			if left&(1<<shipOf[k]) == 0 {
				continue
			}
			ok := true
			for _, d := range offs {
				x, y := x0+d[0], y0+d[1]
				ok = ok && x >= 0 && x < b.W && y < b.H && grid[y*b.W+x] == '?' && b.Cells[y*b.W+x] != 'o'
			}
			if !ok {
				continue
			}
			for _, d := range offs {
				grid[(y0+d[1])*b.W+x0+d[0]] = 'x'
			}
			scan(i+1, left&^(1<<shipOf[k]))
			for _, d := range offs {
				grid[(y0+d[1])*b.W+x0+d[0]] = '?'
			}
		}
		if b.Cells[i] != 'x' {
			grid[i] = 'o'
			scan(i+1, left)
			grid[i] = '?'
		}
	}
	scan(0, 1<<7-1)
	return out
}

// bruteWin plays the full game tree: a shot at an unknown cell splits the
// grids into hits and misses; we win if every outcome is won.
func bruteWin(b *Board, grids []string) bool {
	memo := map[string]bool{}
	var win func(set []int, misses int) bool
	win = func(set []int, misses int) bool {
		if len(set) <= 1 {
			return len(set) == 1
		}
		key := fmt.Sprint(misses, set)
		if v, ok := memo[key]; ok {
			return v
		}
		result := false
		for c := range b.Cells {
			if b.Cells[c] != '.' {
				continue
			}
			var hit, miss []int
			for _, g := range set {
				if grids[g][c] == 'x' {
					hit = append(hit, g)
				} else {
					miss = append(miss, g)
				}
			}
			if len(hit) == 0 || len(miss) == 0 {
				continue // no information
			}
			if misses > 0 && win(miss, misses-1) && win(hit, misses) {
				result = true
				break
			}
		}
		memo[key] = result
		return result
	}
	all := make([]int, len(grids))
	for i := range all {
		all[i] = i
	}
	return win(all, 1)
}

// randomBoard hides the seven ships at random and shoots a random share of
// the cells; with junk it also fills some cells at random, which usually
// leaves no consistent grid.
func randomBoard(r *rand.Rand, w, h int, junk bool) *Board {
	b := &Board{W: w, H: h, Cells: make([]byte, w*h)}
	truth := make([]byte, w*h)
	restarts := 0
retry:
	if restarts++; restarts == 1000 {
		panic(fmt.Sprintf("no random layout fits %dx%d", w, h))
	}
	for i := range truth {
		truth[i] = 'o'
	}
	for _, orients := range orientations {
		for tries := 0; ; tries++ {
			if tries == 200 {
				goto retry
			}
			o := orients[r.IntN(len(orients))]
			x0, y0 := r.IntN(w), r.IntN(h)
			ok := true
			for _, d := range o {
				x, y := x0+d[0], y0+d[1]
				ok = ok && x < w && y < h && truth[y*w+x] == 'o'
			}
			if ok {
				for _, d := range o {
					truth[(y0+d[1])*w+x0+d[0]] = 'x'
				}
				break
			}
		}
	}
	p := 0.3 + 0.7*r.Float64()
	for i := range b.Cells {
		b.Cells[i] = '.'
		switch {
		case junk && r.IntN(6) == 0:
			b.Cells[i] = "xo"[r.IntN(2)]
		case r.Float64() < p:
			b.Cells[i] = truth[i]
		}
	}
	return b
}

func gridStrings(grids []cellSet, n int) []string {
	var out []string
	for _, g := range grids {
		s := make([]byte, n)
		for i := range s {
			s[i] = 'o'
			if g.has(i) {
				s[i] = 'x'
			}
		}
		out = append(out, string(s))
	}
	slices.Sort(out)
	return out
}

func TestAgainstBruteForce(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	r := rand.New(rand.NewPCG(322, 1138))
	sizes := [][2]int{{5, 6}, {6, 5}, {4, 8}, {8, 4}, {6, 6}, {5, 7}}
	cases := 250
	if testing.Short() {
		cases = 60
	}
	wins := 0
	for k := range cases {
		sz := sizes[k%len(sizes)]
		b := randomBoard(r, sz[0], sz[1], k%4 == 3)
		if sz[0]*sz[1] > 32 { // keep the brute force quick: shoot more water
			for i, c := range b.Cells {
				if c == '.' && r.IntN(2) == 0 {
					b.Cells[i] = 'o'
				}
			}
		}
		want := bruteGrids(b)
		slices.Sort(want)
		s := newSearch(context.Background(), b, nil)
		if _, err := s.enumerate(1 << 30); err != nil {
			t.Fatal(err)
		}
		if got := gridStrings(s.grids, len(b.Cells)); !slices.Equal(got, want) {
			t.Fatalf("case %d %s: %d grids, brute force %d", k, b, len(got), len(want))
		}
		wantWin := bruteWin(b, want)
		if wantWin {
			wins++
			if len(want) > hitsLimit(b) {
				t.Fatalf("case %d %s: winnable with %d grids, bound %d", k, b, len(want), hitsLimit(b))
			}
		}
		win, err := decide(context.Background(), b, nil)
		if err != nil || win != wantWin {
			t.Fatalf("case %d %s: decide = %v, %v; brute force %v", k, b, win, err, wantWin)
		}
		checkAnswer(t, b, want, wantWin)
	}
	if wins == 0 || wins == cases {
		t.Errorf("%d wins in %d cases: the random boards test only one answer", wins, cases)
	}
	t.Logf("%d of %d boards winnable", wins, cases)
}

// checkAnswer compares Solve's answer with the brute-force grids.
func checkAnswer(t *testing.T, b *Board, grids []string, win bool) {
	t.Helper()
	got, err := Game{}.Solve(context.Background(), b.String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	a := got.(*Answer)
	if a.GridsCapped && (a.Win || a.Grids >= len(grids) || len(grids) <= hitsLimit(b)) ||
		!a.GridsCapped && (a.Win != win || a.Grids != len(grids)) {
		t.Fatalf("%s: answer win %v grids %d capped %v; want %v %d", b, a.Win, a.Grids, a.GridsCapped, win, len(grids))
	}
	if len(grids) == 0 {
		if len(a.Ship) != 0 || a.Next != -1 {
			t.Fatalf("%s: no grid, yet ship %v next %d", b, a.Ship, a.Next)
		}
		return
	}
	for i := range b.Cells {
		n := 0
		for _, g := range grids {
			if g[i] == 'x' {
				n++
			}
		}
		known := byte('.')
		switch n {
		case 0:
			known = 'o'
		case len(grids):
			known = 'x'
		}
		// A capped answer samples the grids and may leave a cell undecided.
		if a.GridsCapped && (a.Known[i] != known && a.Known[i] != '.' || known != '.' && a.Ship[i] != float64(n/len(grids))) ||
			!a.GridsCapped && (a.Known[i] != known || a.Ship[i] != float64(n)/float64(len(grids))) {
			t.Fatalf("%s: cell %d known %c ship %v; want %c %d/%d", b, i, a.Known[i], a.Ship[i], known, n, len(grids))
		}
	}
	if a.Next >= 0 && b.Cells[a.Next] != '.' {
		t.Fatalf("%s: next shot %d is not unknown", b, a.Next)
	}
}

// TestPlacements checks the search's placements, and the lists of them per
// ship and per cell, against the brute force's rotations put at every cell
// of boards of every width and height, narrow ones included.
func TestPlacements(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	orients, shipOf := bruteOrients()
	if len(orients) != rotationCount {
		t.Fatalf("%d rotations, rotationCount %d", len(orients), rotationCount)
	}
	r := rand.New(rand.NewPCG(20, 20))
	step := 1
	if testing.Short() {
		step = 4
	}
	for w := 1; w <= MaxSide; w += step {
		for h := 1; h <= MaxSide; h += step {
			b := &Board{W: w, H: h, Cells: make([]byte, w*h)}
			cells := ".xo"
			if (w+h)%2 == 0 {
				cells = ".x" // no misses, which setting up takes apart
			}
			for i := range b.Cells {
				b.Cells[i] = cells[r.IntN(len(cells))]
			}
			var want []string
			for k, offs := range orients {
				for c := range b.Cells {
					x0, y0 := c%w, c/w
					key := []byte(strings.Repeat(".", w*h)) // the cells covered, as x
					fits := true
					for _, d := range offs {
						x, y := x0+d[0], y0+d[1]
						fits = fits && x >= 0 && x < w && y < h && b.Cells[y*w+x] != 'o'
						if fits {
							key[y*w+x] = 'x'
						}
					}
					if fits {
						want = append(want, fmt.Sprint(shipOf[k], string(key)))
					}
				}
			}
			s := newSearch(context.Background(), b, nil)
			// All the placements in their order, which every list keeps.
			var all []placement
			for ship := range 7 {
				for _, pl := range s.placements(ship) {
					if int(pl.ship) != ship {
						t.Fatalf("%dx%d: a placement of ship %d listed for ship %d", w, h, pl.ship, ship)
					}
					all = append(all, pl)
				}
			}
			if len(all) != s.places {
				t.Fatalf("%dx%d: %d placements listed, %d counted", w, h, len(all), s.places)
			}
			var got []string
			for p, pl := range all {
				var set cellSet
				pl.addTo(&set)
				key := []byte(strings.Repeat(".", w*h))
				for i := range key {
					if set.has(i) {
						key[i] = 'x'
					}
					if set.has(i) != slices.Contains(s.covering(i), pl) {
						t.Fatalf("%dx%d: placement %d covers cell %d: %v, listed: %v", w, h, p, i, set.has(i), !set.has(i))
					}
				}
				if set.count() != 4 {
					t.Fatalf("%dx%d: placement %d has %d cells", w, h, p, set.count())
				}
				got = append(got, fmt.Sprint(pl.ship, string(key)))
			}
			listed := 0
			for i := range b.Cells {
				list := s.covering(i)
				listed += len(list)
				if !slices.IsSortedFunc(list, func(p, q placement) int { return slices.Index(all, p) - slices.Index(all, q) }) {
					t.Fatalf("%dx%d: cell %d's list is out of order", w, h, i)
				}
			}
			if listed != 4*len(all) {
				t.Fatalf("%dx%d: the cells list %d placements, want 4 for each of %d", w, h, listed, len(all))
			}
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%dx%d %s: %d placements, brute force %d", w, h, b, len(got), len(want))
			}
		}
	}
}
