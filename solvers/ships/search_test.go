package ships

import (
	"cmp"
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSearchStopsAtOnce checks that an enumeration ends at the node where
// it is over, not after trying the placements left at every level: run
// again with one node less, it must stop one grid short, and a run within
// a budget of nodes must end on the first node past it.
func TestSearchStopsAtOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	boards := []*Board{benchBoards()["Empty20"], benchBoards()["Shot40"]}
	for range 30 {
		boards = append(boards, randomBoard(r, 6+r.IntN(9), 6+r.IntN(9), false))
	}
	stopped := 0
	for _, b := range boards {
		for _, limit := range []int{0, 1, 3, 10} {
			s := newSearch(context.Background(), b, nil)
			if _, err := s.enumerate(limit); err != nil {
				t.Fatal(err)
			}
			if len(s.grids) <= limit {
				continue // all grids listed: nothing to stop early
			}
			stopped++
			short := newSearch(context.Background(), b, nil)
			short.budget = s.nodes - 1
			if _, err := short.enumerate(limit); err != nil {
				t.Fatal(err)
			}
			if len(short.grids) != limit {
				t.Fatalf("%s: %d grids in %d nodes, and %d grids in one node less; want the last node to find the grid too many", b, len(s.grids), s.nodes, len(short.grids))
			}
			for _, budget := range []int64{0, 1, s.nodes / 2} {
				s := newSearch(context.Background(), b, nil)
				s.budget = budget
				if _, err := s.enumerate(1 << 30); err != nil {
					t.Fatal(err)
				}
				if s.nodes != budget+1 {
					t.Fatalf("%s: %d nodes visited with a budget of %d", b, s.nodes, budget)
				}
			}
		}
	}
	if stopped < len(boards) {
		t.Errorf("only %d of %d searches were stopped by their limit", stopped, 4*len(boards))
	}
}

// TestOrientations works out the rotations of the ships from their
// drawings, a quarter turn at a time, each moved to start at 0 and its
// cells sorted, and checks the table against them, in the same order:
// the order of the placements, and so of the search, follows it.
func TestOrientations(t *testing.T) {
	normalise := func(cells [4][2]int) [4][2]int {
		minX, minY := cells[0][0], cells[0][1]
		for _, c := range cells {
			minX, minY = min(minX, c[0]), min(minY, c[1])
		}
		for i := range cells {
			cells[i][0] -= minX
			cells[i][1] -= minY
		}
		slices.SortFunc(cells[:], func(a, b [2]int) int { return cmp.Or(a[1]-b[1], a[0]-b[0]) })
		return cells
	}
	for ship, rows := range shapes {
		var cells [][2]int
		for y, row := range rows {
			for x := range row {
				if row[x] == 'x' {
					cells = append(cells, [2]int{x, y})
				}
			}
		}
		if len(cells) != 4 {
			t.Fatalf("ship %d has %d cells", ship, len(cells))
		}
		var want [][4][2]int
		turned := [4][2]int(cells)
		for range 4 {
			if norm := normalise(turned); !slices.Contains(want, norm) {
				want = append(want, norm)
			}
			for i, c := range turned { // a quarter turn
				turned[i] = [2]int{-c[1], c[0]}
			}
		}
		if !slices.Equal(orientations[ship], want) {
			t.Errorf("ship %d: orientations %v, want %v", ship, orientations[ship], want)
		}
	}
	if n := len(slices.Concat(orientations[:]...)); n != rotationCount {
		t.Errorf("%d rotations, want rotationCount = %d", n, rotationCount)
	}
}

