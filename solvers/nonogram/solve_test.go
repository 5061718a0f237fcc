package nonogram

import (
	"bytes"
	"context"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// bruteLine settles the cells of line that take one colour in every
// colouring of its n cells matching runs: the definition the line solver
// must meet, by enumeration.
func bruteLine(line []byte, runs []int) ([]byte, bool) {
	n := len(line)
	var mustBlack, mustWhite []bool
	found := false
	for mask := 0; mask < 1<<n; mask++ {
		isBlack := func(i int) bool { return mask>>i&1 == 1 }
		ok := true
		for i, c := range line {
			if c == black && !isBlack(i) || c == white && isBlack(i) {
				ok = false
				break
			}
		}
		if !ok || !slices.Equal(runsOf(n, isBlack), runs) {
			continue
		}
		if !found {
			found = true
			mustBlack, mustWhite = make([]bool, n), make([]bool, n)
			for i := range n {
				mustBlack[i], mustWhite[i] = true, true
			}
		}
		for i := range n {
			if isBlack(i) {
				mustWhite[i] = false
			} else {
				mustBlack[i] = false
			}
		}
	}
	if !found {
		return nil, false
	}
	out := slices.Clone(line)
	for i := range n {
		if mustBlack[i] {
			out[i] = black
		} else if mustWhite[i] {
			out[i] = white
		}
	}
	return out, true
}

func TestLineSolverAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s lineSolver
	for iter := range 20000 {
		n := 1 + rng.IntN(11)
		// Runs of a random picture of the line, or random runs.
		var runs []int
		if rng.IntN(2) == 0 {
			pic := make([]bool, n)
			for i := range pic {
				pic[i] = rng.IntN(2) == 0
			}
			runs = runsOf(n, func(i int) bool { return pic[i] })
		} else {
			for range rng.IntN(4) {
				runs = append(runs, 1+rng.IntN(4))
			}
		}
		line := make([]byte, n)
		for i := range line {
			if rng.IntN(3) == 0 {
				line[i] = byte(1 + rng.IntN(2))
			}
		}
		want, wantOK := bruteLine(line, runs)
		got := slices.Clone(line)
		gotOK := s.solveTable(got, runs)
		if gotOK != wantOK || wantOK && !slices.Equal(got, want) {
			t.Fatalf("iter %d: line %v runs %v: got %v %v, want %v %v", iter, line, runs, got, gotOK, want, wantOK)
		}
		got = slices.Clone(line)
		if gotOK := solveWord(got, runs); gotOK != wantOK || wantOK && !slices.Equal(got, want) {
			t.Fatalf("iter %d: solveWord: line %v runs %v: got %v %v, want %v %v", iter, line, runs, got, gotOK, want, wantOK)
		}
	}
}

// bruteSolve counts the solutions of c, up to two, by trying every row
// pattern that matches its row clue and given cells, row after row,
// pruning columns whose prefix already contradicts their clue.
func bruteSolve(c *Clues) (count int, first [][]bool) {
	h, w := len(c.Rows), len(c.Cols)
	patterns := make([][][]bool, h)
	for r := range h {
		for mask := 0; mask < 1<<w; mask++ {
			row := make([]bool, w)
			for i := range row {
				row[i] = mask>>i&1 == 1
			}
			if slices.Equal(runsOf(w, func(i int) bool { return row[i] }), c.Rows[r]) && keepsGiven(c, r, row) {
				patterns[r] = append(patterns[r], row)
			}
		}
	}
	pic := make([][]bool, h)
	// prefixOK reports whether the first rows of column col can still grow
	// into its clue.
	prefixOK := func(rows, col int) bool {
		runs := runsOf(rows, func(i int) bool { return pic[i][col] })
		want := c.Cols[col]
		if rows == h {
			return slices.Equal(runs, want)
		}
		if len(runs) > len(want) {
			return false
		}
		for i, r := range runs {
			last := i == len(runs)-1 && pic[rows-1][col]
			if r > want[i] || !last && r != want[i] {
				return false
			}
		}
		return true
	}
	var place func(r int)
	place = func(r int) {
		if count == 2 {
			return
		}
		if r == h {
			count++
			if count == 1 {
				for i := range pic {
					first = append(first, slices.Clone(pic[i]))
				}
			}
			return
		}
		for _, row := range patterns[r] {
			pic[r] = row
			ok := true
			for col := range w {
				if !prefixOK(r+1, col) {
					ok = false
					break
				}
			}
			if ok {
				place(r + 1)
			}
		}
	}
	place(0)
	return count, first
}

