package nonogram

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"gridsolve/solvers/play"
)

// bruteLineOptions is lineOptions by trying every colouring of the line.
func bruteLineOptions(cells []byte, runs []int) (canBlack, canWhite []bool, ok bool) {
	n := len(cells)
	canBlack, canWhite = make([]bool, n), make([]bool, n)
	for mask := 0; mask < 1<<n; mask++ {
		if !lineAgrees(cells, mask) || !slices.Equal(runsOf(n, func(i int) bool { return mask>>i&1 == 1 }), runs) {
			continue
		}
		ok = true
		for i := range n {
			if mask>>i&1 == 1 {
				canBlack[i] = true
			} else {
				canWhite[i] = true
			}
		}
	}
	if !ok {
		return nil, nil, false
	}
	return canBlack, canWhite, true
}

// lineAgrees says whether the colouring mask (bit i black) keeps the marks.
func lineAgrees(cells []byte, mask int) bool {
	for i, m := range cells {
		if m == markBlack && mask>>i&1 == 0 || m == markWhite && mask>>i&1 == 1 {
			return false
		}
	}
	return true
}

// randomMarks returns a line of n cells, each marked with probability p.
func randomMarks(rng *rand.Rand, n int, p float64) []byte {
	cells := make([]byte, n)
	for i := range cells {
		cells[i] = markUnknown
		if rng.Float64() < p {
			cells[i] = [...]byte{markBlack, markWhite}[rng.IntN(2)]
		}
	}
	return cells
}

func TestLineOptionsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 5000 {
		n := rng.IntN(11)
		pic := drawPicture(rng, 1, n, rng.Float64())
		runs := CluesOf(pic).Rows[0]
		if rng.IntN(4) == 0 && len(runs) > 0 {
			runs[rng.IntN(len(runs))]++ // may no longer fit
		}
		cells := randomMarks(rng, n, rng.Float64()/2)
		b, w, ok := lineOptions(cells, runs)
		wb, ww, wok := bruteLineOptions(cells, runs)
		if ok != wok || !slices.Equal(b, wb) || !slices.Equal(w, ww) {
			t.Fatalf("%q runs %v: got %v %v %v, want %v %v %v", cells, runs, b, w, ok, wb, ww, wok)
		}
	}
}

// completions lists, by brute force, every solution of c that keeps the
// marks of grid: row colourings that fit their clue and marks, row after
// row, dropping those where a column's prefix already breaks its clue.
func completions(c *Clues, grid []byte) [][]byte {
	h, w := len(c.Rows), len(c.Cols)
	var rows [][]int // rows[r]: the fitting colourings of row r, as masks
	for r := range h {
		var fitting []int
		for mask := 0; mask < 1<<w; mask++ {
			if lineAgrees(grid[r*w:(r+1)*w], mask) && slices.Equal(runsOf(w, func(i int) bool { return mask>>i&1 == 1 }), c.Rows[r]) {
				fitting = append(fitting, mask)
			}
		}
		rows = append(rows, fitting)
	}
	chosen := make([]int, h)
	// columnOK says whether the first n rows of column col may start a
	// colouring with its clue (all of it when n is h).
	columnOK := func(n, col int) bool {
		black := func(r int) bool { return chosen[r]>>col&1 == 1 }
		got, want := runsOf(n, black), c.Cols[col]
		if n == h || len(got) == 0 {
			return n < h || slices.Equal(got, want)
		}
		last := len(got) - 1
		if len(got) > len(want) || !slices.Equal(got[:last], want[:last]) {
			return false
		}
		if black(n - 1) { // the last run may still grow
			return got[last] <= want[last]
		}
		return got[last] == want[last]
	}
	var found [][]byte
	var place func(r int)
	place = func(r int) {
		if r == h {
			sol := make([]byte, h*w)
			for i := range sol {
				sol[i] = ".#"[chosen[i/w]>>(i%w)&1]
			}
			found = append(found, sol)
			return
		}
		for _, mask := range rows[r] {
			chosen[r] = mask
			ok := true
			for col := range w {
				ok = ok && columnOK(r+1, col)
			}
			if ok {
				place(r + 1)
			}
		}
	}
	place(0)
	return found
}