// TestFitReused checks a search's rotations against ones worked out afresh
// for boards whose sizes change now and then, with and without 'o' cells,
// set up by several goroutines at once, so that the rotations kept from
// one size to the next are those of the right size, and shared safely.
func TestFitReused(t *testing.T) {
	sizes := [][2]int{{10, 10}, {10, 10}, {10, 11}, {11, 10}, {10, 10}, {MaxSide, MaxSide}, {4, 7}, {7, 4}, {7, 4}, {1, 20}, {20, 1}}
	done := make(chan string)
	for g := range 4 {
		go func() {
			r := rand.New(rand.NewPCG(uint64(g), 6))
			for k := range 50 {
				size := sizes[(g+k)%len(sizes)]
				b := &Board{W: size[0], H: size[1], Cells: make([]byte, size[0]*size[1])}
				for i := range b.Cells {
					b.Cells[i] = ".o"[min(r.IntN(8-k%8), 1)] // none every eighth board
				}
				_, misses := b.cells()
				room := upTo(len(b.Cells))
				room.andNot(&misses)
				var want fitted
				want.fitEmpty(b.W, b.H)
				want.refit(&room, (len(b.Cells)+63)/64)
				s := newSearch(context.Background(), b, nil)
				for k := range s.rots { // scratch, not set-up
					s.rots[k].fits, want.rots[k].fits = cellSet{}, cellSet{}
				}
				if s.fitted != want {
					done <- fmt.Sprintf("%dx%d board %d: %d rotations, %d placements; afresh %d, %d", b.W, b.H, k, s.nrots, s.places, want.nrots, want.places)
					return
				}
			}
			done <- ""
		}()
	}
	for range 4 {
		if err := <-done; err != "" {
			t.Error(err)
		}
	}
}

// TestRotationFit checks the word-parallel count of the placements that fit
// against testing them one by one, on boards of every size (so that starts
// and cells fall on every side of word boundaries) with random cells taken.
func TestRotationFit(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for w := 1; w <= MaxSide; w++ {
		for h := 1; h <= MaxSide; h++ {
			b := &Board{W: w, H: h, Cells: make([]byte, w*h)}
			for i := range b.Cells {
				b.Cells[i] = ".o"[min(r.IntN(8), 1)]
			}
			s := newSearch(context.Background(), b, nil)
			density := r.IntN(4)
			for i := range b.Cells {
				if r.IntN(8) < density {
					s.used.add(i)
				}
			}
			free := s.used
			for k := range free {
				free[k] = ^free[k]
			}
			for ship := range 7 {
				var gotOpen, wantOpen cellSet
				var got, want []placement
				n := 0
				for k := range s.nrots {
					if r := &s.rots[k]; r.ship == ship {
						n += fit(s.rots[k:k+1], &free, s.words)
						r.cover(&r.fits, &gotOpen, s.words)
						for c := range 64 * len(r.fits) {
							if r.fits.has(c) {
								got = append(got, r.at(c))
							}
						}
					}
				}
				for _, p := range s.placements(ship) {
					if !p.meets(&s.used) {
						want = append(want, p)
						p.addTo(&wantOpen)
					}
				}
				// At once, all its rotations each set their fits too.
				for k := range s.rotationsOf(ship) {
					s.rotationsOf(ship)[k].fits = cellSet{}
				}
				all := fit(s.rotationsOf(ship), &free, s.words)
				var gotAll []placement
				for _, r := range s.rotationsOf(ship) {
					for c := range 64 * len(r.fits) {
						if r.fits.has(c) {
							gotAll = append(gotAll, r.at(c))
						}
					}
				}
				if n != len(got) || all != n || !slices.Equal(gotAll, got) {
					t.Fatalf("%dx%d ship %d: fit counts %d placements and finds %d; at once %d, finding %d", w, h, ship, n, len(got), all, len(gotAll))
				}
				if !slices.Equal(got, want) || gotOpen != wantOpen {
					t.Fatalf("%dx%d ship %d: %d placements fit, one by one %d; cells %x, one by one %x", w, h, ship, len(got), len(want), gotOpen, wantOpen)
				}
			}
		}
	}
}

// TestAddGrid checks the search's table of distinct grids against a map,
// on grids drawn with many repeats, past several growths of the table.
func TestAddGrid(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3))
	for _, distinct := range []int{1, 5, 64, 65, 700} {
		pool := make([]cellSet, distinct)
		for k := range pool {
			for w := range pool[k] {
				pool[k][w] = r.Uint64() & r.Uint64() // sparse, as grids are
			}
		}
		pool[0] = cellSet{} // the empty grid too
		s := &search{}
		s.collect(29)
		seen := map[cellSet]bool{}
		var want []cellSet
		for range 4 * distinct {
			g := pool[r.IntN(distinct)]
			if isNew := s.addGrid(&g, gridHash(&g)); isNew == seen[g] {
				t.Fatalf("%d distinct: addGrid = %v for a grid seen before: %v", distinct, isNew, seen[g])
			}
			if !seen[g] {
				seen[g] = true
				want = append(want, g)
			}
		}
		if !slices.Equal(s.grids, want) {
			t.Fatalf("%d distinct: %d grids listed, want %d in the order found", distinct, len(s.grids), len(want))
		}
	}
}