// keepsGiven reports whether row r of a picture keeps the cells that c
// gives in it.
func keepsGiven(c *Clues, r int, row []bool) bool {
	for col, black := range row {
		if c.Given != nil {
			if g := c.Given[r*len(c.Cols)+col]; g != NotGiven && (g == GivenBlack) != black {
				return false
			}
		}
	}
	return true
}

// checkAnswer compares a with the brute-force count and checks that every
// grid it returns meets the clues.
func checkAnswer(t *testing.T, c *Clues, a *Answer) {
	t.Helper()
	count, _ := bruteSolve(c)
	want := [...]string{"none", "unique", "multiple"}[count]
	if string(a.Status) != want {
		t.Fatalf("clues\n%s: status %q, want %q", c, a.Status, want)
	}
	checkGrids(t, c, a)
}

// checkGrids checks that the grids of a meet the clues and differ.
func checkGrids(t *testing.T, c *Clues, a *Answer) {
	t.Helper()
	grids := [][]string{a.Grid, a.Other}
	for i, g := range grids {
		if g == nil {
			if i == 0 && a.Status != "none" || i == 1 && a.Status == "multiple" {
				t.Fatalf("status %q without grid %d", a.Status, i)
			}
			continue
		}
		got := CluesOf(picture(g))
		if got.Given = c.Given; got.String() != c.String() {
			t.Fatalf("grid %d %v has clues\n%swant\n%s", i, g, got, c)
		}
		for r, row := range picture(g) {
			if !keepsGiven(c, r, row) {
				t.Fatalf("grid %d %v does not keep the given cells of\n%s", i, g, c)
			}
		}
	}
	if a.Status == "multiple" && slices.Equal(a.Grid, a.Other) {
		t.Fatalf("two equal solutions %v", a.Grid)
	}
}

func picture(rows []string) [][]bool {
	pic := make([][]bool, len(rows))
	for r, row := range rows {
		for _, ch := range row {
			pic[r] = append(pic[r], ch == '#')
		}
	}
	return pic
}

func TestSolveEverySmallPicture(t *testing.T) {
	maxCells := 16
	if testing.Short() {
		maxCells = 12
	}
	for h := 1; h <= 4; h++ {
		for w := 1; w <= 4; w++ {
			if h*w > maxCells {
				continue
			}
			for mask := 0; mask < 1<<(h*w); mask++ {
				pic := make([][]bool, h)
				for r := range pic {
					pic[r] = make([]bool, w)
					for c := range pic[r] {
						pic[r][c] = mask>>(r*w+c)&1 == 1
					}
				}
				c := CluesOf(pic)
				a, err := Solve(context.Background(), c, nil)
				if err != nil {
					t.Fatal(err)
				}
				checkAnswer(t, c, a)
			}
		}
	}
}

// searches are the searches for Solve's answer: depth-first search with
// probing, and clause learning (see learner) from its own start and from
// a seed's (see scatter).
var searches = []struct {
	name  string
	solve func(context.Context, *Clues, func(int64)) (*Answer, error)
}{
	{"search", Solve},
	{"learning", func(ctx context.Context, c *Clues, progress func(int64)) (*Answer, error) {
		return SolveLearning(ctx, c, 0, progress)
	}},
	{"learning seeded", func(ctx context.Context, c *Clues, progress func(int64)) (*Answer, error) {
		return SolveLearning(ctx, c, 7, progress)
	}},
}