// checkStep checks by brute force what step s claims about grid.
func checkStep(t *testing.T, c *Clues, grid []byte, s step) {
	t.Helper()
	b := newBoard(c)
	lineOf := func(l int) []byte {
		var line []byte
		for _, g := range b.cellsOf(l) {
			line = append(line, grid[g])
		}
		return line
	}
	with := func(g int, mark byte) []byte {
		next := slices.Clone(grid)
		next[g] = mark
		return next
	}
	all := completions(c, make([]byte, len(grid)))
	kept := completions(c, grid)
	switch s.kind {
	case lineStep:
		canBlack, canWhite, ok := bruteLineOptions(lineOf(s.line), b.runsOf(s.line))
		for _, g := range s.cells {
			i := b.indexInLine(g, s.line)
			if !ok || grid[g] != markUnknown || !slices.Contains(b.cellsOf(s.line), g) ||
				(s.mark == markBlack) == canWhite[i] || (s.mark == markBlack) != canBlack[i] {
				t.Fatalf("%s: cell %d is not forced to %c by line %d", grid, g, s.mark, s.line)
			}
			for _, sol := range kept {
				if (sol[g] == '#') != (s.mark == markBlack) {
					t.Fatalf("%s: cell %d is not %c in solution %s", grid, g, s.mark, sol)
				}
			}
		}
	case misfitStep:
		if _, _, ok := bruteLineOptions(lineOf(s.line), b.runsOf(s.line)); ok {
			t.Fatalf("%s: line %d does fit", grid, s.line)
		}
	case wrongStep:
		g := s.cells[0]
		if len(all) != 1 || grid[g] != s.mark || (all[0][g] == '#') == (s.mark == markBlack) {
			t.Fatalf("%s: cell %d marked %c is not wrong; solutions %s", grid, g, s.mark, all)
		}
	case probeStep:
		g := s.cells[0]
		if grid[g] != markUnknown || s.mark+s.probe != markBlack+markWhite {
			t.Fatalf("%s: bad probe %+v", grid, s)
		}
		if sols := completions(c, with(g, s.probe)); len(sols) > 0 {
			t.Fatalf("%s: cell %d can be %c: %s", grid, g, s.probe, sols[0])
		}
		if _, _, ok := bruteLineOptions(lineOf(s.line), b.runsOf(s.line)); !ok {
			t.Fatalf("%s: line %d already cannot fit before the probe", grid, s.line)
		}
	case stuckStep:
		for l := range b.lines() {
			if cells, _, _ := b.forced(grid, l); len(cells) > 0 {
				t.Fatalf("%s: stuck but line %d forces %v", grid, l, cells)
			}
		}
		if s.cells != nil && (len(all) != 1 || (all[0][s.cells[0]] == '#') != (s.mark == markBlack)) {
			t.Fatalf("%s: guess %+v is not the solution's %s", grid, s, all)
		}
		if s.cells == nil && len(all) < 2 {
			t.Fatalf("%s: stuck with %d solutions", grid, len(all))
		}
	case solvedStep:
		if !slices.ContainsFunc(all, func(sol []byte) bool { return string(sol) == strings.ReplaceAll(string(grid), "x", ".") }) {
			t.Fatalf("%s is not a solution", grid)
		}
	case noneStep:
		if len(all) > 0 {
			t.Fatalf("no solution claimed, but %s", all[0])
		}
	}
	if s.kind != misfitStep && s.kind != wrongStep && len(kept) == 0 && len(all) == 1 {
		t.Fatalf("%s: %+v while a marked cell is wrong", grid, s)
	}
}

// TestHintsAgainstBruteForce follows hints from a blank board, and from
// boards with some cells marked, wrongly now and then, checking every step
// it is given by brute force, until the puzzle is solved or the hints run
// out.
func TestHintsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	seen := map[stepKind]int{}
	puzzles := 400
	if testing.Short() {
		puzzles = 100
	}
	// Random pictures rarely need a probe: this one does, from the start.
	needsProbe := picture([]string{".#", "#.", "#.", ".#"})
	for n := range puzzles {
		h, w := 1+rng.IntN(7), 1+rng.IntN(7)
		pic := drawPicture(rng, h, w, 0.3+0.4*rng.Float64())
		if n == 0 {
			h, w, pic = len(needsProbe), len(needsProbe[0]), needsProbe
		}
		c := CluesOf(pic)
		grid := make([]byte, h*w)
		for i := range grid {
			grid[i] = markUnknown
			if rng.IntN(5) == 0 { // from the picture, which may not be the only solution
				grid[i] = "x#"[btoi(pic[i/w][i%w])]
			}
		}
		if rng.IntN(4) == 0 { // a mark against the picture
			g := rng.IntN(h * w)
			grid[g] = "#x"[btoi(pic[g/w][g%w])]
		}
		if n == 0 {
			grid = bytes.Repeat([]byte{markUnknown}, h*w)
		}
		followHints(t, c, grid, nextStep, checkStep, seen)
	}
	seenEveryKind(t, seen)
}

