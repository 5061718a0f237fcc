package iq

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestOrientations(t *testing.T) {
	// Fixed orientations of these free polyominoes, as tabulated for
	// polyominoes: L-tromino, I, L and O tetrominoes, V, Y, U, P, N, X, W
	// and L pentominoes.
	known := [NumPieces]int{4, 2, 8, 1, 4, 8, 4, 8, 8, 1, 4, 8}
	for p := range NumPieces {
		text := textOrientations(shapeText[p])
		if len(orientations[p]) != len(text) || len(text) != known[p] {
			t.Errorf("piece %c: %d orientations, text model %d, known %d", 'A'+p, len(orientations[p]), len(text), known[p])
		}
		for _, g := range text {
			var cells []Cell
			for r, row := range g {
				for c := range len(row) {
					if row[c] == '#' {
						cells = append(cells, Cell{r, c})
					}
				}
			}
			if !slices.ContainsFunc(orientations[p], func(o []Cell) bool { return slices.Equal(o, cells) }) {
				t.Errorf("piece %c: orientation %q missing", 'A'+p, g)
			}
		}
	}
	size := 0
	for _, p := range Pieces {
		size += len(p.Cells)
	}
	if size != NumCells {
		t.Errorf("pieces cover %d cells, want %d", size, NumCells)
	}
}

// checkSolution fails t unless rows fill the whole triangle with each piece
// once in a legal shape, keeping every letter of the puzzle.
func checkSolution(t *testing.T, puzzle *Board, rows []string) {
	t.Helper()
	b, err := ParseBoard(strings.Join(rows, "\n"))
	if err != nil {
		t.Fatalf("answer does not parse: %v", err)
	}
	seen := map[byte]int{}
	for r := range Size {
		for c := range r + 1 {
			v := b.At(r, c)
			if v == Empty {
				t.Fatalf("cell (%d, %d) left empty:\n%s", r, c, b)
			}
			if p := puzzle.At(r, c); p != Empty && p != v {
				t.Fatalf("cell (%d, %d): pre-placed %c became %c", r, c, p, v)
			}
			seen[v]++
		}
	}
	if len(seen) != NumPieces {
		t.Fatalf("answer uses %d pieces, want %d:\n%s", len(seen), NumPieces, b)
	}
	if err := Validate(b); err != nil {
		t.Fatalf("%v:\n%s", err, b)
	}
}

// randomSolution returns a full board found by the plain search trying the
// pieces in a random order.
func randomSolution(rng *rand.Rand) *Board {
	order := slices.Clone(pieceOrder)
	rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	return naiveSolve(new(Board), order)
}

// keepPieces returns a copy of b with only the pieces in keep.
func keepPieces(b *Board, keep map[byte]bool) *Board {
	out := *b
	for r := range Size {
		for c := range r + 1 {
			if !keep[b.At(r, c)] {
				out.Set(r, c, Empty)
			}
		}
	}
	return &out
}

