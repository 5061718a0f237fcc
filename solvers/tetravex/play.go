package tetravex

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	"gridsolve/solvers/play"
)

// levelValues is the number of distinct edge values at each level, 1 to 3,
// by board size: fewer values make more cards look alike, so more wrong
// places look right. Past 4×4 the harder levels keep more values, as with
// fewer a deal almost never has a unique picture.
func levelValues(n, level int) int {
	switch {
	case n <= 4:
		return [...]int{10, 6, 4}[level-1]
	case n == 5:
		return [...]int{10, 7, 6}[level-1]
	default:
		return [...]int{10, 9, 8}[level-1]
	}
}

// Generate looks at up to generateTries deals for one whose picture is
// unique, giving each check at most countNodes search nodes.
const (
	generateTries = 40
	countNodes    = 1 << 20
)

// Generate deals an o.W×o.W puzzle (o.W from 2 to MaxN; o.H is ignored)
// at level o.Level from 1 (easy) to 3 (hard), which sets the number of
// distinct edge values (see levelValues). The puzzle is always solvable,
// and its solution is unique as a picture (identical cards may still swap)
// whenever one of generateTries deals is proved so. For the sizes the page
// offers, 2 to 6, the tests check that this holds; for 7 and 8 the proof
// often runs out of nodes and the last deal is returned. The same options
// give the same puzzle.
func (Game) Generate(ctx context.Context, o play.Options) (string, error) {
	if o.W < 2 || o.W > MaxN {
		return "", fmt.Errorf("tetravex: board size %d is not from 2 to %d", o.W, MaxN)
	}
	if o.Level < 1 || o.Level > 3 {
		return "", fmt.Errorf("tetravex: level %d is not from 1 to 3", o.Level)
	}
	rng := rand.New(rand.NewPCG(o.Seed, uint64(o.W*10+o.Level)))
	var p *Puzzle
	for range generateTries {
		p = Generate(o.W, levelValues(o.W, o.Level), rng)
		unique, err := provedUnique(ctx, p)
		if err != nil {
			return "", err
		}
		if unique {
			break
		}
	}
	return p.String(), nil
}

// provedUnique reports whether p has a single solution picture, as far as
// countNodes search nodes can tell; an error only if ctx ends.
func provedUnique(ctx context.Context, p *Puzzle) (bool, error) {
	budget, cancel := context.WithCancel(ctx)
	defer cancel()
	a, _, err := solve(budget, p, query{limit: 2}, func(nodes int64) {
		if nodes > countNodes {
			cancel()
		}
	})
	if err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if errors.Is(err, context.Canceled) {
			return false, nil
		}
		return false, err
	}
	return a.Solutions == 1, nil
}