// disturb changes one clue of c at random: a run grows, or a run of one
// is added; often the clues then contradict each other, sometimes not.
func disturb(rng *rand.Rand, c *Clues) {
	runs := &c.Rows[rng.IntN(len(c.Rows))]
	if rng.IntN(2) == 0 {
		runs = &c.Cols[rng.IntN(len(c.Cols))]
	}
	if len(*runs) > 0 && rng.IntN(2) == 0 {
		(*runs)[rng.IntN(len(*runs))]++
	} else {
		*runs = append(*runs, 1)
	}
}

func TestSolveRandomAgainstBruteForce(t *testing.T) {
	for _, solver := range searches {
		t.Run(solver.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(3, 4))
			n := 3000
			if testing.Short() {
				n = 500
			}
			for range n {
				h, w := 2+rng.IntN(6), 2+rng.IntN(6)
				c := CluesOf(drawPicture(rng, h, w, 0.3+0.5*rng.Float64()))
				if rng.IntN(3) == 0 {
					disturb(rng, c)
				}
				a, err := solver.solve(context.Background(), c, nil)
				if err != nil {
					t.Fatal(err)
				}
				checkAnswer(t, c, a)
			}
		})
	}
}

// TestSolveGivenAgainstBruteForce solves small puzzles with given cells:
// given as in a picture with the clues (the answer keeps them, and is
// often unique where the clues alone are not), and given at random, often
// against the clues.
func TestSolveGivenAgainstBruteForce(t *testing.T) {
	for _, solver := range searches {
		t.Run(solver.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(13, 14))
			n := 3000
			if testing.Short() {
				n = 500
			}
			counts := map[string]int{}
			for range n {
				h, w := 1+rng.IntN(6), 1+rng.IntN(6)
				pic := drawPicture(rng, h, w, 0.3+0.5*rng.Float64())
				c := CluesOf(pic)
				if rng.IntN(3) == 0 {
					pic = drawPicture(rng, h, w, 0.5) // givens that may contradict
				}
				c.Given = randomGiven(rng, pic)
				a, err := solver.solve(context.Background(), c, nil)
				if err != nil {
					t.Fatal(err)
				}
				checkAnswer(t, c, a)
				counts[string(a.Status)]++
			}
			if counts["none"] == 0 || counts["unique"] == 0 || counts["multiple"] == 0 {
				t.Fatalf("answers %v: want some of each", counts)
			}
		})
	}
}

// TestSolveGivenLongLines checks given cells on lines too long for the
// masks, solved from the grid (see solveLong): a picture whose clues have
// many solutions, each cell of one row given, must come back as given.
func TestSolveGivenLongLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for range 20 {
		h, w := 2, 70+rng.IntN(30)
		pic := drawPicture(rng, h, w, 0.5)
		c := CluesOf(pic)
		c.Given = givenCells(h, w)
		for col, black := range pic[0] {
			c.Given[col] = [2]byte{GivenWhite, GivenBlack}[btoi(black)]
		}
		a, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != "unique" || !slices.Equal(a.Grid, strings.Fields(pictureText(pic))) {
			t.Fatalf("%s: %s %v, want the picture", c, a.Status, a.Grid)
		}
	}
}

func TestSolveContradictory(t *testing.T) {
	for _, text := range []string{
		"2 2\n1 2\n0\n0\n0\n",                 // black cells in rows, none in columns
		"1 3\n2 2 1\n0\n0\n0\n",               // row runs do not fit
		"2 2\n1 2\n0\n1 2\n0\n",               // totals agree, column 2 cannot
		"3 3\n1 3\n1 1\n1 3\n1 3\n1 1\n1 3\n", // totals 7 and 7, impossible
	} {
		c, err := ParseClues(text)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Solve(context.Background(), c, nil)
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != "none" || a.Grid != nil {
			t.Errorf("%q: got %+v, want none", text, a)
		}
		checkAnswer(t, c, a)
	}
}

func TestSolveCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// An empty 60x60 puzzle has countless solutions and needs search.
	c := &Clues{Rows: make([][]int, 60), Cols: make([][]int, 60)}
	for i := range 60 {
		c.Rows[i], c.Cols[i] = []int{1}, []int{1}
	}
	if _, err := Solve(ctx, c, nil); err != context.Canceled {
		t.Fatalf("got %v, want context.Canceled", err)
	}
}

