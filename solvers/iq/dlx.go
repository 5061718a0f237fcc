package iq

import (
	"context"
	"slices"
)

// exactCover is Knuth's Algorithm X on dancing links: a sparse 0/1 matrix
// as circular doubly linked lists, so covering a column and undoing it are
// both cheap pointer updates.
//
// Node 0 is the root and nodes 1..columns are the column headers; next and
// prev link the root and the open columns in a ring. The 1s of the matrix
// follow, row by row, each row in rowSlots nodes linked in a ring by
// right: its 1s, then pads, 1s in columns never open (see padHeader). As
// every row has as many nodes, covering a column takes each of its rows
// off the other columns in straight-line code, no loop over the row: in
// WebAssembly every turn of a loop costs a dispatch through the function's
// jump table.
//
// Its rows are placements, numbered by their index in geo.placements. Besides
// the links the search tracks the empty cells and the pieces left, so it
// can skip, before touching a link, a branch that walls off a pocket the
// pieces left cannot fill.
type exactCover struct {
	nodes      []node
	size       []int32   // per header node: 1s left in the column; see columnRoom
	next, prev []int32   // per header node: the next and previous open column
	rows       []int32   // per row of the matrix, in order: its placement
	geo        *geometry // the board's, where the placements are

	tie    int32   // 1: ties between columns go to the last, 0: the first
	chosen []int32 // rows of the partial solution
	empty  uint64  // cells not covered yet
	left   uint16  // bit p: piece p not placed yet

	ctx      context.Context
	progress func(visited int64)
	visited  int64
	err      error
	rec      *coverTrace // records the search's steps; nil when not traced
}

// node is one 1 of the matrix, a pad or a column header: 16 bytes, so
// that four share a cache line.
type node struct {
	up, down int32 // the nodes above and below in its column
	right    int32 // the next node of its row (headers: unused)
	column   uint8 // header node
}

// columnRoom is the length of size, room for every header node a uint8
// can name, so that cover and uncover index it with no bounds check.
const columnRoom = 1 << 8

// rowSlots is the number of nodes of every row: a piece and its cells.
const rowSlots = 1 + maxPieceSize

// checkEvery is how many search nodes pass between looks at the context and
// progress reports: a power of two, a few milliseconds of work.
const checkEvery = 1 << 14

// reset makes m a matrix with the given number of columns and no rows
// yet, with room for the given number of rows. It reuses m's memory where
// that is large enough, whatever a search or an earlier matrix left in it.
func (m *exactCover) reset(columns, rows int) {
	if columns >= columnRoom {
		panic("iq: too many columns for a uint8")
	}
	// size, next and prev share one allocation, which size's capacity
	// reaches the end of, so that the next reset finds it.
	n := columnRoom + 2*(1+columns)
	counts := m.size[:cap(m.size)]
	if len(counts) != n {
		counts = make([]int32, n)
	}
	clear(counts[:columnRoom])
	m.size = counts[:columnRoom]
	m.next = counts[columnRoom : columnRoom+1+columns : columnRoom+1+columns]
	m.prev = counts[columnRoom+1+columns:]
	if cap(m.nodes) < 1+columns+rows*rowSlots {
		m.nodes = make([]node, 0, 1+columns+rows*rowSlots)
	}
	m.nodes = m.nodes[:1+columns]
	if cap(m.chosen) < NumPieces {
		m.chosen = make([]int32, 0, NumPieces)
	}
	m.chosen = m.chosen[:0]
	for h := range int32(1 + columns) {
		m.nodes[h] = node{up: h, down: h, column: uint8(h)}
		m.next[h], m.prev[h] = h+1, h-1
	}
	m.next[columns], m.prev[0] = 0, int32(columns)
}

// addRow appends a row with its 1s in the columns of the given header
// nodes, no two the same: the row of placement m.rows[k] when it is the
// k-th row added. The room reset made must hold it.
func (m *exactCover) addRow(columns *[rowSlots]int32) {
	x := int32(len(m.nodes))
	m.nodes = m.nodes[:x+rowSlots]
	nd, size := m.nodes, (*[columnRoom]int32)(m.size)
	// Straight-line code, as in cover.
	link(nd, size, x, columns[0])
	link(nd, size, x+1, columns[1])
	link(nd, size, x+2, columns[2])
	link(nd, size, x+3, columns[3])
	link(nd, size, x+4, columns[4])
	link(nd, size, x+5, columns[5])
	nd[x+rowSlots-1].right = x
}

// link makes node x the last of column h, and the next node of its row
// x+1.
func link(nd []node, size *[columnRoom]int32, x, h int32) {
	up := nd[h].up
	nd[x] = node{up: up, down: h, right: x + 1, column: uint8(h)}
	nd[up].down, nd[h].up = x, x
	size[uint8(h)]++
}

// close takes column h off the ring of open columns.
func (m *exactCover) close(h int32) {
	m.next[m.prev[h]], m.prev[m.next[h]] = m.next[h], m.prev[h]
}

// rowStart returns the first node of the row of node i.
func (m *exactCover) rowStart(i int32) int32 {
	headers := int32(len(m.next))
	return i - (i-headers)%rowSlots
}