// followHints asks next for steps from grid, checks each, and marks its
// cells, until the puzzle is solved or the hints run out; seen counts
// the steps by kind.
func followHints(t *testing.T, c *Clues, grid []byte, next func(context.Context, *Clues, []byte) (step, error),
	check func(*testing.T, *Clues, []byte, step), seen map[stepKind]int) {
	t.Helper()
	for steps := 0; ; steps++ {
		s, err := next(context.Background(), c, grid)
		if err != nil {
			t.Fatal(err)
		}
		seen[s.kind]++
		check(t, c, grid, s)
		if hint := s.hint(newBoard(c)); hint.Reason == "" || hint.Cells == nil {
			t.Fatalf("empty hint %+v", hint)
		}
		if s.mark == 0 || s.kind == misfitStep || s.kind == wrongStep || steps > len(grid) {
			return
		}
		for _, g := range s.cells {
			grid[g] = s.mark
		}
	}
}

// seenEveryKind fails unless hints of every kind were seen.
func seenEveryKind(t *testing.T, seen map[stepKind]int) {
	t.Logf("steps by kind: %v", seen)
	for _, kind := range []stepKind{solvedStep, lineStep, misfitStep, wrongStep, probeStep, stuckStep} {
		if seen[kind] == 0 {
			t.Errorf("no step of kind %d in %v", kind, seen)
		}
	}
}

func TestHintSentences(t *testing.T) {
	for _, tc := range []struct {
		puzzle, position string
		want             play.Hint
	}{
		{"###.#####.", "", play.Hint{Cells: []int{1, 2, 5, 6, 7, 8}, Move: "fill",
			Reason: "Row 1, clue 3 5 in 10 cells: cells 2–3, 6–9 must be black."}},
		{"#..\n.#.\n..#", "...\n...\n...", play.Hint{Cells: []int{}, Move: "",
			Reason: "Line reasoning and probing single cells are stuck, and the clues have more than one solution."}},
		{"##\n#.", "#x\n..", play.Hint{Cells: []int{0, 1}, Move: "wrong",
			Reason: "Row 1 cannot fit clue 2 with the cells you marked."}},
		{".#.\n.##", "...\n..x", play.Hint{Cells: []int{5}, Move: "wrong",
			Reason: "Cell (2, 3) is marked empty, but the solution has it black."}},
		{"##\n#.", "##\n#x", play.Hint{Cells: []int{}, Move: "", Reason: "The puzzle is solved."}},
		{"1 2\n1 1\n0\n0\n", "..", play.Hint{Cells: []int{}, Move: "", Reason: "These clues have no solution."}},
		{"1 3\n2 2 2\n0\n0\n0\n", "", play.Hint{Cells: []int{}, Move: "",
			Reason: "Row 1 cannot fit clue 2 2 in 3 cells: these clues have no solution."}},
		{".#\n#.\n#.\n.#", "", play.Hint{Cells: []int{0}, Move: "empty",
			Reason: "Line reasoning is stuck. If cell (1, 1) were black, row 2 could not fit its clue 1: so it is empty."}},
	} {
		got, err := Game{}.Hint(context.Background(), tc.puzzle, tc.position)
		if err != nil {
			t.Errorf("%q %q: %v", tc.puzzle, tc.position, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q %q:\ngot  %+v\nwant %+v", tc.puzzle, tc.position, got, tc.want)
		}
	}
}

// TestHintGuessSentence words a guess: small puzzles with one solution
// that line reasoning and probes cannot reach are too rare to list.
func TestHintGuessSentence(t *testing.T) {
	c, _ := ParseClues("#.\n.#")
	got := step{kind: stuckStep, cells: []int{3}, mark: markBlack}.hint(newBoard(c))
	want := play.Hint{Cells: []int{3}, Move: "fill",
		Reason: "Line reasoning and probing single cells are stuck: a guess is needed, and in the solution cell (2, 2) is black."}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestHintErrors(t *testing.T) {
	for _, tc := range []struct{ puzzle, position, want string }{
		{"2 2\n", "", "row 1: missing clue"},
		{"#.\n##", "..", "position: 1 rows, want 2"},
		{"#.\n##", "..\n...", "position: row 2 has 3 cells, want 2"},
		{"#.\n##", "..\n.o", "position: row 2, column 2: want '#', 'x' or '.', got 'o'"},
	} {
		_, err := Game{}.Hint(context.Background(), tc.puzzle, tc.position)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q %q: got error %v, want %q", tc.puzzle, tc.position, err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Game{}).Hint(ctx, "#.\n.#", ""); err == nil {
		t.Error("no error from a cancelled hint")
	}
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"", "#x.\n...\n", "#x\n..\n..", "##.\n#o.\n", " \n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		grid, err := parsePosition(text, 2, 3, 0, "position")
		if err != nil {
			return
		}
		if strings.TrimSpace(text) == "" {
			text = "...\n..."
		}
		if got := string(grid); got != strings.Join(strings.Fields(text), "") {
			t.Fatalf("%q read as %q", text, got)
		}
		if _, err := (Game{}).Hint(context.Background(), "#.#\n.##", text); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
	})
}

