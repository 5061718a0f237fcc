package ships

import (
	"context"
	"math"
	"math/rand/v2"
)

// Answer is what the page draws for one board.
//
// Known is ASCII ('x', 'o', '.') and so reads as a string once decoded;
// encoding/json sends a []byte as base64, so atob(known) in the page.
type Answer struct {
	W   int  `json:"w"`
	H   int  `json:"h"`
	Win bool `json:"win"` // the judge's yes.
	// Grids is the number of distinct consistent grids (ship layouts as
	// seen by the shooter); when GridsCapped, only those listed within the
	// limits (heatmapGrids, listNodes), and there are more.
	Grids       int  `json:"grids"`
	GridsCapped bool `json:"gridsCapped"`
	// Ship is, for each cell in row-major order, the fraction of the grids
	// with a ship there; empty when no grid is consistent. When the grids
	// are too many to list, it is taken over a random sample of them
	// (see sampleGrids), a fair picture but not an exact probability.
	Ship []float64 `json:"ship"`
	// Next is the suggested shot, an unknown cell, or -1: the first shot of
	// the winning plan when there is one, otherwise the undetermined cell
	// most likely to hold a ship, otherwise a cell sure to hold one.
	Next int `json:"next"`
	// Known gives each cell's value when every consistent grid agrees on
	// it ('x' or 'o'), '.' otherwise. When GridsCapped it is checked by a
	// bounded search per cell, and a cell left undecided stays '.'.
	Known []byte `json:"known"`
}

const (
	heatmapGrids = 5000 // distinct grids listed exactly for the heatmap
	listNodes    = 2e4  // search nodes allowed for listing them
	sampleDraws  = 2000 // random grids drawn for the heatmap beyond that
	sampleNodes  = 2e4  // search nodes allowed for all the draws
	checkNodes   = 2e4  // search nodes allowed for all the Known checks
)

// analyze works out everything the page shows for b.
func analyze(ctx context.Context, b *Board, progress func(int64)) (*Answer, error) {
	a := &Answer{W: b.W, H: b.H, Ship: []float64{}, Next: -1, Known: append([]byte(nil), b.Cells...)}
	if b.W*b.H < shipCells || hitsLimit(b) < 1 {
		return a, nil
	}
	s := newSearch(ctx, b, progress)
	// First as the judge does: a win allows only a few grids.
	capped, err := s.enumerate(hitsLimit(b))
	if err == nil && capped {
		// No win: list more grids for the heatmap, within a budget.
		s.budget = s.nodes + listNodes
		capped, err = s.enumerate(heatmapGrids)
		s.budget = math.MaxInt64
	}
	if err != nil {
		return nil, err
	}
	unknown := unknownCells(b)
	grids := s.grids
	shot := -1
	switch {
	case capped:
		a.Grids, a.GridsCapped = min(len(grids), heatmapGrids), true
		// Seeded so that the same board always gets the same picture.
		sampled, err := s.sampleGrids(sampleDraws, rand.New(rand.NewPCG(1, 2)), sampleNodes)
		if err != nil {
			return nil, err
		}
		if len(sampled) > 0 {
			grids = sampled
		}
	case len(grids) == 0:
		return a, nil
	default:
		a.Grids = len(grids)
		if len(grids) <= hitsLimit(b) {
			a.Win, shot = winnable(grids, unknown)
		}
	}

	ships := make([]int, len(b.Cells))
	for _, g := range grids {
		g.each(func(i int) { ships[i]++ })
	}
	a.Ship = make([]float64, len(b.Cells))
	for i, n := range ships {
		a.Ship[i] = float64(n) / float64(len(grids))
	}
	// A cell is known when no grid seen disagrees and, if the grids seen
	// are not all of them, a search for one that disagrees fails.
	var shipSeen, waterSeen cellSet
	for _, list := range [][]cellSet{s.grids, grids} {
		for _, g := range list {
			for w := range g {
				shipSeen[w] |= g[w]
				waterSeen[w] |= ^g[w]
			}
		}
	}
	var err2 error
	end := s.nodes + checkNodes
	unknown.each(func(i int) {
		switch {
		case !shipSeen.has(i) && (!capped || !s.possible(i, true, end, &err2)):
			a.Known[i] = 'o'
		case !waterSeen.has(i) && (!capped || !s.possible(i, false, end, &err2)):
			a.Known[i] = 'x'
		}
	})
	if err2 != nil {
		return nil, err2
	}

	a.Next = shot
	unknown.each(func(i int) {
		if a.Known[i] == '.' && (a.Next < 0 || a.Known[a.Next] == 'x' || !a.Win && a.Ship[i] > a.Ship[a.Next]) {
			a.Next = i
		} else if a.Known[i] == 'x' && a.Next < 0 {
			a.Next = i
		}
	})
	return a, nil
}

// possible reports whether some consistent grid has a ship (or water) at
// cell i, by searching for one grid with that cell forced. A search that
// runs past node end counts as a yes: Known then errs on the side of '.'.
func (s *search) possible(i int, ship bool, end int64, errp *error) bool {
	if *errp != nil {
		return false
	}
	s.budget = end
	defer func() { s.budget = math.MaxInt64 }()
	hits, water := s.hits, s.water
	if ship {
		s.hits.add(i)
	} else {
		s.water.add(i)
	}
	_, err := s.enumerate(0)
	found := len(s.grids) > 0 || s.nodes > s.budget
	s.hits, s.water = hits, water
	if err != nil {
		*errp = err
	}
	return found
}

// sampleGrids draws up to n distinct grids by random descents of the search
// tree, each stopping at its first grid, within nodes more search nodes.
// It is not uniform over grids but spreads over the whole board, unlike the
// first grids of a plain enumeration, which all share the ships placed
// first.
func (s *search) sampleGrids(n int, r *rand.Rand, nodes int64) ([]cellSet, error) {
	s.sample, s.rand, s.budget = true, r.IntN, s.nodes+nodes
	defer func() { s.sample, s.budget = false, math.MaxInt64 }()
	s.collect(n)
	s.arm()
	for range n {
		if s.step(); s.err != nil {
			return nil, s.err
		}
		if s.nodes > s.budget {
			break
		}
	}
	return s.grids, nil
}