func TestSolvePartOfASolution(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rounds := 40
	if testing.Short() {
		rounds = 10
	}
	for range rounds {
		full := randomSolution(rng)
		keep := map[byte]bool{}
		for p := range NumPieces {
			if rng.IntN(2) == 0 {
				keep['A'+byte(p)] = true
			}
		}
		puzzle := keepPieces(full, keep)
		a, err := Solve(context.Background(), puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if !a.Solved {
			t.Fatalf("no solution found for a part of a solution:\n%s", puzzle)
		}
		checkSolution(t, puzzle, a.Rows)
		if a.Solutions < 1 {
			t.Fatalf("Solutions = %d with a solution", a.Solutions)
		}
		if len(keep) >= 5 {
			got, err := Count(context.Background(), puzzle)
			want := naiveCount(puzzle)
			if got != want || err != nil {
				t.Fatalf("Count = %d, %v; plain search counts %d:\n%s", got, err, want, puzzle)
			}
			if a.Solutions != int(min(want, 2)) {
				t.Fatalf("Solutions = %d; plain search counts %d:\n%s", a.Solutions, want, puzzle)
			}
		}
	}
}

// randomPlacement puts piece p at a random orientation and position where it
// fits, using the text model; it reports whether it found room.
func randomPlacement(rng *rand.Rand, b *Board, p int) bool {
	shapes := textOrientations(shapeText[p])
	for range 100 {
		s := shapes[rng.IntN(len(shapes))]
		r0, c0 := rng.IntN(Size), rng.IntN(Size)
		g := toGrid(b)
		if !fits(g, s, r0, c0) {
			continue
		}
		put(g, s, r0, c0, 'A'+byte(p))
		for r := range Size {
			for c := range r + 1 {
				b.Set(r, c, g[r][c])
			}
		}
		return true
	}
	return false
}

func TestSolveRandomPlacements(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	rounds := 30
	if testing.Short() {
		rounds = 8
	}
	impossible := 0
	for range rounds {
		b := new(Board)
		for _, p := range rng.Perm(NumPieces)[:5] {
			randomPlacement(rng, b, p)
		}
		a, err := Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		want := naiveSolve(b, pieceOrder) != nil
		if a.Solved != want {
			t.Fatalf("Solved = %v, plain search says %v:\n%s", a.Solved, want, b)
		}
		j, err := solveLaidOut(context.Background(), b, nil, 1, layout{judge: true})
		if err != nil || j.Solved != want {
			t.Fatalf("Judge's search: Solved = %v, %v; plain search says %v:\n%s", j.Solved, err, want, b)
		}
		if j.Solved {
			checkSolution(t, b, j.Rows)
		}
		if a.Solved {
			checkSolution(t, b, a.Rows)
		} else {
			impossible++
			if a.Rows != nil {
				t.Fatalf("rows given without a solution: %q", a.Rows)
			}
		}
	}
	if impossible == 0 {
		t.Error("no impossible board among the random ones; the test lost its point")
	}
}

func TestImpossible(t *testing.T) {
	// D under the apex cuts it off: one cell no piece can fill.
	b, err := ParseBoard(".\nDD\nDD.\n....\n.....\n......\n.......\n........\n.........\n..........\n")
	if err != nil {
		t.Fatal(err)
	}
	if naiveSolve(b, pieceOrder) != nil {
		t.Fatal("plain search solves the board")
	}
	a, err := Solve(context.Background(), b)
	if err != nil || a.Solved || a.Rows != nil || a.Solutions != 0 {
		t.Fatalf("Solve = %+v, %v; want no solution", a, err)
	}
	if n, err := Count(context.Background(), b); n != 0 || err != nil {
		t.Fatalf("Count = %d, %v; want 0", n, err)
	}
}

func TestFullBoard(t *testing.T) {
	full, err := ParseBoard(sampleOut)
	if err != nil {
		t.Fatal(err)
	}
	a, err := Solve(context.Background(), full)
	if err != nil || !a.Solved || a.Solutions != 1 || strings.Join(a.Rows, "\n")+"\n" != sampleOut {
		t.Errorf("Solve(full board) = %+v, %v", a, err)
	}
	if n, err := Count(context.Background(), full); n != 1 || err != nil {
		t.Errorf("Count(full board) = %d, %v; want 1", n, err)
	}
}

func TestCountEmpty(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	if testing.Short() {
		t.Skip("counting every solution takes seconds; BenchmarkCountEmpty runs it")
	}
	// 32288 is the number given for the empty board; the plain search of
	// brute_test.go also finds it (slowly, minutes).
	n, err := Count(context.Background(), new(Board))
	if n != 32288 || err != nil {
		t.Fatalf("Count = %d, %v; want 32288", n, err)
	}
}

func TestCountPart(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	boards := []*Board{}
	// J on the mirror axis: Count halves the search of a symmetric board.
	sym, err := ParseBoard(".\n..\n...\n....\n.....\n......\n..J....\n.JJJ....\n..J......\n..........\n")
	if err != nil {
		t.Fatal(err)
	}
	full, err := ParseBoard(sampleOut)
	if err != nil {
		t.Fatal(err)
	}
	boards = append(boards, full)
	if !testing.Short() {
		boards = append(boards, sym)
	}
	for range 4 {
		full := randomSolution(rng)
		keep := map[byte]bool{}
		for _, p := range rng.Perm(NumPieces)[:3] {
			keep['A'+byte(p)] = true
		}
		boards = append(boards, keepPieces(full, keep))
	}
	split := false
	for _, b := range boards {
		want := naiveCount(b)
		for _, parts := range []int{1, 2, 3} {
			var sum int64
			for part := range parts {
				n, err := CountPart(context.Background(), b.String(), part, parts, nil)
				if err != nil {
					t.Fatal(err)
				}
				split = split || n > 0 && n < want
				sum += n
			}
			if sum != want {
				t.Fatalf("CountPart over %d parts adds up to %d; plain search counts %d:\n%s", parts, sum, want, b)
			}
		}
	}
	if !split {
		t.Error("no board split its count between parts; the test lost its point")
	}
	for _, tc := range []struct{ part, parts int }{{0, 0}, {-1, 2}, {2, 2}} {
		if _, err := CountPart(context.Background(), emptyText, tc.part, tc.parts, nil); err == nil {
			t.Errorf("CountPart(part %d of %d) gave no error", tc.part, tc.parts)
		}
	}
	if _, err := CountPart(context.Background(), "x", 0, 1, nil); err == nil {
		t.Error("CountPart of a malformed board gave no error")
	}
}

func TestPartClaim(t *testing.T) {
	for _, c := range []struct{ part, parts int }{
		{0, 1}, {2, 3}, {0, math.MaxInt}, {1, math.MaxInt}, {5, math.MaxInt - 3}, {math.MaxInt - 1, math.MaxInt},
	} {
		claim := partClaim(c.part, c.parts)
		want := c.part
		for range 4 {
			if got := claim(); got != want {
				t.Errorf("part %d of %d: claims %d, want %d", c.part, c.parts, got, want)
				break
			}
			if want > math.MaxInt-c.parts {
				want = math.MaxInt
			} else {
				want += c.parts
			}
		}
	}
}

func TestCountSymmetricBoard(t *testing.T) {
	// J on the mirror axis keeps the board symmetric, so Count halves its
	// search; the plain search checks the result.
	b, err := ParseBoard(".\n..\n...\n....\n.....\n......\n..J....\n.JJJ....\n..J......\n..........\n")
	if err != nil {
		t.Fatal(err)
	}
	if asymmetricPiece(b) < 0 {
		t.Fatal("board not seen as symmetric")
	}
	if testing.Short() {
		return
	}
	got, err := Count(context.Background(), b)
	if want := naiveCount(b); got != want || err != nil {
		t.Fatalf("Count = %d, %v; plain search counts %d", got, err, want)
	}
}

func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Count(ctx, new(Board)); !errors.Is(err, context.Canceled) {
		t.Errorf("Count on a cancelled context: %v", err)
	}
	// Many boards without solution take long to refute; this one is quick,
	// so only check that a cancelled Solve does not claim a wrong answer.
	a, err := Solve(ctx, new(Board))
	if err == nil && !a.Solved {
		t.Errorf("cancelled Solve says no solution")
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct{ text, err string }{
		{".\n..\n...\n....\n.....\n......\n.......\n........\n.........\n..........", ""},
		{"C\nCC\nC..\n....\n.....\n......\n.......\n........\n.........\n..........", "the cells marked C do not make piece C's shape"},
		{"A\nA.\n...\n....\n.....\n......\n.......\n........\n.........\n..........", "the cells marked A do not make piece A's shape"},
		{"A\nAA\n...\n....\n.....\n......\n.......\n........\n.........\n.........A", "piece A"},
		{"B\nB.\nB..\nB...\n.....\n......\n.......\n........\n.........\n..........", ""},
		{"J\nJJ\n...\n....\n.....\n......\n.......\n........\n.........\n..........", "piece J"},
	} {
		b, err := ParseBoard(tc.text)
		if err != nil {
			t.Fatal(err)
		}
		err = Validate(b)
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("Validate(%q) = %v, want %q", tc.text, err, tc.err)
		}
	}
	var b Board
	b.Set(4, 2, 'x')
	if err := Validate(&b); err == nil || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("Validate with 'x' set: %v", err)
	}
}

