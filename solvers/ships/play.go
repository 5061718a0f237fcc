package ships

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"

	"gridsolve/solvers/msg"
	"gridsolve/solvers/play"
)

// Play mode: the page hides a fleet from Generate, the player shoots, and
// Hint and Replay tell them how they are doing. None of them looks at the
// hidden fleet to advise: a hint uses only what the shooter has seen.

const generateNodes = 2e5 // search nodes for one random fleet before giving up

// Generate hides the seven ships at random on an o.W x o.H board, each turned
// any way but not mirrored, none overlapping (touching is allowed). It
// returns the fleet fully revealed in the judge format, every cell 'x' or
// 'o'; the page shows it as unknown. The same size and seed give the same
// fleet. Level is ignored: every game is the same hunt, the board size makes
// it harder or easier.
func (Game) Generate(ctx context.Context, o play.Options) (string, error) {
	if o.W < 1 || o.H < 1 || o.W > MaxSide || o.H > MaxSide {
		return "", msg.Errorf("ships: board %dx%d is outside 1x1 .. %dx%d", o.W, o.H, MaxSide, MaxSide)
	}
	b := &Board{W: o.W, H: o.H, Cells: bytes.Repeat([]byte{'.'}, o.W*o.H)}
	fleet, err := randomFleet(ctx, b, o.Seed)
	if err != nil {
		return "", err
	}
	for i := range b.Cells {
		b.Cells[i] = 'o'
		if fleet.has(i) {
			b.Cells[i] = 'x'
		}
	}
	return b.String(), nil
}

// randomFleet places the ships on the empty board b by a random descent of
// the search tree. Most boards take one descent; on a cramped board that
// keeps running into dead ends it falls back to the first fleet of a plain
// search, which also proves that none fits when that is so.
func randomFleet(ctx context.Context, b *Board, seed uint64) (cellSet, error) {
	s := newSearch(ctx, b, nil)
	var grids []cellSet
	var err error
	if s.free >= shipCells {
		grids, err = s.sampleGrids(1, rand.New(rand.NewPCG(seed, 0x5b1b5)), generateNodes)
		if err == nil && len(grids) == 0 {
			_, err = s.enumerate(0)
			grids = s.grids
		}
	}
	if err != nil {
		return cellSet{}, err
	}
	if len(grids) == 0 {
		return cellSet{}, msg.Errorf("ships: the seven ships do not fit on a %dx%d board", b.W, b.H)
	}
	return grids[0], nil
}

// Hint suggests the next shot from position, the shooter's board in the
// judge format ('x' hit, 'o' miss, '.' not shot yet); puzzle, the hidden
// fleet, is not used. When the judge's guarantee holds (the remaining ships
// can surely be found with at most one more miss), the shot is the first of
// a plan that keeps it; otherwise it is the cell most likely to hold a ship.
// Cells holds the one cell to shoot and Move is "shoot".
func (Game) Hint(ctx context.Context, puzzle, position string) (play.Hint, error) {
	b, err := ParseBoard(position)
	if err != nil {
		return play.Hint{}, err
	}
	a, err := analyze(ctx, b, nil)
	if err != nil {
		return play.Hint{}, err
	}
	switch {
	case a.Grids == 0:
		return play.Hint{}, errors.New("ships: no fleet of the seven ships fits the hits and misses shown")
	case a.Next < 0: // every unknown cell is sure to be water
		return play.Hint{}, errors.New("ships: every ship is found, nothing is left to shoot")
	}
	var why string
	// A cell not yet decided is never shown as a sure hit or miss.
	pct := min(max(int(math.Round(100*a.Ship[a.Next])), 1), 99)
	switch {
	case a.Known[a.Next] == 'x':
		why = "every fleet that fits puts a ship there"
	case a.Win:
		why = msg.Sprintf("it keeps the promise of at most one more miss (%d%% of the fleets that fit put a ship there)", pct)
	case a.GridsCapped:
		why = msg.Sprintf("about %d%% of the fleets that fit put a ship there, by a sample of them", pct)
	default:
		why = msg.Sprintf("%d%% of the fleets that fit put a ship there", pct)
	}
	return play.Hint{
		Cells:  []int{a.Next},
		Move:   "shoot",
		Reason: msg.Sprintf("Shoot row %d, column %d: %s.", a.Next/b.W+1, a.Next%b.W+1, why),
	}, nil
}

// Replay plays the shots (row-major cells, in order) at fleet, a fully
// revealed board as Generate returns it, starting from a board with nothing
// shot. For each shot it reports whether, on the board as it was just
// before, the judge said yes: the remaining ships could surely be found with
// at most one more miss.
func Replay(ctx context.Context, fleet string, shots []int) ([]bool, error) {
	truth, err := ParseBoard(fleet)
	if err != nil {
		return nil, err
	}
	if bytes.IndexByte(truth.Cells, '.') >= 0 {
		return nil, errors.New("ships: the fleet has unknown cells; want every cell 'x' or 'o'")
	}
	// A fully revealed board with a single grid is exactly one fleet.
	s := newSearch(ctx, truth, nil)
	if _, err := s.enumerate(0); err != nil {
		return nil, err
	}
	if len(s.grids) == 0 {
		return nil, errors.New("ships: the fleet's 'x' cells are not the seven ships")
	}
	b := &Board{W: truth.W, H: truth.H, Cells: bytes.Repeat([]byte{'.'}, len(truth.Cells))}
	sure := make([]bool, len(shots))
	for k, c := range shots {
		if c < 0 || c >= len(b.Cells) {
			return nil, msg.Errorf("ships: shot %d is cell %d, outside the %dx%d board", k+1, c, b.W, b.H)
		}
		if b.Cells[c] != '.' {
			return nil, msg.Errorf("ships: shot %d at row %d, column %d is a repeat", k+1, c/b.W+1, c%b.W+1)
		}
		if sure[k], err = decide(ctx, b, nil); err != nil {
			return nil, err
		}
		b.Cells[c] = truth.Cells[c]
	}
	return sure, nil
}
