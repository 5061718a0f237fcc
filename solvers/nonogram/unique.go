package nonogram

import (
	"context"
	"slices"

	"gridsolve/solvers/jsonw"
)

// Changes is what MakeUnique found for a picture.
type Changes struct {
	// Cells are the cells to change, row-major: each turns black to white
	// or white to black. Empty when the picture is unique already.
	Cells []int `json:"cells"`
	// Found says that changing Cells makes the picture the unique solution
	// of its clues; Fewest, that no fewer changes do. When the search runs
	// out of its budget first, Cells are the changes of a quick repair
	// (flipping cells where two solutions differ) or none.
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
	ok, err := u.unique(nil)
	if err != nil || ok {
		return &Changes{Cells: []int{}, Found: ok, Fewest: ok}, err
	}
	for k := 1; k <= u.h*u.w; k++ {
		u.seen = map[string]bool{}
		found, err := u.deepen(nil, k)
		if err != nil {
			return nil, err
		}
		if found != nil {
			return &Changes{Cells: found, Found: true, Fewest: true}, nil
		}
		if u.solves >= budget {
			break
		}
	}
	return u.repair()
}

// uniqueSearch is the state of one MakeUnique.
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

// deepen searches sets of k changes that extend set (sorted), returning
// the first that makes the picture unique, or nil.
func (u *uniqueSearch) deepen(set []int, k int) ([]int, error) {
	other := u.others[key(set)]
	for _, c := range u.candidates(set, other) {
		next := slices.Insert(slices.Clone(set), sortedAt(set, c), c)
		kn := key(next)
		if u.seen[kn] {
			continue
		}
		u.seen[kn] = true
		if _, known := u.others[kn]; !known {
			if u.solves >= u.budget {
				return nil, nil
			}
			ok, err := u.unique(next)
			if err != nil {
				return nil, err
			}
			if ok {
				return next, nil
			}
		}
		if len(next) < k {
			found, err := u.deepen(next, k)
			if found != nil || err != nil {
				return found, err
			}
		}
	}
	return nil, nil
}

// candidates lists the cells, not in set, on the lines where other, a
// second solution, differs from the picture changed by set: the cells
// where they differ first, as the likeliest to help.
func (u *uniqueSearch) candidates(set []int, other []bool) []int {
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
		case slices.Contains(set, i):
		case changed[i] != other[i]:
			first = append(first, i)
		case rows[i/u.w] || cols[i%u.w]:
			then = append(then, i)
		}
	}
	return append(first, then...)
}

// changed is the picture, row-major, with the cells of set changed.
func (u *uniqueSearch) changed(set []int) []bool {
	flat := make([]bool, 0, u.h*u.w)
	for _, row := range u.pic {
		flat = append(flat, row...)
	}
	for _, i := range set {
		flat[i] = !flat[i]
	}
	return flat
}

// unique solves the clues of the picture changed by set, and reports
// whether it is their only solution; if not, it keeps a second one.
func (u *uniqueSearch) unique(set []int) (bool, error) {
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
		for i := range other {
			other[i] = g[i/u.w][i%u.w] == '#'
		}
		if !slices.Equal(other, flat) {
			break
		}
	}
	u.others[key(set)] = other
	return false, nil
}

// repair is MakeUnique's answer when the budget ran out: the changes of
// flipping, again and again, the first cell where a second solution
// differs, if that ends in a unique picture within as many flips as the
// board has lines.
func (u *uniqueSearch) repair() (*Changes, error) {
	var set []int
	for range u.h + u.w {
		ok, err := u.unique(set)
		if err != nil {
			return nil, err
		}
		if ok {
			return &Changes{Cells: set, Found: true}, nil
		}
		c := u.candidates(set, u.others[key(set)])[0]
		set = slices.Insert(set, sortedAt(set, c), c)
	}
	return &Changes{Cells: []int{}}, nil
}

// sortedAt is where c goes in the sorted set.
func sortedAt(set []int, c int) int {
	at, _ := slices.BinarySearch(set, c)
	return at
}

// key names a sorted set of cells in a map.
func key(set []int) string {
	b := make([]byte, 0, 2*len(set))
	for _, c := range set {
		b = append(b, byte(c), byte(c>>8))
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
