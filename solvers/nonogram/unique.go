package nonogram

import (
	"context"

	"gridsolve/solvers/jsonw"
)

// Changes is what MakeUnique found for a picture.
type Changes struct {
	// Cells are the cells to change, row-major: each turns black to white
	// or white to black. Empty when the picture is unique already.
	Cells []int `json:"cells"`
	// Found says that changing Cells makes the picture the unique solution
	// of its clues; Fewest, that no fewer changes do. Both are false, and
	// Cells empty, when the search ran out of its budget first.
	Found  bool `json:"found"`
	Fewest bool `json:"fewest"`
}

// uniqueBudget bounds the solves of the page's MakeUnique: a drawn 30×30
// picture solves in about a millisecond.
const uniqueBudget = 3000

// MakeUnique finds the fewest cells of pic to change so that the picture
// is the unique solution of its own clues, solving at most budget
// puzzles.
//
// It searches by iterative deepening over sets of changes, pruned by
// this: if a picture's clues have another solution Q, a set of changes
// that touches no row or column where Q differs from the picture leaves
// another solution (Q with the same changes, whose every line has the
// clue of the changed picture's). So from each set that fails, with the
// second solution Solve found, only cells on the lines where they differ
// are added; every set is reached this way, in some order of its cells.
func MakeUnique(ctx context.Context, pic [][]bool, budget int) (*Changes, error) {
	u := &uniqueSearch{ctx: ctx, pic: pic, h: len(pic), w: len(pic[0]), budget: budget, others: map[string][]bool{}}
	set := make([]bool, u.h*u.w)
	ok, err := u.unique(set)
	if err != nil || ok {
		return &Changes{Cells: []int{}, Found: ok, Fewest: ok}, err
	}
	for k := 1; k <= len(set) && u.solves < budget; k++ {
		u.seen = map[string]bool{}
		found, err := u.deepen(set, k)
		if err != nil || found {
			ch := &Changes{Cells: []int{}, Found: found, Fewest: found}
			for i, in := range set {
				if in {
					ch.Cells = append(ch.Cells, i)
				}
			}
			return ch, err
		}
	}
	return &Changes{Cells: []int{}}, nil
}

// uniqueSearch is the state of one MakeUnique. A set of changes is a
// []bool by cell.
type uniqueSearch struct {
	ctx    context.Context
	pic    [][]bool
	h, w   int
	budget int
	solves int
	// others holds, of each set of changes tried (by key), a second
	// solution of the changed picture's clues; seen, the sets the current
	// depth has searched from.
	others map[string][]bool
	seen   map[string]bool
}

// deepen looks for up to k more changes on top of set that make the
// picture unique, leaving them in set if it finds them.
func (u *uniqueSearch) deepen(set []bool, k int) (bool, error) {
	other := u.others[key(set)]
	for _, c := range u.candidates(set, other) {
		set[c] = true
		if kn := key(set); !u.seen[kn] {
			u.seen[kn] = true
			ok, err := false, error(nil)
			if _, known := u.others[kn]; !known { // else it is not unique
				if u.solves >= u.budget {
					set[c] = false
					return false, nil
				}
				ok, err = u.unique(set)
			}
			if !ok && err == nil && k > 1 {
				ok, err = u.deepen(set, k-1)
			}
			if ok || err != nil {
				return ok, err
			}
		}
		set[c] = false
	}
	return false, nil
}

// candidates lists the cells, not in set, on the lines where other, a
// second solution, differs from the picture changed by set: the cells
// where they differ first, as the likeliest to help.
func (u *uniqueSearch) candidates(set, other []bool) []int {
	changed := u.changed(set)
	rows, cols := make([]bool, u.h), make([]bool, u.w)
	var first, then []int
	for i := range changed {
		if changed[i] != other[i] {
			rows[i/u.w], cols[i%u.w] = true, true
		}
	}
	for i := range changed {
		switch {
		case set[i]:
		case changed[i] != other[i]:
			first = append(first, i)
		case rows[i/u.w] || cols[i%u.w]:
			then = append(then, i)
		}
	}
	return append(first, then...)
}

// changed is the picture, row-major, with the cells of set changed.
func (u *uniqueSearch) changed(set []bool) []bool {
	flat := make([]bool, 0, u.h*u.w)
	for _, row := range u.pic {
		flat = append(flat, row...)
	}
	for i, in := range set {
		flat[i] = flat[i] != in
	}
	return flat
}

// unique solves the clues of the picture changed by set, and reports
// whether it is their only solution; if not, it keeps a second one.
func (u *uniqueSearch) unique(set []bool) (bool, error) {
	u.solves++
	flat := u.changed(set)
	pic := make([][]bool, u.h)
	for r := range pic {
		pic[r] = flat[r*u.w : (r+1)*u.w]
	}
	a, err := Solve(u.ctx, CluesOf(pic), nil)
	if err != nil || a.Status == Unique {
		return err == nil, err
	}
	// Of the two solutions found, one differs from the picture.
	other := make([]bool, len(flat))
	for _, g := range [][]string{a.Grid, a.Other} {
		same := true
		for i := range other {
			other[i] = g[i/u.w][i%u.w] == '#'
			same = same && other[i] == flat[i]
		}
		if !same {
			break
		}
	}
	u.others[key(set)] = other
	return false, nil
}

// key names a set of cells in a map: a bit per cell.
func key(set []bool) string {
	b := make([]byte, (len(set)+7)/8)
	for i, in := range set {
		if in {
			b[i/8] |= 1 << (i % 8)
		}
	}
	return string(b)
}

// AppendJSON writes ch as encoding/json would, for the solver worker.
func (ch *Changes) AppendJSON(w *jsonw.Writer) {
	if w.Null("", ch == nil) {
		return
	}
	w.Object("")
	w.Ints("cells", ch.Cells)
	w.Bool("found", ch.Found)
	w.Bool("fewest", ch.Fewest)
	w.End()
}