// BenchmarkHint asks for a hint on hard25 where line reasoning is stuck,
// so that every cell is probed.
func BenchmarkHint(b *testing.B) {
	c, _ := readTestdata(b, "hard25")
	board := newBoard(c)
	grid := bytes.Repeat([]byte{markUnknown}, board.h*board.w)
	if _, failed, err := board.propagate(context.Background(), grid, board.allDirty()); err != nil || failed >= 0 {
		b.Fatal(failed, err)
	}
	var position strings.Builder
	for r := range board.h {
		position.Write(grid[r*board.w : (r+1)*board.w])
		position.WriteByte('\n')
	}
	puzzle := c.String()
	for b.Loop() {
		h, err := Game{}.Hint(context.Background(), puzzle, position.String())
		if err != nil || !strings.HasPrefix(h.Reason, "Line reasoning is stuck. If cell") {
			b.Fatal(h, err)
		}
	}
}

// TestHintKeepsGiven: a given cell counts as marked. The 2x2 diagonals
// with the top right cell given black leave line reasoning a step (the top
// left cell is white); without the given cell known there is none, and
// the hint would be a guess.
func TestHintKeepsGiven(t *testing.T) {
	h, err := Game{}.Hint(context.Background(), "2 2\n1 1\n1 1\n1 1\n1 1\ngiven\n.#\n..\n", "")
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(h.Cells, 1) || strings.Contains(h.Reason, "guess") || len(h.Cells) == 0 {
		t.Fatalf("hint %+v: want a step of line reasoning from the given cell", h)
	}
}

// A hint on a puzzle whose search is long (random50-24 takes millions of
// line solves) answers with line reasoning, without the whole search.
func TestHintDoesNotWaitForTheSearch(t *testing.T) {
	text, err := os.ReadFile("testdata/random50-24.txt")
	if err != nil {
		t.Fatal(err)
	}
	var solves int64
	c, _ := ParseClues(string(text))
	_, err = Solve(t.Context(), c, func(n int64) { solves = n })
	if err != nil || solves < 4*hintSearchBudget {
		t.Fatalf("random50-24 is no longer a long search (%d line solves): pick another", solves)
	}
	if a, err := solveWithin(t.Context(), c, hintSearchBudget); a != nil || err != nil {
		t.Fatalf("the hint's search went past its budget: %v, %v", a, err)
	}
	h, err := Game{}.Hint(t.Context(), string(text), "")
	if err != nil || !strings.Contains(h.Reason, "must be") || len(h.Cells) == 0 {
		t.Errorf("hint %+v, %v", h, err)
	}
}

// probeNext is hard25 after line reasoning: a probe is the next step.
func probeNext(t *testing.T) (text string, c *Clues, grid []byte) {
	b, err := os.ReadFile("testdata/hard25.txt")
	if err != nil {
		t.Fatal(err)
	}
	c, _ = ParseClues(string(b))
	board := newBoard(c)
	grid = bytes.Repeat([]byte{markUnknown}, board.h*board.w)
	board.propagate(t.Context(), grid, board.allDirty())
	return string(b), c, grid
}

// A hint out of time says so, in words, as an answer and not an error.
func TestHintOutOfTime(t *testing.T) {
	text, c, grid := probeNext(t)
	b := newBoard(c)
	var pos strings.Builder
	for r := range b.h {
		pos.Write(grid[r*b.w : (r+1)*b.w])
		pos.WriteByte('\n')
	}
	ctx, cancel := context.WithDeadline(t.Context(), time.Now().Add(-time.Second))
	defer cancel()
	h, err := Game{}.Hint(ctx, text, pos.String())
	if err != nil || !strings.Contains(h.Reason, "within 2 s: try Solve") || h.Move != "" {
		t.Errorf("hint out of time: %+v, %v", h, err)
	}
}

// The hint's own deadline ends its probing, as a context's would.
func TestHintDeadline(t *testing.T) {
	_, c, grid := probeNext(t)
	if s, err := nextStep(deadline{t.Context(), time.Now()}, c, grid); err != nil || s.kind != outOfTimeStep {
		t.Errorf("a step past the hint's deadline: %+v, %v; want out of time", s, err)
	}
	if s, err := nextStep(deadline{t.Context(), time.Now().Add(time.Hour)}, c, grid); err != nil || s.kind != probeStep {
		t.Errorf("a step before the hint's deadline: %+v, %v; want a probe", s, err)
	}
}
