package iq

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"
)

// The rectangle's tests: its text, and its counts against the plain search
// of brute_test.go, symmetric boards included.

const (
	rectEmpty  = "rectangle 11x5\n...........\n...........\n...........\n...........\n...........\n"
	rectCorner = "rectangle 11x5\nAA.........\nA..........\n...........\n...........\n...........\n"
)

// rectBoard reads a rectangle given as its five rows, one string with '/'
// between them.
func rectBoard(t testing.TB, rows string) *Board {
	t.Helper()
	b, err := ParseBoard("rectangle 11x5\n" + strings.ReplaceAll(rows, "/", "\n"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestRectangleText(t *testing.T) {
	b, err := ParseBoard(rectCorner)
	if err != nil {
		t.Fatal(err)
	}
	if b.Kind() != Rectangle || b.At(0, 1) != 'A' || b.At(1, 0) != 'A' || b.At(1, 1) != Empty || b.At(4, 10) != Empty {
		t.Fatalf("ParseBoard(%q) = %v %q", rectCorner, b.Kind(), b)
	}
	if got := b.String(); got != rectCorner {
		t.Errorf("String() = %q, want %q", got, rectCorner)
	}
	if got := NewBoard(Rectangle).String(); got != rectEmpty {
		t.Errorf("empty rectangle = %q, want %q", got, rectEmpty)
	}
	// Blank lines, spaces around the header's words, trailing spaces and
	// carriage returns do not matter.
	loose := "\n  rectangle  11x5 \r\n" + strings.ReplaceAll(strings.TrimPrefix(rectCorner, "rectangle 11x5\n"), "\n", " \r\n\n")
	if got, err := ParseBoard(loose); err != nil || *got != *b {
		t.Errorf("ParseBoard(%q) = %q, %v", loose, got, err)
	}
	b.Set(4, 10, 'L')
	if b.At(4, 10) != 'L' || strings.Count(b.String(), "L") != 1 {
		t.Errorf("Set(4, 10) gives %q", b)
	}
	rows := strings.TrimPrefix(rectCorner, "rectangle 11x5\n")
	for _, tc := range []struct{ in, err string }{
		{"rectangle\n" + rows, `line 1: want the header "rectangle 11x5"`},
		{"rectangle 5x11\n" + rows, `line 1: want the header "rectangle 11x5"`},
		{"rectangle 11x5 x\n" + rows, `line 1: want the header`},
		{"rectangle 11x5\n", "no board in the input"},
		{"rectangle 11x5\n...........\n", "last board has 1 lines, want 5"},
		{rectCorner + "...........\n", "line 7: want 5 lines, got more"},
		{strings.Replace(rectCorner, "A..........", "A.........", 1), "line 3: want 11 cells, got 10"},
		{strings.Replace(rectCorner, "A..........", "A...........", 1), "line 3: want 11 cells, got 12"},
		{strings.Replace(rectCorner, "A..........", "A.........x", 1), "line 3: unexpected character 'x'"},
		{strings.Replace(rectCorner, "A..........", "A.........M", 1), "line 3: unexpected character 'M'"},
	} {
		if _, err := ParseBoard(tc.in); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("ParseBoard(%q) = %v, want %q", tc.in, err, tc.err)
		}
	}
	// A rectangle is no judge input: Judge reads triangles only, as ever.
	if _, err := judge(t, rectCorner); err == nil {
		t.Error("Judge read a rectangle")
	}
}

func TestRectangleValidate(t *testing.T) {
	for _, tc := range []struct{ rows, err string }{
		{"AA........./A........../.........../.........../...........", ""},
		{"AAA......../.........../.........../.........../...........", "the cells marked A do not make piece A's shape"},
		{"A........../.........../.........../.........../..........A", "the cells marked A"},
		{"BBBB......./.........../.........../.........../...........", ""},
		{"B........../B........../B........../B........../...........", ""},
		{"........B../........B../........B../........B../...........", ""},
		{"..........B/..........B/..........B/..........B/...........", ""},
		{".........BB/.........BB/.........../.........../...........", "piece B"},
	} {
		err := Validate(rectBoard(t, tc.rows))
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("Validate(%q) = %v, want %q", tc.rows, err, tc.err)
		}
	}
}

// TestRectangleSymmetricCounts counts boards that are their own image
// under some of the rectangle's symmetries, which Count cuts down (see
// symmetryCut), against the plain search.
func TestRectangleSymmetricCounts(t *testing.T) {
	for _, tc := range []struct {
		rows  string
		times int64
	}{
		// X in the middle, U under it: the left-right mirror only.
		{".........../.....J...../....JJJ..../....GJG..../....GGG....", 2},
		// X in the middle, U on its side at the left edge: the top-bottom
		// mirror only.
		{".........../GG...J...../G...JJJ..../GG...J...../...........", 2},
		// Not symmetric at all.
		{"AA........./A........../.....J...../....JJJ..../.....J.....", 1},
	} {
		b := rectBoard(t, tc.rows)
		if _, times := symmetryCut(b); times != tc.times {
			t.Fatalf("board\n%s\nseen as %d images of each solution, want %d", b, times, tc.times)
		}
		if testing.Short() || tc.times == 1 {
			continue
		}
		got, err := Count(context.Background(), b)
		if want := naiveCount(b); got != want || err != nil {
			t.Fatalf("Count = %d, %v; plain search counts %d:\n%s", got, err, want, b)
		}
	}
	// X in the middle keeps the board its own image under all three.
	x := rectBoard(t, ".........../.....J...../....JJJ..../.....J...../...........")
	if _, times := symmetryCut(x); times != 4 {
		t.Fatalf("X in the middle: %d images of each solution, want 4", times)
	}
	if _, times := symmetryCut(NewBoard(Rectangle)); times != 4 {
		t.Fatalf("the empty rectangle: %d images of each solution, want 4", times)
	}
}

// TestCountPartRectangle checks that the parts of a count add up to the
// plain search's count, on rectangles with three pieces of a solution.
func TestCountPartRectangle(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	boards := 3
	if testing.Short() {
		boards = 1
	}
	for range boards {
		keep := map[byte]bool{}
		for _, p := range rng.Perm(NumPieces)[:4] {
			keep['A'+byte(p)] = true
		}
		b := keepPieces(randomSolution(rng, Rectangle), keep)
		want := naiveCount(b)
		for _, parts := range []int{1, 3} {
			var sum int64
			for part := range parts {
				n, err := CountPart(context.Background(), b.String(), part, parts, nil)
				if err != nil {
					t.Fatal(err)
				}
				sum += n
			}
			if sum != want {
				t.Fatalf("CountPart over %d parts adds up to %d; plain search counts %d:\n%s", parts, sum, want, b)
			}
		}
	}
}

func BenchmarkCountEmptyRectangle(b *testing.B) {
	var n int64
	for b.Loop() {
		var err error
		if n, err = Count(context.Background(), NewBoard(Rectangle)); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n), "solutions")
}

func BenchmarkSolveEmptyRectangle(b *testing.B) {
	for b.Loop() {
		if a, err := solve(context.Background(), NewBoard(Rectangle), nil, 1); err != nil || !a.Solved {
			b.Fatal(a, err)
		}
	}
}