func TestSolveProgress(t *testing.T) {
	// Permutation matrices: probing the 60x60 grid takes many line solves.
	c := &Clues{Rows: make([][]int, 60), Cols: make([][]int, 60)}
	for i := range 60 {
		c.Rows[i], c.Cols[i] = []int{1}, []int{1}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var calls []int64
	_, err := Solve(ctx, c, func(nodes int64) {
		calls = append(calls, nodes)
		if len(calls) == 2 {
			cancel()
		}
	})
	if err != context.Canceled || len(calls) != 2 || calls[0] <= 0 || calls[1] <= calls[0] {
		t.Fatalf("got %v after progress %v, want context.Canceled after two growing counts", err, calls)
	}
}

func TestSolveRejectsBadClues(t *testing.T) {
	for _, c := range []*Clues{
		nil,
		{},
		{Rows: [][]int{{1}}, Cols: nil},
		{Rows: [][]int{{0}}, Cols: [][]int{{1}}},
		{Rows: [][]int{{-1}}, Cols: [][]int{{1}}},
		{Rows: make([][]int, MaxSide+1), Cols: make([][]int, 1)},
		{Rows: make([][]int, 501), Cols: make([][]int, 501)},
		{Rows: [][]int{{1}}, Cols: [][]int{{1}}, Given: []byte("##")},
	} {
		if _, err := Solve(context.Background(), c, nil); err == nil {
			t.Errorf("%v: no error", c)
		}
	}
}

func TestSolveWordAgainstDP(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var s lineSolver
	feasible := 0
	for iter := range 20000 {
		n := 1 + rng.IntN(wordCells)
		// Known cells of a random picture of the line, one in a hundred
		// of them flipped, or random runs.
		pic := make([]bool, n)
		density := rng.Float64()
		for i := range pic {
			pic[i] = rng.Float64() < density
		}
		runs := runsOf(n, func(i int) bool { return pic[i] })
		if rng.IntN(4) == 0 {
			runs = nil
			for range rng.IntN(n/2 + 2) {
				runs = append(runs, 1+rng.IntN(1+rng.IntN(n)))
			}
		}
		line := make([]byte, n)
		known := rng.Float64()
		for i := range line {
			if rng.Float64() < known {
				line[i] = white
				if pic[i] != (rng.IntN(100) == 0) {
					line[i] = black
				}
			}
		}
		want := slices.Clone(line)
		wantOK := s.solveTable(want, runs)
		got := slices.Clone(line)
		gotOK := solveWord(got, runs)
		if gotOK != wantOK || wantOK && !slices.Equal(got, want) {
			t.Fatalf("iter %d: line %v runs %v: got %v %v, want %v %v", iter, line, runs, got, gotOK, want, wantOK)
		}
		if wantOK {
			feasible++
		}
	}
	if feasible < 5000 {
		t.Fatalf("only %d of the lines have a placement", feasible)
	}
}

// partlyKnown returns pic as a line whose cells are each known with one
// probability, drawn once for the line, and unknown otherwise.
func partlyKnown(rng *rand.Rand, pic []bool) []byte {
	line := make([]byte, len(pic))
	known := rng.Float64()
	for i := range line {
		if rng.Float64() < known {
			line[i] = white
			if pic[i] {
				line[i] = black
			}
		}
	}
	return line
}

// solveBoth solves c with a searcher as it is and with one changed by
// tweak, fails the test unless both give the same answer, and returns the
// searchers and the answer.
func solveBoth(t *testing.T, c *Clues, tweak func(*searcher)) (as, tweaked *searcher, a *Answer) {
	t.Helper()
	as = newSearcher(context.Background(), c, nil)
	tweaked = newSearcher(context.Background(), c, nil)
	tweak(tweaked)
	a, err := as.solve()
	if err != nil {
		t.Fatal(err)
	}
	b, err := tweaked.solve()
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != b.Status || !slices.Equal(a.Grid, b.Grid) || !slices.Equal(a.Other, b.Other) {
		t.Fatalf("clues\n%sanswer %+v, with the change %+v", c, a, b)
	}
	return as, tweaked, a
}

// TestProbeMemoChangesNothing solves puzzles that need probing and search
// with and without the memo of probes that learnt nothing: skipping a probe
// only when none of its lines has changed must leave the search exactly as
// it was, same answer, while doing fewer line solves.
func TestProbeMemoChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var puzzles []*Clues
	for range 40 {
		h, w := 4+rng.IntN(12), 4+rng.IntN(12)
		puzzles = append(puzzles, CluesOf(drawPicture(rng, h, w, 0.5)))
	}
	for _, name := range []string{"hard25", "random30-4", "random30-7"} {
		c, _ := readTestdata(t, name)
		puzzles = append(puzzles, c)
	}
	var with, without int64
	for _, c := range puzzles {
		memo, plain, a := solveBoth(t, c, func(s *searcher) { s.noMemo = true })
		checkGrids(t, c, a)
		if memo.nodes > plain.nodes {
			t.Errorf("clues\n%s%d line solves with the memo, %d without", c, memo.nodes, plain.nodes)
		}
		with, without = with+memo.nodes, without+plain.nodes
	}
	if with >= without {
		t.Errorf("the memo saved nothing: %d line solves, %d without", with, without)
	}
	t.Logf("%d line solves with the memo, %d without", with, without)
}