// TestGridHash checks that a placement adds its share to the hash of a
// grid it does not meet, as the last ship's leaves count on, for every
// rotation at every start on boards of several sizes.
func TestGridHash(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 4))
	for _, side := range []int{4, 9, 16, MaxSide} {
		s := newSearch(context.Background(), &Board{W: side, H: side, Cells: make([]byte, side*side)}, nil)
		for ship := range 7 {
			for _, p := range s.placements(ship) {
				var g cellSet
				for w := range g {
					g[w] = r.Uint64() & r.Uint64()
				}
				p.removeFrom(&g)
				with := g
				p.addTo(&with)
				if got, want := gridHash(&with), gridHash(&g)+p.hash(); got != want {
					t.Fatalf("%dx%d: ship %d at word %d: hash %x with it, %x from without", side, side, ship, p.word, got, want)
				}
			}
		}
	}
}

// TestBoardCells checks the board read eight cells at a time against a
// byte-by-byte reading, for every length up to a few words (so that the
// last eight are cut anywhere) and with bytes close to 'x' and 'o' in
// value and bits.
func TestBoardCells(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	alphabet := []byte{'x', 'o', '.', 'x' ^ 0x80, 'o' ^ 0x80, 'x' + 1, 'o' - 1, 0, 0xff, 'x' ^ 1, 'o' ^ 0x40}
	for n := range MaxSide * MaxSide {
		b := &Board{W: n, H: 1, Cells: make([]byte, n)}
		for i := range b.Cells {
			b.Cells[i] = alphabet[r.IntN(len(alphabet))]
		}
		var wantX, wantO cellSet
		for i, c := range b.Cells {
			switch c {
			case 'x':
				wantX.add(i)
			case 'o':
				wantO.add(i)
			}
		}
		if x, o := b.cells(); x != wantX || o != wantO {
			t.Fatalf("%q: cells gives x %x and o %x, want %x and %x", b.Cells, x, o, wantX, wantO)
		}
	}
}

// TestCellSetShifts checks upTo and shifted against their definitions, cell
// by cell.
func TestCellSetShifts(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	size := 64 * len(cellSet{})
	for n := range size + 1 {
		s := upTo(n)
		for i := range size {
			if s.has(i) != (i < n) {
				t.Fatalf("upTo(%d) has %d: %v", n, i, s.has(i))
			}
		}
	}
	for k := range uint(64) {
		var s cellSet
		for w := range s {
			s[w] = r.Uint64() & r.Uint64()
		}
		got := s.shifted(k)
		for i := range size {
			if want := i >= int(k) && s.has(i-int(k)); got.has(i) != want {
				t.Fatalf("%x shifted by %d has %d: %v", s, k, i, got.has(i))
			}
		}
	}
}

// TestCellSetOps checks the word-by-word set operations against loops over
// the words, on sets from empty to full.
func TestCellSetOps(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	random := func() (s cellSet) {
		density := r.IntN(4)
		for w := range s {
			switch density {
			case 1:
				s[w] = r.Uint64() & r.Uint64()
			case 2:
				s[w] = r.Uint64()
			case 3:
				s[w] = ^uint64(0)
			}
			if r.IntN(4) == 0 {
				s[w] = 0
			}
		}
		return s
	}
	for range 1000 {
		s, u := random(), random()
		var and, andNot, not cellSet
		count := 0
		for w := range s {
			and[w], andNot[w], not[w] = s[w]&u[w], s[w]&^u[w], ^s[w]
			count += bits.OnesCount64(s[w])
		}
		gotAnd, gotAndNot := s, s
		gotAnd.and(&u)
		gotAndNot.andNot(&u)
		if gotAnd != and || gotAndNot != andNot || s.complement() != not || s.count() != count || s.empty() != (count == 0) {
			t.Fatalf("%x, %x: and %x, andNot %x, complement %x, count %d, empty %v", s, u, gotAnd, gotAndNot, s.complement(), s.count(), s.empty())
		}
	}
}

