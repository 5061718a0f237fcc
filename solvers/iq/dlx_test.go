package iq

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// TestCoverAgainstSets checks that no two nodes of a row share a column,
// then covers random columns of the empty board's matrix, whose rows have
// 4 to 6 ones and so pads too, one at a time as the search does, and
// checks after each step every open column against the rows worked out
// from the placements' cells: those with a 1 in it and none in a covered
// column, in their first order. Uncovering in reverse must give back the
// matrix as it was.
func TestCoverAgainstSets(t *testing.T) {
	for _, k := range kinds {
		g := k.geo()
		for i, pl := range g.placements {
			cols := slices.Clone(pl.columns[:])
			slices.Sort(cols)
			if len(slices.Compact(cols)) != rowSlots {
				t.Fatalf("%s placement %d: two nodes of its row share a column: %v", k, i, pl.columns)
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for round := range rounds {
		orig := kinds[round%2].geo().emptyCover
		m := orig.clone()
		var covered []int32
		for range 1 + rng.IntN(8) {
			var cols []int32 // the open columns
			for h := m.next[0]; h != 0; h = m.next[h] {
				cols = append(cols, h)
			}
			h := cols[rng.IntN(len(cols))]
			m.cover(h)
			covered = append(covered, h)
			checkColumns(t, m, orig, covered)
		}
		for _, h := range slices.Backward(covered) {
			m.uncover(h)
		}
		if !slices.Equal(m.nodes, orig.nodes) || !slices.Equal(m.size, orig.size) ||
			!slices.Equal(m.next, orig.next) || !slices.Equal(m.prev, orig.prev) {
			t.Fatalf("uncovering %v in reverse does not give back the matrix", covered)
		}
	}
}

// checkColumns compares the open columns of m, whose columns covered are
// covered, with the rows of the matrix orig that should be left in them.
func checkColumns(t *testing.T, m, orig *exactCover, covered []int32) {
	t.Helper()
	// columnsOf lists the header nodes of a placement's 1s, as numbered
	// for the empty board: the cells, then the pieces.
	placements := orig.geo.placements
	columnsOf := func(pl int32) []int32 {
		cols := []int32{NumCells + 1 + int32(placements[pl].piece)}
		for _, c := range placements[pl].cells {
			cols = append(cols, int32(c)+1)
		}
		return cols
	}
	var ring []int32
	for h := int32(1); h <= NumCells+NumPieces; h++ {
		if !slices.Contains(covered, h) {
			ring = append(ring, h)
		}
	}
	var got []int32
	for h := m.next[0]; h != 0; h = m.next[h] {
		got = append(got, h)
	}
	if !slices.Equal(got, ring) {
		t.Fatalf("covered %v: open columns %v, want %v", covered, got, ring)
	}
	for _, h := range ring {
		var want, down, up []int32 // placements
		for r, pl := range orig.rows {
			cols := columnsOf(pl)
			if slices.Contains(cols, h) && !slices.ContainsFunc(cols, func(c int32) bool { return slices.Contains(covered, c) }) {
				want = append(want, orig.rows[r])
			}
		}
		for i := m.nodes[h].down; i != h; i = m.nodes[i].down {
			down = append(down, m.placement(i))
		}
		for i := m.nodes[h].up; i != h; i = m.nodes[i].up {
			up = append(up, m.placement(i))
		}
		slices.Reverse(up)
		if !slices.Equal(down, want) || !slices.Equal(up, want) || int(m.size[h]) != len(want) {
			t.Fatalf("covered %v: column %d has %d rows down, %d up, size %d; want %d",
				covered, h, len(down), len(up), m.size[h], len(want))
		}
	}
}

// TestReleaseGivesBackTheEmptyMatrix checks that the empty board's matrix
// comes back to emptyCovers as it was taken after searches stopped at the
// first solution, at the second, and by a cancelled context.
func TestReleaseGivesBackTheEmptyMatrix(t *testing.T) {
	for _, k := range kinds {
		releaseEmpty(t, k)
	}
}

func releaseEmpty(t *testing.T, k Kind) {
	want := k.geo().emptyCover
	for _, stop := range []string{"first", "second", "cancel"} {
		ctx, cancel := context.WithCancel(context.Background())
		pr, err := newProblem(ctx, NewBoard(k), nil, layout{})
		if err != nil {
			t.Fatal(err)
		}
		if pr.pool != &k.geo().emptyCovers {
			t.Fatal("the empty board's matrix does not come from emptyCovers")
		}
		m, found := pr.cover, 0
		m.search(func([]int32) bool {
			found++
			switch stop {
			case "cancel":
				cancel()
				return true
			case "second":
				return found < 2
			}
			return false
		})
		if stop == "cancel" && m.err == nil {
			t.Fatal("the cancelled search did not stop")
		}
		cancel()
		pr.release()
		if !slices.Equal(m.nodes, want.nodes) || !slices.Equal(m.size, want.size) ||
			!slices.Equal(m.next, want.next) || !slices.Equal(m.prev, want.prev) || !slices.Equal(m.rows, want.rows) {
			t.Fatalf("stopped at the %s: the matrix given back differs from the empty board's", stop)
		}
		if m.visited != 0 || len(m.chosen) != 0 || m.ctx != nil || m.err != nil || m.empty != 0 || m.left != 0 || m.tie != 0 {
			t.Fatalf("stopped at the %s: the matrix given back keeps the search's state", stop)
		}
	}
}

// TestBuildOnUsedMemory checks that a matrix built in the memory of one
// used before, for a board with more rows or fewer, and spoilt after, is
// the matrix built in fresh memory, for the layouts of the search, of
// Judge and of random orders.
func TestBuildOnUsedMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	boards := []*Board{new(Board), NewBoard(Rectangle)}
	for n := range NumPieces + 1 {
		keep := map[byte]bool{}
		for _, p := range rng.Perm(NumPieces)[:n] {
			keep['A'+byte(p)] = true
		}
		boards = append(boards, keepPieces(randomSolution(rng, kinds[n%2]), keep))
	}
	used := new(exactCover)
	for round := range 3 * len(boards) {
		b := boards[rng.IntN(len(boards))]
		filled, left := b.occupancy()
		seed := rng.Uint64()
		layouts := []layout{{}, {judge: true}, {rng: rand.New(rand.NewPCG(seed, 1))}}
		k := round % len(layouts)
		fresh := new(exactCover)
		fresh.build(b.Kind().geo(), filled, left, layouts[k])
		layouts[2].rng = rand.New(rand.NewPCG(seed, 1))
		used.build(b.Kind().geo(), filled, left, layouts[k])
		if !slices.Equal(used.nodes, fresh.nodes) || !slices.Equal(used.size, fresh.size) ||
			!slices.Equal(used.next, fresh.next) || !slices.Equal(used.prev, fresh.prev) ||
			!slices.Equal(used.rows, fresh.rows) || len(used.chosen) != 0 {
			t.Fatalf("round %d: board\n%s\nlayout %d: the matrix built on used memory differs from one built fresh", round, b, k)
		}
		// Spoil every word of it, past the lengths too, as a search cut
		// short or a bug might.
		for i := range used.nodes[:cap(used.nodes)] {
			used.nodes[:cap(used.nodes)][i] = node{up: -1, down: -2, right: -3, column: 255}
		}
		for _, s := range [][]int32{used.size, used.next, used.prev, used.rows[:cap(used.rows)]} {
			for i := range s {
				s[i] = -7
			}
		}
		used.chosen = append(used.chosen, 1, 2, 3)
	}
}

// TestReleaseReturnsToItsPool checks that a matrix goes back to the pool
// it came from: built matrices must never reach emptyCovers, whose
// matrices share their rows with emptyCover.
func TestReleaseReturnsToItsPool(t *testing.T) {
	b := keepPieces(randomSolution(rand.New(rand.NewPCG(1, 2)), Triangle), map[byte]bool{'A': true, 'L': true})
	rect := keepPieces(randomSolution(rand.New(rand.NewPCG(1, 2)), Rectangle), map[byte]bool{'A': true})
	for _, c := range []struct {
		b    *Board
		how  layout
		want *sync.Pool
	}{
		{new(Board), layout{}, &Triangle.geo().emptyCovers},
		{new(Board), layout{judge: true}, &builtCovers},
		{b, layout{}, &builtCovers},
		{NewBoard(Rectangle), layout{}, &Rectangle.geo().emptyCovers},
		{rect, layout{}, &builtCovers},
	} {
		pr, err := newProblem(context.Background(), c.b, nil, c.how)
		if err != nil {
			t.Fatal(err)
		}
		if pr.pool != c.want {
			t.Fatalf("board\n%s\nlayout %+v: matrix from the wrong pool", c.b, c.how)
		}
		pr.release()
		if pr.cover != nil || pr.pool != nil {
			t.Fatal("release leaves the matrix with the problem")
		}
		pr.release() // a second release gives nothing back twice
	}
}

// TestBuildRowsOneByOne checks the rows build picks, 64 placements at a
// time, against the placements taken one by one, in order, by what each
// layout promises: off the filled cells, of a piece left, kept, and
// leaving no region that the other pieces left cannot fill (Judge) or no
// pocket next to it that they cannot, nor one on the empty board (the
// search).
func TestBuildRowsOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for round := range 60 {
		b := NewBoard(kinds[round/3%2])
		g := b.Kind().geo()
		for _, p := range rng.Perm(NumPieces)[:rng.IntN(NumPieces+1)] {
			randomPlacement(rng, b, p)
		}
		filled, left := b.occupancy()
		odd := func(i int) bool { return i%3 != 1 }
		how := []layout{{}, {judge: true}, {keep: odd}}[round%3]
		var want []int32
		for i, pl := range g.placements {
			if pl.mask&filled != 0 || left>>pl.piece&1 == 0 || how.keep != nil && !how.keep(i) {
				continue
			}
			sums := sumsOf[left&^(1<<pl.piece)]
			if how.judge && fillable(&g.neighbours, allCells&^filled&^pl.mask, sums) ||
				!how.judge && !pl.hopeless && !walledOff(&g.neighbours, allCells&^filled, &g.placements[i], sums) {
				want = append(want, int32(i))
			}
		}
		m := new(exactCover)
		m.build(g, filled, left, how)
		if !slices.Equal(m.rows, want) {
			t.Fatalf("round %d: board\n%s\nbuild picks %d rows, want %d", round, b, len(m.rows), len(want))
		}
	}
}

// TestFewestOnesOneByOne checks fewestOnes, two columns a turn, against
// the columns taken one at a time, on rings of 1 to 12 random columns
// with random sizes, both ways of breaking ties.
func TestFewestOnesOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for round := range 2000 {
		n := 1 + round%12
		next := make([]int32, 1+n)
		size := make([]int32, 1+n)
		ring := rng.Perm(n) // the columns 1..n in a random order
		at := int32(0)
		for _, h := range ring {
			next[at] = int32(h + 1)
			at = int32(h + 1)
			size[at] = int32(rng.IntN(5))
		}
		next[at] = 0
		tie := int32(round / 12 % 2)
		var want, fewest int32 = 0, 1 << 30
		for h := next[0]; h != 0; h = next[h] {
			if size[h] < fewest || tie == 1 && size[h] == fewest {
				want, fewest = h, size[h]
			}
			if fewest <= 1 {
				break
			}
		}
		best, got := fewestOnes(next, size, tie)
		if best != want || got != fewest {
			t.Fatalf("ring %v, sizes %v, tie %d: column %d with %d, want %d with %d", next, size, tie, best, got, want, fewest)
		}
	}
}