// TestSolveTableLongLines checks solveTable on lines too long for the word
// solver and brute force, from its own answer to whether a line has a
// placement: a cell it settles must have no placement with the other
// colour, and a cell it leaves unknown must have one with either colour.
func TestSolveTableLongLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var s lineSolver
	feasible := func(line []byte, runs []int) bool { return s.solveTable(slices.Clone(line), runs) }
	lines := 100
	if testing.Short() {
		lines = 20
	}
	for iter := range lines {
		n := wordCells + 1 + rng.IntN(140)
		pic := drawPicture(rng, 1, n, 0.2+0.6*rng.Float64())[0]
		runs := runsOf(n, func(i int) bool { return pic[i] })
		line := partlyKnown(rng, pic)
		got := slices.Clone(line)
		if !s.solveTable(got, runs) {
			t.Fatalf("iter %d: no placement for a line of a picture", iter)
		}
		for p, c := range got {
			if line[p] != unknown {
				if c != line[p] {
					t.Fatalf("iter %d: known cell %d changed", iter, p)
				}
				continue
			}
			try := slices.Clone(line)
			for _, colour := range []byte{black, white} {
				try[p] = colour
				if ok := feasible(try, runs); ok != (c == unknown || c == colour) {
					t.Fatalf("iter %d: cell %d settled %d, but colour %d has a placement: %v", iter, p, c, colour, ok)
				}
			}
		}
	}
}

// TestMasksMirrorGrid checks that the line masks, updated in bulk by line
// solves and restored by copy after probes, still describe the grid after
// propagation and after settle has probed, fixed and undone cells, on
// puzzles where every line has masks and on puzzles where only the rows
// or only the columns have.
func TestMasksMirrorGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	learnt := 0 // puzzles where probing fixed cells
	for iter := range 80 {
		h, w := 4+rng.IntN(12), 4+rng.IntN(12)
		if iter >= 60 {
			if h = wordCells + 1 + rng.IntN(17); rng.IntN(2) == 0 {
				h, w = w, h
			}
		}
		c := CluesOf(drawPicture(rng, h, w, 0.5))
		s := newSearcher(context.Background(), c, nil)
		grid := make([]byte, h*w)
		s.loadMasks(grid)
		every := s.masked(0) && s.masked(h+w-1)
		if s.notBlack == nil || every != (iter < 60) {
			t.Fatalf("%dx%d: masks for %d lines from %d", h, w, s.nMasked, s.firstMasked)
		}
		check := func(when string) {
			t.Helper()
			fresh := newSearcher(context.Background(), c, nil)
			fresh.loadMasks(slices.Clone(grid))
			for l := range s.runs {
				if s.masked(l) && (s.notBlack[l] != fresh.notBlack[l] || s.notWhite[l] != fresh.notWhite[l]) {
					t.Fatalf("clues\n%sline %d masks %x %x after %s, but the grid has %x %x", c, l,
						s.notBlack[l], s.notWhite[l], when, fresh.notBlack[l], fresh.notWhite[l])
				}
			}
		}
		for l := range s.runs {
			s.push(l)
		}
		if !s.propagate(grid) {
			t.Fatalf("clues\n%sof a picture found contradictory", c)
		}
		check("propagation")
		before := bytes.Count(grid, []byte{unknown})
		if _, ok := s.settle(grid); !ok {
			t.Fatalf("clues\n%sof a picture found contradictory by probing", c)
		}
		check("probing")
		if bytes.Count(grid, []byte{unknown}) < before {
			learnt++
		}
	}
	if learnt == 0 {
		t.Error("probing settled no cell of any puzzle")
	}
}