func BenchmarkSolveEmpty(b *testing.B) {
	for b.Loop() {
		if a, err := solve(context.Background(), new(Board), nil, 1); err != nil || !a.Solved {
			b.Fatal(a, err)
		}
	}
}

func BenchmarkSolveFourPieces(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 6))
	var puzzles []*Board
	for range 8 {
		full := randomSolution(rng)
		keep := map[byte]bool{}
		for _, p := range rng.Perm(NumPieces)[:4] {
			keep['A'+byte(p)] = true
		}
		puzzles = append(puzzles, keepPieces(full, keep))
	}
	i := 0
	for b.Loop() {
		if a, err := solve(context.Background(), puzzles[i%len(puzzles)], nil, 1); err != nil || !a.Solved {
			b.Fatal(a, err)
		}
		i++
	}
}

func BenchmarkCountEmpty(b *testing.B) {
	for b.Loop() {
		if n, err := Count(context.Background(), new(Board)); n != 32288 || err != nil {
			b.Fatal(n, err)
		}
	}
}

// TestEmptyCover checks that the empty board's matrix, copied from the one
// built once, is the matrix the general way builds, and that searches on
// copies leave the original as it was.
func TestEmptyCover(t *testing.T) {
	all := func(int) bool { return true } // the general way, same rows
	built, err := newProblem(context.Background(), new(Board), nil, layout{keep: all})
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		copied, err := newProblem(context.Background(), new(Board), nil, layout{})
		if err != nil {
			t.Fatal(err)
		}
		c, b := copied.cover, built.cover
		if !slices.Equal(c.nodes, b.nodes) || !slices.Equal(c.size, b.size) ||
			!slices.Equal(c.next, b.next) || !slices.Equal(c.prev, b.prev) || !slices.Equal(c.rows, b.rows) ||
			copied.cover.tie != built.cover.tie ||
			copied.cover.empty != built.cover.empty || copied.cover.left != built.cover.left {
			t.Fatal("the empty board's copied matrix differs from the one built")
		}
		if &copied.cover.nodes[0] == &emptyCover().nodes[0] {
			t.Fatal("the empty board's matrix is shared, not copied")
		}
		// A search on the copy that stops midway, and a spoilt link: the
		// next copy must see neither.
		copied.cover.search(func([]int32) bool { return false })
		copied.cover.nodes[1].down, copied.cover.next[0] = -1, -1
	}
}