// placement returns the placement of the row of node i.
func (m *exactCover) placement(i int32) int32 {
	return m.rows[(i-int32(len(m.next)))/rowSlots]
}

// clone returns a copy of m's matrix with nothing chosen, for a search of
// its own.
func (m *exactCover) clone() *exactCover {
	return &exactCover{
		nodes: slices.Clone(m.nodes), size: slices.Clone(m.size),
		next: slices.Clone(m.next), prev: slices.Clone(m.prev),
		rows: m.rows, // never changed: build is never called on a clone
		geo:  m.geo,
	}
}

// unlink takes node j off its column and relink puts it back, which must
// come in the reverse order for nodes of one column; the order of nodes
// of different columns does not matter.
func unlink(nd []node, size *[columnRoom]int32, j int32) {
	n := &nd[j]
	nd[n.up].down, nd[n.down].up = n.down, n.up
	size[n.column]--
}

func relink(nd []node, size *[columnRoom]int32, j int32) {
	n := &nd[j]
	nd[n.up].down, nd[n.down].up = j, j
	size[n.column]++
}

// cover takes column h off the ring of open columns and every row with a 1
// in it off the other columns.
func (m *exactCover) cover(h int32) {
	m.close(h)
	nd, size := m.nodes, (*[columnRoom]int32)(m.size)
	for i := nd[h].down; i != h; i = nd[i].down {
		j := nd[i].right // the rowSlots-1 others, each in a column of its own
		unlink(nd, size, j)
		j = nd[j].right
		unlink(nd, size, j)
		j = nd[j].right
		unlink(nd, size, j)
		j = nd[j].right
		unlink(nd, size, j)
		j = nd[j].right
		unlink(nd, size, j)
	}
}

// uncover undoes cover(h).
func (m *exactCover) uncover(h int32) {
	nd, size := m.nodes, (*[columnRoom]int32)(m.size)
	for i := nd[h].up; i != h; i = nd[i].up {
		j := nd[i].right
		relink(nd, size, j)
		j = nd[j].right
		relink(nd, size, j)
		j = nd[j].right
		relink(nd, size, j)
		j = nd[j].right
		relink(nd, size, j)
		j = nd[j].right
		relink(nd, size, j)
	}
	m.next[m.prev[h]], m.prev[m.next[h]] = h, h
}

// fewestOnes returns the first open column (tie 0) or the last (tie 1)
// of those with the fewest 1s, and their number; it stops at a column with
// one or none, as no other has fewer. The ring next must hold a column.
func fewestOnes(next, size []int32, tie int32) (best, fewest int32) {
	best = next[0]
	fewest = size[best]
	// Two columns a turn: each turn of a loop costs WebAssembly a
	// dispatch through the function's jump table.
	for h := next[best]; h != 0 && fewest > 1; h = next[h] {
		if size[h] < fewest+tie {
			best, fewest = h, size[h]
		}
		if h = next[h]; h == 0 || fewest <= 1 {
			break
		}
		if size[h] < fewest+tie {
			best, fewest = h, size[h]
		}
	}
	return best, fewest
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
	next := m.next
	if next[0] == 0 {
		if claim != nil && claim() != 0 {
			return true // the empty cover is branch 0, another search's
		}
		if m.rec != nil {
			m.rec.found(m)
		}
		return found(m.chosen)
	}
	// The column with the fewest 1s keeps the search tree narrow. Of
	// equals the last wins unless m.tie is 0: the pieces, then the cells
	// of the bottom row, whose options run out first (62 search nodes to
	// the first solution of the empty board instead of 154).
	best, fewest := fewestOnes(next, m.size, m.tie)
	if m.rec != nil {
		m.rec.choose(m, best, fewest)
	}
	if fewest == 0 {
		return true
	}
	m.cover(best)
	done := true
	branch := 0
	if claim != nil {
		branch = claim()
	}
	nd, g := m.nodes, m.geo
	for i, k := nd[best].down, 0; i != best && done; i, k = nd[i].down, k+1 {
		if k < branch {
			continue
		}
		row := m.placement(i)
		pl := &g.placements[row]
		bit := uint16(1) << pl.piece
		if !walledOff(&g.neighbours, m.empty, pl, sumsOf[m.left&^bit]) {
			m.empty &^= pl.mask
			m.left &^= bit
			m.chosen = append(m.chosen, row)
			if m.rec != nil {
				m.rec.try(m, best, pl)
			}
			// The row's other 1s, not its pads, which come last.
			f := m.rowStart(i)
			ones := f + 1 + int32(len(pl.cells))
			for j := f; j < ones; j++ {
				if j != i {
					m.cover(int32(nd[j].column))
				}
			}
			done = m.search(found)
			for j := ones - 1; j >= f; j-- {
				if j != i {
					m.uncover(int32(nd[j].column))
				}
			}
			m.chosen = m.chosen[:len(m.chosen)-1]
			m.empty |= pl.mask
			m.left |= bit
			if m.rec != nil && done {
				m.rec.undo(m, pl)
			}
		} else if m.rec != nil {
			m.rec.walled(m, best, pl)
		}
		if claim != nil {
			branch = claim()
		}
	}
	m.uncover(best)
	return done
}
