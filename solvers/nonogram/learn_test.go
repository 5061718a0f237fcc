package nonogram

import (
	"context"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
)

// The learning solver agrees with the search on puzzles too large for
// brute force, which make it learn, jump back and restart.
func TestLearningAgreesWithSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	n := 60 // a tenth of a second natively
	var learnt, restarts int64
	for range n {
		side := 10 + rng.IntN(16)
		l := learnAsSearch(t, CluesOf(drawPicture(rng, side, side, 0.5)))
		learnt += l.learnt
		restarts += l.restarts
	}
	if learnt == 0 || restarts == 0 {
		t.Fatalf("%d clauses learnt, %d restarts: the puzzles do not exercise learning", learnt, restarts)
	}
}

// The learner agrees with the search on wide pictures, whose rows have
// some 75 symbols to read: lineReach's sets of states take two words.
func TestLearningExplainsLongLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	var explains int64
	for range 4 {
		explains += learnAsSearch(t, CluesOf(drawPicture(rng, 8, 100, 0.5))).explains
	}
	if explains == 0 {
		t.Fatal("no line was explained: the puzzles do not test it")
	}
}

// learnAsSearch solves c by clause learning and by the search, checks
// they agree (the same status, the same grid when unique, and grids that
// meet the clues), and returns the learner.
func learnAsSearch(t *testing.T, c *Clues) *learner {
	t.Helper()
	want, err := Solve(context.Background(), c, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, l, err := solveLearning(context.Background(), c, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != want.Status || a.Status == Unique && !slices.Equal(a.Grid, want.Grid) {
		t.Fatalf("clues\n%slearning %+v, search %+v", c, a, want)
	}
	checkGrids(t, c, a)
	return l
}

// FuzzLearningAgainstSearch solves a small puzzle drawn from the fuzzer's
// bytes (a picture, often with a clue disturbed and given cells) by clause
// learning and by the search: the same status, the same grid when unique,
// and grids that meet the clues.
func FuzzLearningAgainstSearch(f *testing.F) {
	f.Add(uint8(5), uint8(5), uint64(1), uint64(2), uint8(0))
	f.Add(uint8(8), uint8(3), uint64(7), uint64(9), uint8(1))
	f.Add(uint8(2), uint8(9), uint64(3), uint64(4), uint8(2))
	f.Fuzz(func(t *testing.T, h, w uint8, seed1, seed2 uint64, twist uint8) {
		rows, cols := 1+int(h)%10, 1+int(w)%10
		rng := rand.New(rand.NewPCG(seed1, seed2))
		pic := drawPicture(rng, rows, cols, 0.2+0.6*rng.Float64())
		c := CluesOf(pic)
		switch twist % 3 {
		case 1:
			disturb(rng, c)
		case 2:
			c.Given = randomGiven(rng, drawPicture(rng, rows, cols, 0.5))
		}
		learnAsSearch(t, c)
	})
}

// BenchmarkLearnRandom50 is BenchmarkSolveRandom50 for clause learning
// alone, with the same budget of line solves (an explanation counts as
// one): the line solves, conflicts, explanations and learnt clauses, the
// CPU time (where the system tells it), and whether each was solved.
// GRIDSOLVE_LEARNSEED names the learner's seed (0 unless set), to follow
// the member of BenchmarkPortfolioRandom50 that first decides a puzzle.
func BenchmarkLearnRandom50(b *testing.B) {
	seed, _ := strconv.ParseUint(os.Getenv("GRIDSOLVE_LEARNSEED"), 10, 64)
	eachRandom50(b, func(b *testing.B, c *Clues, budget int64) {
		var l *learner
		cpu := cpuSeconds()
		for b.Loop() {
			ctx, cancel := context.WithCancel(context.Background())
			_, l, _ = solveLearning(ctx, c, seed, func(n int64) {
				if n >= budget {
					cancel()
				}
			})
			cancel()
		}
		b.ReportMetric((cpuSeconds()-cpu)*1000/float64(b.N), "cpu-ms/op")
		b.ReportMetric(float64(l.nodes), "linesolves/op")
		b.ReportMetric(float64(l.conflicts), "conflicts/op")
		b.ReportMetric(float64(l.explains), "explains/op")
		b.ReportMetric(float64(l.learnt), "learnt/op")
		b.ReportMetric(float64(btoi(l.err == nil)), "solved")
	})
}

// Learners of other seeds start elsewhere (see scatter): on puzzles that
// make them learn, they meet other conflicts, and give the same answers.
func TestScatterStartsElsewhere(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	differ := 0
	for range 20 {
		c := CluesOf(drawPicture(rng, 20, 20, 0.5))
		a0, l0, err := solveLearning(context.Background(), c, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range []uint64{1, 2} {
			a, l, err := solveLearning(context.Background(), c, seed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if a.Status != a0.Status || a.Status == Unique && !slices.Equal(a.Grid, a0.Grid) {
				t.Fatalf("clues\n%s: seed %d says %+v, seed 0 %+v", c, seed, a, a0)
			}
			if l.conflicts != l0.conflicts {
				differ++
			}
		}
	}
	if differ == 0 {
		t.Fatal("seeds 1 and 2 met as many conflicts as seed 0 on every puzzle: scatter changes nothing")
	}
}

// BenchmarkPortfolioRandom50 runs on each random 50x50 puzzle what the
// page races on as many cores: the search and learners of seeds 0 to
// GRIDSOLVE_PORTFOLIO-2 (8 members unless set), one after another, each
// within the GRIDSOLVE_RANDOM50 budget of line solves. It reports
// whether any decided the puzzle, which member first (0 the search, k
// the learner of seed k-1), and that member's CPU time and line solves:
// the time the page's race would take with a core a member (CPU time,
// which the machine's other load changes less than the wall clock).
func BenchmarkPortfolioRandom50(b *testing.B) {
	members := 8
	if n, err := strconv.Atoi(os.Getenv("GRIDSOLVE_PORTFOLIO")); err == nil && n > 0 {
		members = n
	}
	eachRandom50(b, func(b *testing.B, c *Clues, budget int64) {
		for b.Loop() {
			best, winner, lineSolves := math.Inf(1), -1, int64(0)
			for k := range members {
				ctx, cancel := context.WithCancel(context.Background())
				stop := func(n int64) {
					if n >= budget {
						cancel()
					}
				}
				start := cpuSeconds()
				var nodes int64
				var err error
				if k == 0 {
					s := newSearcher(ctx, c, stop)
					_, err = s.solve()
					nodes = s.nodes
				} else {
					var l *learner
					_, l, err = solveLearning(ctx, c, uint64(k-1), stop)
					nodes = l.nodes
				}
				took := cpuSeconds() - start
				cancel()
				if err == nil && took < best {
					best, winner, lineSolves = took, k, nodes
				}
			}
			b.ReportMetric(float64(btoi(winner >= 0)), "solved")
			b.ReportMetric(float64(winner), "first")
			b.ReportMetric(float64(lineSolves), "linesolves/op")
			if winner >= 0 {
				b.ReportMetric(best*1000, "first-cpu-ms/op")
			}
		}
	})
}

// lineReach explains as the line solver did: on random lines, each
// target the line solver settles from some known cells (or each line it
// finds no fit for) gets the same cells from minimise as from
// minimiseBySolver, in the same order, and those cells are an
// explanation (the line solver settles the target from them) that needs
// every one of them.
func TestReachExplainsAsTheLineSolver(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	var ls lineSolver
	var r lineReach
	settled, conflicts := 0, 0
	lines := 4000 // three seconds natively
	if testing.Short() {
		lines = 1000
	}
	for k := range lines {
		n := 1 + rng.IntN(63) // one word of states
		if k%8 == 0 {
			n = 64 + rng.IntN(100) // two or three
		}
		pic := make([]bool, n)
		for p := range pic {
			pic[p] = rng.IntN(2) == 0
		}
		runs := runsOf(n, func(p int) bool { return pic[p] })
		if len(runs) == 0 {
			continue // no runs: nothing to explain by
		}
		// Known cells from the picture, or some from another, which may
		// leave the line with no fit.
		cells := make([]byte, n)
		share := rng.Float64()
		for p := range cells {
			if rng.Float64() < share {
				cells[p] = white - byte(btoi(pic[p]))
				if rng.IntN(8) == 0 {
					cells[p] = black + white - cells[p]
				}
			}
		}
		solved := slices.Clone(cells)
		if !ls.solve(solved, runs) {
			conflicts++
			checkReachExplains(t, &ls, &r, cells, runs, -1, rng)
			continue
		}
		for p, c := range solved {
			if cells[p] == unknown && c != unknown {
				settled++
				target := slices.Clone(cells)
				target[p] = c
				checkReachExplains(t, &ls, &r, target, runs, p, rng)
			}
		}
	}
	if settled < lines || conflicts < lines/4 {
		t.Fatalf("%d targets and %d lines with no fit: too few to test", settled, conflicts)
	}
}

// checkReachExplains explains target tp of cells (tp < 0: that cells
// have no fit) by both ways, in a random order of the known cells.
func checkReachExplains(t *testing.T, ls *lineSolver, r *lineReach, cells []byte, runs []int, tp int, rng *rand.Rand) {
	t.Helper()
	n := len(cells)
	var order []int
	for p, c := range cells {
		if c != unknown && p != tp {
			order = append(order, p)
		}
	}
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	start := make([]bool, n)
	for _, p := range order {
		start[p] = true
	}
	want, got := slices.Clone(start), slices.Clone(start)
	minimiseBySolver(ls, make([]byte, n), cells, runs, tp, order, want, func() {})
	r.minimise(cells, runs, tp, order, got)
	if !slices.Equal(got, want) {
		t.Fatalf("line %s, runs %v, target %d, order %v: lineReach keeps %v, the line solver %v",
			lineText(cells), runs, tp, order, got, want)
	}
	holds := func(keep []bool) bool {
		trial := make([]byte, n)
		for p := range trial {
			if keep[p] {
				trial[p] = cells[p]
			}
		}
		return !ls.solve(trial, runs) || tp >= 0 && trial[tp] == cells[tp]
	}
	if !holds(got) {
		t.Fatalf("line %s, runs %v, target %d: the kept cells %v explain nothing", lineText(cells), runs, tp, got)
	}
	for _, p := range order {
		if got[p] {
			got[p] = false
			if holds(got) {
				t.Fatalf("line %s, runs %v, target %d: the kept cells %v do without %d", lineText(cells), runs, tp, got, p)
			}
			got[p] = true
		}
	}
}

// lineText shows a line as '#' black, 'x' white and '.' unknown.
func lineText(cells []byte) string {
	b := make([]byte, len(cells))
	for p, c := range cells {
		b[p] = ".#x"[c]
	}
	return string(b)
}

// minimiseBySolver is minimise by the line solver: each place of order,
// all kept on entry, is dropped in turn if the line solver, told the
// kept cells alone, still settles the target as it is or finds no fit.
// What is left needs every cell, since a line solver told less never
// settles more. count is called for each line solve.
func minimiseBySolver(ls *lineSolver, trial, cells []byte, runs []int, tp int, order []int, keep []bool, count func()) {
	for _, p := range order {
		keep[p] = false
		for q := range trial {
			trial[q] = unknown
			if keep[q] {
				trial[q] = cells[q]
			}
		}
		count()
		if ls.solve(trial, runs) && (tp < 0 || trial[tp] != cells[tp]) {
			keep[p] = true
		}
	}
}

// The learner's fast paths for lines of up to wordCells cells (masks and
// the line cache, one-word automata for explanations, each line's set
// cells in the order set) change its cost, not its course: on puzzles
// that make it learn, jump back and restart, it meets the same
// conflicts, learns the same clauses in the same order and makes as many
// line solves and explanations as with them turned off, and each line's
// set cells are still those of the trail, in its order.
func TestLearnerFastPathsKeepItsCourse(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	learnt := int64(0)
	for k := range 24 {
		side := 12 + rng.IntN(14)
		c := CluesOf(drawPicture(rng, side, side, 0.5))
		if k%3 == 1 {
			c.Given = randomGiven(rng, drawPicture(rng, side, side, 0.5))
		}
		seed := uint64(k % 3)
		fast, plain := learnerRun(c, seed, false), learnerRun(c, seed, true)
		if fast.notBlack == nil {
			t.Fatal("the fast paths are off on a small puzzle")
		}
		counts := func(l *learner) [5]int64 {
			return [5]int64{l.conflicts, l.learnt, l.restarts, l.nodes, l.explains}
		}
		if counts(fast) != counts(plain) {
			t.Fatalf("clues\n%sseed %d: conflicts, learnt, restarts, line solves, explanations %v with the fast paths, %v without",
				c, seed, counts(fast), counts(plain))
		}
		if !slices.EqualFunc(fast.clauses, plain.clauses, func(a, b clause) bool { return slices.Equal(a.lits, b.lits) }) ||
			!slices.EqualFunc(fast.solutions, plain.solutions, slices.Equal) {
			t.Fatalf("clues\n%sseed %d: other clauses or solutions with the fast paths", c, seed)
		}
		for line := range fast.lines {
			var want []int32
			for _, cell := range fast.trail {
				row, col := int(cell)/fast.w, int(cell)%fast.w
				switch line {
				case row:
					want = append(want, int32(col))
				case fast.h + col:
					want = append(want, int32(row))
				}
			}
			if !slices.Equal(fast.onLine[line], want) {
				t.Fatalf("clues\n%sline %d keeps set cells %v, the trail has %v", c, line, fast.onLine[line], want)
			}
		}
		learnt += fast.learnt
	}
	if learnt == 0 {
		t.Fatal("no clause learnt: the puzzles do not exercise learning")
	}
}

// learnerRun is solveLearning's learner, with the fast paths for short
// lines turned off when plain.
func learnerRun(c *Clues, seed uint64, plain bool) *learner {
	l := newLearner(context.Background(), c, nil)
	if plain {
		l.notBlack, l.notWhite = nil, nil
		for line := range l.patterns {
			l.patterns[line].last = -1
		}
	}
	if seed != 0 {
		l.scatter(seed)
	}
	l.run()
	return l
}