// TestRoom checks what a step takes from room when it skips the scan:
// the places per rotation of every ship left are at least room, from the
// count made when the board was set up or at a step above, less 16 for
// each ship placed since, whichever it was; and over 4*7, every ship left
// fits and the cells they can take are more than they need.
func TestRoom(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	// counts returns the places of each ship left that fit, the fewest per
	// rotation, and the cells of those places.
	counts := func(s *search, left uint8) (n [7]int, fewest int, open cellSet) {
		free := s.used.complement()
		fewest = 1 << 30
		for ships := left; ships != 0; ships &= ships - 1 {
			ship := bits.TrailingZeros8(ships)
			rots := slices.Clone(s.rotationsOf(ship))
			for k := range rots {
				n[ship] += fit(rots[k:k+1], &free, s.words)
				rots[k].cover(&rots[k].fits, &open, s.words)
			}
			fewest = min(fewest, perRotation(n[ship], len(rots)))
		}
		return n, fewest, open
	}
	roomy, tight := 0, 0 // steps with room over 4*7; rotations that lost the most places
	for range 300 {
		b := randomBoard(r, 6+r.IntN(15), 6+r.IntN(15), false)
		for i := range b.Cells { // open, but for a few misses
			if b.Cells[i] != 'o' || r.IntN(4) > 0 {
				b.Cells[i] = '.'
			}
		}
		s := newSearch(context.Background(), b, nil)
		s.used = s.water
		left := uint8(1<<7 - 1)
		room := s.perRotation
		for depth := range 7 {
			n, fewest, cells := counts(s, left)
			if depth == 0 && fewest != s.perRotation {
				t.Fatalf("%s: %d places per rotation at the top, %d counted at set-up", b, fewest, s.perRotation)
			}
			if fewest < room {
				t.Fatalf("%s: %d places per rotation at step %d, room %d", b, fewest, depth, room)
			}
			if room > 4*7 {
				roomy++
				for ship := range 7 {
					if left>>ship&1 != 0 && n[ship] == 0 {
						t.Fatalf("%s: ship %d has no place at step %d, room %d", b, ship, depth, room)
					}
				}
				if need := 4 * bits.OnesCount8(left); cells.count() <= need {
					t.Fatalf("%s: %d open cells for %d at step %d, room %d", b, cells.count(), need, depth, room)
				}
			}
			if r.IntN(2) == 0 { // as a scan here does
				room = max(room, fewest)
			}
			room -= 16
			// A ship left, put somewhere it fits: every rotation of every
			// ship loses at most 16 places.
			var places []placement
			ship := r.IntN(7)
			for left>>ship&1 == 0 {
				ship = r.IntN(7)
			}
			for _, p := range s.placements(ship) {
				if !p.meets(&s.used) {
					places = append(places, p)
				}
			}
			if len(places) == 0 {
				break
			}
			before := rotationCounts(s)
			places[r.IntN(len(places))].addTo(&s.used)
			left &^= 1 << ship
			for k, n := range rotationCounts(s) {
				switch lost := before[k] - n; {
				case lost > 16:
					t.Fatalf("%s: rotation %d lost %d places to one ship", b, k, lost)
				case lost == 16:
					tight++
				}
			}
		}
	}
	if roomy < 500 || tight == 0 {
		t.Fatalf("%d steps with room, %d rotations lost 16 places: the boards test too little", roomy, tight)
	}
	t.Logf("%d steps with room, %d rotations lost 16 places to a ship", roomy, tight)
}

// rotationCounts returns the places of each rotation that fit s.used.
func rotationCounts(s *search) []int {
	free := s.used.complement()
	n := make([]int, s.nrots)
	for k := range n {
		n[k] = fit([]rotation{s.rots[k]}, &free, s.words)
	}
	return n
}