// TestGrowCacheKeepsEntries solves a puzzle that fills the line cache and
// checks that doubling it keeps every entry where a lookup finds it: the
// entries of distinct slots differ in the low bits of their hashes, so
// none displaces another.
func TestGrowCacheKeepsEntries(t *testing.T) {
	c, _ := readTestdata(t, "hard25")
	s := newSearcher(context.Background(), c, nil)
	if _, err := s.solve(); err != nil {
		t.Fatal(err)
	}
	var kept []cachedLine
	for _, e := range s.cache.entries {
		if e.key != (lineKey{}) {
			kept = append(kept, e)
		}
	}
	if len(kept) < len(s.cache.entries)/2 {
		t.Fatalf("only %d of %d entries used", len(kept), len(s.cache.entries))
	}
	s.cache.grow()
	for _, e := range kept {
		if got := s.cache.entries[e.key.hash()&uint64(len(s.cache.entries)-1)]; got != e {
			t.Fatalf("entry %+v became %+v", e, got)
		}
	}
}

// TestLineSolvablePictures checks that line solving alone settles the
// pictures of BenchmarkLineSolvable, uniquely, with no probe.
func TestLineSolvablePictures(t *testing.T) {
	for i, p := range lineSolvable {
		if testing.Short() && p.side > 300 {
			continue
		}
		c := lineSolvableClues(i)
		s := newSearcher(context.Background(), c, nil)
		a, err := s.solve()
		if err != nil {
			t.Fatal(err)
		}
		checkGrids(t, c, a)
		if a.Status != "unique" || s.caching {
			t.Errorf("%s: %s, probed %v", lineSolvableName(i), a.Status, s.caching)
		}
	}
}

// TestLeastSlackFirst checks the order of the first propagation: every
// line once, by slack (the cells of a line left once its runs are packed
// one apart; none for a line without runs), least first, and lines of
// equal slack in their own order.
func TestLeastSlackFirst(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for range 200 {
		h, w := 1+rng.IntN(90), 1+rng.IntN(90)
		c := CluesOf(drawPicture(rng, h, w, rng.Float64()))
		slack := func(l int) int {
			n, runs := w, c.Rows
			if l >= h {
				n, runs, l = h, c.Cols, l-h
			}
			if len(runs[l]) == 0 {
				return 0 // all white
			}
			used := -1
			for _, r := range runs[l] {
				used += r + 1
			}
			return n - used
		}
		order := newSearcher(context.Background(), c, nil).leastSlackFirst()
		if len(order) != h+w {
			t.Fatalf("%dx%d: %d lines in %v", h, w, len(order), order)
		}
		seen := make([]bool, h+w)
		for k, l := range order {
			if seen[l] {
				t.Fatalf("%dx%d: line %d twice in %v", h, w, l, order)
			}
			seen[l] = true
			if k > 0 {
				if a, b := slack(order[k-1]), slack(l); a > b || a == b && order[k-1] > l {
					t.Fatalf("%dx%d: line %d (slack %d) before line %d (slack %d)", h, w, order[k-1], a, l, b)
				}
			}
		}
	}
}
