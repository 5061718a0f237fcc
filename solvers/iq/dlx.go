package iq

import (
	"context"
	"slices"
)

// exactCover is Knuth's Algorithm X on dancing links: a sparse 0/1 matrix
// as circular doubly linked lists, so covering a column and undoing it are
// both cheap pointer updates.
//
// Node 0 is the root, nodes 1..columns are the column headers and the
// rest are the 1s of the matrix, row by row.
//
// Its rows are placements, numbered by their index in placements. Besides
// the links the search tracks the empty cells and the pieces left, so it
// can skip, before touching a link, a branch that walls off a pocket the
// pieces left cannot fill.
type exactCover struct {
	nodes []node
	size  []int32 // per header node: 1s left in the column

	tie    int32   // 1: ties between columns go to the last, 0: the first
	chosen []int32 // rows of the partial solution
	empty  uint64  // cells not covered yet
	left   uint16  // bit p: piece p not placed yet

	ctx      context.Context
	progress func(visited int64)
	visited  int64
	err      error
}

// node keeps its four links together: one cache line per update.
type node struct {
	left, right, up, down int32
	column                int32 // header node
	row                   int32 // index in placements, for the 1s
}

// checkEvery is how many search nodes pass between looks at the context and
// progress reports: a power of two, a few milliseconds of work.
const checkEvery = 1 << 14

// newExactCover returns a matrix with the given number of columns and no
// rows yet, with room for rows holding ones 1s in all.
func newExactCover(columns, ones int) *exactCover {
	m := &exactCover{nodes: make([]node, 1+columns, 1+columns+ones), size: make([]int32, 1+columns)}
	nd := m.nodes
	for h := int32(0); h <= int32(columns); h++ {
		nd[h] = node{left: h - 1, right: h + 1, up: h, down: h, column: h}
	}
	nd[0].left, nd[columns].right = int32(columns), 0
	return m
}

// addRow appends the row of placements[row], with 1s in the given columns
// (numbered from 0). The room newExactCover made must hold it.
func (m *exactCover) addRow(row int32, columns []int32) {
	first := int32(len(m.nodes))
	last := first + int32(len(columns)) - 1
	m.nodes = m.nodes[:last+1]
	nd := m.nodes
	for k, col := range columns {
		h, x := col+1, first+int32(k)
		up := nd[h].up
		nd[x] = node{left: x - 1, right: x + 1, up: up, down: h, column: h, row: row}
		nd[up].down, nd[h].up = x, x
		m.size[h]++
	}
	nd[first].left, nd[last].right = last, first
}

// clone returns a copy of m's matrix with nothing chosen, for a search of
// its own.
func (m *exactCover) clone() *exactCover {
	return &exactCover{nodes: slices.Clone(m.nodes), size: slices.Clone(m.size)}
}

func (m *exactCover) cover(h int32) {
	nd, size := m.nodes, m.size
	nd[nd[h].left].right, nd[nd[h].right].left = nd[h].right, nd[h].left
	for i := nd[h].down; i != h; i = nd[i].down {
		for j := nd[i].right; j != i; j = nd[j].right {
			n := &nd[j]
			nd[n.up].down, nd[n.down].up = n.down, n.up
			size[n.column]--
		}
	}
}

func (m *exactCover) uncover(h int32) {
	nd, size := m.nodes, m.size
	for i := nd[h].up; i != h; i = nd[i].up {
		for j := nd[i].left; j != i; j = nd[j].left {
			n := &nd[j]
			size[n.column]++
			nd[n.up].down, nd[n.down].up = j, j
		}
	}
	nd[nd[h].left].right, nd[nd[h].right].left = h, h
}

// search calls found with the rows (placements) of every exact cover
// until found returns false or the context is cancelled (then m.err is
// set). It reports whether the search ran to the end.
func (m *exactCover) search(found func(rows []int32) bool) bool {
	return m.searchShare(found, nil)
}

// searchShare is search over the first level's branches numbered
// claim(), claim(), ... in increasing order until claim returns a number
// past the last branch; a nil claim takes every branch. Searches on copies
// of one matrix sharing one counter as claim so split the work between
// them.
func (m *exactCover) searchShare(found func(rows []int32) bool, claim func() int) bool {
	m.visited++
	if m.visited%checkEvery == 0 {
		if m.err = m.ctx.Err(); m.err != nil {
			return false
		}
		if m.progress != nil {
			m.progress(m.visited)
		}
	}
	nd := m.nodes
	if nd[0].right == 0 {
		if claim != nil && claim() != 0 {
			return true // the empty cover is branch 0, another search's
		}
		return found(m.chosen)
	}
	// The column with the fewest 1s keeps the search tree narrow. Of
	// equals the last wins unless m.tie is 0: the pieces, then the cells
	// of the bottom row, whose options run out first (62 search nodes to
	// the first solution of the empty board instead of 154).
	size, tie := m.size, m.tie
	best, fewest := nd[0].right, m.size[nd[0].right]
	for h := nd[best].right; h != 0 && fewest > 1; h = nd[h].right {
		if size[h] < fewest+tie {
			best, fewest = h, size[h]
		}
	}
	if fewest == 0 {
		return true
	}
	m.cover(best)
	done := true
	next := 0
	if claim != nil {
		next = claim()
	}
	for i, k := nd[best].down, 0; i != best && done; i, k = nd[i].down, k+1 {
		if k < next {
			continue
		}
		pl := &placements[nd[i].row]
		bit := uint16(1) << pl.piece
		if !walledOff(m.empty, pl, sumsOf[m.left&^bit]) {
			m.empty &^= pl.mask
			m.left &^= bit
			m.chosen = append(m.chosen, nd[i].row)
			for j := nd[i].right; j != i; j = nd[j].right {
				m.cover(nd[j].column)
			}
			done = m.search(found)
			for j := nd[i].left; j != i; j = nd[j].left {
				m.uncover(nd[j].column)
			}
			m.chosen = m.chosen[:len(m.chosen)-1]
			m.empty |= pl.mask
			m.left |= bit
		}
		if claim != nil {
			next = claim()
		}
	}
	m.uncover(best)
	return done
}
