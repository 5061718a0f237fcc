package iq

import (
	"context"
	"math/rand/v2"
	"slices"
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
	for i, pl := range placements {
		cols := slices.Clone(pl.columns[:])
		slices.Sort(cols)
		if len(slices.Compact(cols)) != rowSlots {
			t.Fatalf("placement %d: two nodes of its row share a column: %v", i, pl.columns)
		}
	}
	orig := emptyCover()
	rng := rand.New(rand.NewPCG(7, 8))
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for range rounds {
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
	want := emptyCover()
	for _, stop := range []string{"first", "second", "cancel"} {
		ctx, cancel := context.WithCancel(context.Background())
		pr, err := newProblem(ctx, new(Board), nil, layout{})
		if err != nil {
			t.Fatal(err)
		}
		if !pr.pooled {
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
