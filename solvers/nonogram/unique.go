package nonogram

import (
	"context"
	"slices"

	"gridsolve/solvers/jsonw"
)

// Changes is what MakeUnique or MakeUniqueColour found for a picture.
type Changes struct {
	// Cells are the cells to change, row-major: in a black and white
	// picture each turns black to white or white to black. Empty when the
	// picture is unique already.
	Cells []int `json:"cells"`
	// Colours, of a colour picture only, are the colour each of Cells
	// takes: 0 white, i+1 ink i.
	Colours []int `json:"colours,omitempty"`
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
// puzzles. It is MakeUniqueColour of a picture with one ink.
func MakeUnique(ctx context.Context, pic [][]bool, budget int) (*Changes, error) {
	u := newUniqueSearch(ctx, len(pic), len(pic[0]), nil, budget)
	for r, row := range pic {
		for c, black := range row {
			u.pic[r*u.w+c] = byte(btoi(black))
		}
	}
	ch, err := u.run()
	ch.Colours = nil // each change is the other colour
	return ch, err
}

// MakeUniqueColour finds the fewest cells of a colour picture to change,
// each to another colour (white or an ink), so that the picture is the
// unique solution of its own colour clues, solving at most budget
// puzzles. pic[row][col] is 0 for white and i+1 for ink i of inks.
//
// Both search by iterative deepening over sets of changes, pruned by
// this: if a picture's clues have another solution Q, a set of changes
// that touches no row or column where Q differs from the picture leaves
// another solution, Q with the same changes. Each line of it is either a
// line where Q and the picture agree, changed as the picture's is, or a
// line where they differ, which no change touches and whose clue (runs
// and their inks) is Q's, so the changed picture's; and it still differs
// from the changed picture where Q did. That holds whatever the colours,
// so with colours as in black and white, from each set that fails, with
// the second solution Solve found, only cells on the lines where they
// differ are added, each in every colour but the picture's own; every
// set is reached this way, in some order of its cells.
func MakeUniqueColour(ctx context.Context, pic [][]int, inks []Ink, budget int) (*Changes, error) {
	u := newUniqueSearch(ctx, len(pic), len(pic[0]), inks, budget)
	for r, row := range pic {
		for c, v := range row {
			u.pic[r*u.w+c] = byte(v)
		}
	}
	return u.run()
}

// uniqueSearch is the state of one MakeUnique. A picture is a colour
// (0 white, i+1 ink i; black is 1) by cell, row-major; a set of changes
// is by cell 0 for unchanged, or the new colour + 1.
type uniqueSearch struct {
	ctx    context.Context
	pic    []byte
	h, w   int
	inks   []Ink // nil: black and white
	budget int
	solves int
	// others holds, of each set of changes tried (by key), a second
	// solution of the changed picture's clues; seen, the sets the current
	// depth has searched from.
	others map[string][]byte
	seen   map[string]bool
}

func newUniqueSearch(ctx context.Context, h, w int, inks []Ink, budget int) *uniqueSearch {
	return &uniqueSearch{ctx: ctx, pic: make([]byte, h*w), h: h, w: w, inks: inks, budget: budget, others: map[string][]byte{}}
}

// run deepens the search a change at a time.
func (u *uniqueSearch) run() (*Changes, error) {
	set := make([]byte, u.h*u.w)
	ok, err := u.unique(set)
	if err != nil || ok {
		return &Changes{Cells: []int{}, Found: ok, Fewest: ok}, err
	}
	for k := 1; k <= len(set) && u.solves < u.budget; k++ {
		u.seen = map[string]bool{}
		found, err := u.deepen(set, k)
		if err != nil || found {
			ch := &Changes{Cells: []int{}, Colours: []int{}, Found: found, Fewest: found}
			for i, to := range set {
				if to > 0 {
					ch.Cells = append(ch.Cells, i)
					ch.Colours = append(ch.Colours, int(to-1))
				}
			}
			return ch, err
		}
	}
	return &Changes{Cells: []int{}}, nil
}

// deepen looks for up to k more changes on top of set that make the
// picture unique, leaving them in set if it finds them.
func (u *uniqueSearch) deepen(set []byte, k int) (bool, error) {
	other := u.others[string(set)]
	for _, c := range u.candidates(set, other) {
		for to := range byte(max(2, len(u.inks)+1)) {
			if to == u.pic[c] {
				continue
			}
			set[c] = to + 1
			if kn := string(set); !u.seen[kn] {
				u.seen[kn] = true
				ok, err := false, error(nil)
				if _, known := u.others[kn]; !known { // else it is not unique
					if u.solves >= u.budget {
						set[c] = 0
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
			set[c] = 0
		}
	}
	return false, nil
}

// candidates lists the cells, not in set, on the lines where other, a
// second solution, differs from the picture changed by set: the cells
// where they differ first, as the likeliest to help.
func (u *uniqueSearch) candidates(set, other []byte) []int {
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
		case set[i] > 0:
		case changed[i] != other[i]:
			first = append(first, i)
		case rows[i/u.w] || cols[i%u.w]:
			then = append(then, i)
		}
	}
	return append(first, then...)
}

// changed is the picture with the cells of set changed.
func (u *uniqueSearch) changed(set []byte) []byte {
	flat := slices.Clone(u.pic)
	for i, to := range set {
		if to > 0 {
			flat[i] = to - 1
		}
	}
	return flat
}

// unique solves the clues of the picture changed by set, and reports
// whether it is their only solution; if not, it keeps a second one.
func (u *uniqueSearch) unique(set []byte) (bool, error) {
	if err := u.ctx.Err(); err != nil {
		return false, err // Solve may settle a small picture without looking
	}
	u.solves++
	flat := u.changed(set)
	var c *Clues
	if u.inks == nil {
		pic := make([][]bool, u.h)
		for i, v := range flat {
			if i%u.w == 0 {
				pic[i/u.w] = make([]bool, u.w)
			}
			pic[i/u.w][i%u.w] = v > 0
		}
		c = CluesOf(pic)
	} else {
		pic := make([][]int, u.h)
		for i, v := range flat {
			if i%u.w == 0 {
				pic[i/u.w] = make([]int, u.w)
			}
			pic[i/u.w][i%u.w] = int(v)
		}
		c = ColourCluesOf(pic, u.inks)
	}
	a, err := Solve(u.ctx, c, nil)
	if err != nil || a.Status == Unique {
		return err == nil, err
	}
	// Of the two solutions found, one differs from the picture: '#' is
	// black, '.' white, a letter its ink.
	other := make([]byte, len(flat))
	for _, g := range [][]string{a.Grid, a.Other} {
		same := true
		for i := range other {
			other[i] = byte(inkOf(g[i/u.w][i%u.w]) + 1)
			if g[i/u.w][i%u.w] == '#' {
				other[i] = 1
			}
			same = same && other[i] == flat[i]
		}
		if !same {
			break
		}
	}
	u.others[string(set)] = other
	return false, nil
}

// AppendJSON writes ch as encoding/json would, for the solver worker.
func (ch *Changes) AppendJSON(w *jsonw.Writer) {
	if w.Null("", ch == nil) {
		return
	}
	w.Object("")
	w.Ints("cells", ch.Cells)
	if len(ch.Colours) > 0 { // as encoding/json's omitempty
		w.Ints("colours", ch.Colours)
	}
	w.Bool("found", ch.Found)
	w.Bool("fewest", ch.Fewest)
	w.End()
}
