package flip

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// pressMask is the set of cells (bit y*w+x) that pressing cell i flips,
// written out from the rules independently of Board.Press.
func pressMask(w, h, i int) uint64 {
	x, y := i%w, i/w
	m := uint64(1) << i
	for _, d := range [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		nx, ny := x+d[0], y+d[1]
		if nx >= 0 && nx < w && ny >= 0 && ny < h {
			m |= 1 << (ny*w + nx)
		}
	}
	return m
}

// fewestWays is, for one set of flipped cells, the fewest presses flipping
// exactly those cells (-1 for none) and how many press sets do: 1, or 2 for
// two or more.
type fewestWays struct{ fewest, ways int8 }

// bruteTable tries every subset of presses on a w×h board (w*h <= 25) and
// returns the fewestWays of every set of flipped cells.
func bruteTable(w, h int) []fewestWays {
	n := w * h
	table := make([]fewestWays, 1<<n)
	for i := range table {
		table[i] = fewestWays{-1, 0}
	}
	table[0] = fewestWays{0, 1}
	var flipped uint64
	for s := uint64(1); s < 1<<n; s++ {
		flipped ^= pressMask(w, h, bits.TrailingZeros64(s))
		presses := int8(bits.OnesCount64(s ^ s>>1))
		switch t := &table[flipped]; {
		case t.fewest < 0 || presses < t.fewest:
			*t = fewestWays{presses, 1}
		case presses == t.fewest:
			t.ways = 2
		}
	}
	return table
}

// bruteFewest is the fewest presses making black (the set of black cells)
// one colour, or -1, and how many press sets of that size do it (capped
// at 2).
func bruteFewest(table []fewestWays, n int, black uint64) (fewest, ways int) {
	toWhite, toBlack := table[black], table[black^(1<<n-1)]
	switch {
	case toWhite.fewest < 0 || (toBlack.fewest >= 0 && toBlack.fewest < toWhite.fewest):
		return int(toBlack.fewest), int(toBlack.ways)
	case toBlack.fewest == toWhite.fewest:
		return int(toWhite.fewest), min(int(toWhite.ways+toBlack.ways), 2)
	}
	return int(toWhite.fewest), int(toWhite.ways)
}

var table4x4 = sync.OnceValue(func() []fewestWays { return bruteTable(4, 4) })

func boardFromMask(w, h int, black uint64) *Board {
	b := &Board{W: w, H: h, Black: make([]bool, w*h)}
	for i := range b.Black {
		b.Black[i] = black>>i&1 == 1
	}
	return b
}

// checkAnswer applies a's presses to b and checks the result is one colour.
func checkAnswer(t *testing.T, b *Board, a *Answer) {
	t.Helper()
	if !a.Possible {
		if a.Presses != nil || a.Count != 0 || a.Color != "" || a.Minimal || a.Solutions != 0 {
			t.Fatalf("%v: impossible answer with fields set: %+v", b, a)
		}
		return
	}
	if len(a.Presses) != (len(b.Black)+7)/8 {
		t.Fatalf("%v: %d bytes of presses for %d cells", b, len(a.Presses), len(b.Black))
	}
	after := &Board{W: b.W, H: b.H, Black: append([]bool(nil), b.Black...)}
	count := 0
	for i := range 8 * len(a.Presses) {
		if a.Presses.Has(i) {
			if i >= len(b.Black) {
				t.Fatalf("%v: a press of cell %d, past the board", b, i)
			}
			after.Press(i)
			count++
		}
	}
	if count != a.Count {
		t.Fatalf("%v: Count %d, but %d presses", b, a.Count, count)
	}
	for i, black := range after.Black {
		if black != (a.Color == "b") {
			t.Fatalf("%v: after the presses, cell %d is not colour %q", b, i, a.Color)
		}
	}
}

func solveOrFatal(t *testing.T, b *Board) *Answer {
	t.Helper()
	a, err := Solve(context.Background(), b)
	if err != nil {
		t.Fatalf("%v: %v", b, err)
	}
	checkAnswer(t, b, a)
	return a
}

func TestAll4x4(t *testing.T) {
	table := table4x4()
	for black := range uint64(1 << 16) {
		b := boardFromMask(4, 4, black)
		a := solveOrFatal(t, b)
		want, ways := bruteFewest(table, 16, black)
		if got := a.Count; !a.Possible {
			got = -1
		} else if !a.Minimal {
			t.Fatalf("%v: 4x4 answer not proven minimal", b)
		} else if got != want || a.Solutions != ways {
			t.Fatalf("%v: got %d presses in %d ways, brute force %d in %d", b, got, a.Solutions, want, ways)
		}
	}
}

func TestSmallBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for w := 1; w <= 5; w++ {
		for h := 1; h <= 5; h++ {
			if testing.Short() && w*h > 20 {
				continue
			}
			n := w * h
			table := bruteTable(w, h)
			boards := 1 << n
			if boards > 4096 {
				boards = 300
			}
			for i := range boards {
				black := uint64(i)
				if boards < 1<<n {
					black = rng.Uint64N(1 << n)
				}
				b := boardFromMask(w, h, black)
				a := solveOrFatal(t, b)
				got := -1
				if a.Possible {
					got = a.Count
				}
				want, ways := bruteFewest(table, n, black)
				if got != want || (a.Possible && (!a.Minimal || a.Solutions != ways)) {
					t.Fatalf("%v: got %d presses in %d ways (minimal %v), brute force %d in %d", b, got, a.Solutions, a.Minimal, want, ways)
				}
			}
		}
	}
}

// gaussFewest solves the whole w*h-unknown press system by plain Gaussian
// elimination, without light chasing, and returns the fewest presses making
// the board colour target, or -1; it enumerates at most 2^16 solutions.
func gaussFewest(b *Board, target bool) int {
	n := len(b.Black)
	rows := make([][]bool, n) // row i: which presses flip cell i, then whether it must flip
	for i := range rows {
		rows[i] = make([]bool, n+1)
		for j := range n {
			rows[i][j] = pressMask2D(b.W, b.H, j, i)
		}
		rows[i][n] = b.Black[i] != target
	}
	var pivots []int
	for col := 0; col < n; col++ {
		r := len(pivots)
		p := r
		for p < n && !rows[p][col] {
			p++
		}
		if p == n {
			continue
		}
		rows[r], rows[p] = rows[p], rows[r]
		for i := range rows {
			if i != r && rows[i][col] {
				for j := range rows[i] {
					rows[i][j] = rows[i][j] != rows[r][j]
				}
			}
		}
		pivots = append(pivots, col)
	}
	for _, row := range rows[len(pivots):] {
		if row[n] {
			return -1
		}
	}
	isPivot := make([]bool, n)
	for _, col := range pivots {
		isPivot[col] = true
	}
	var free []int
	for col := range n {
		if !isPivot[col] {
			free = append(free, col)
		}
	}
	if len(free) > 16 {
		panic(fmt.Sprintf("null space of dimension %d too big", len(free)))
	}
	// Gray code over the free unknowns, tracking the pivot unknowns' values.
	values := make([]bool, len(pivots))
	count := 0
	for r := range pivots {
		values[r] = rows[r][n]
		count += boolInt(values[r])
	}
	best := count
	for s := 1; s < 1<<len(free); s++ {
		k := bits.TrailingZeros(uint(s))
		for r := range pivots {
			if rows[r][free[k]] {
				count += 1 - 2*boolInt(values[r])
				values[r] = !values[r]
			}
		}
		best = min(best, count+bits.OnesCount(uint(s^s>>1)))
	}
	return best
}

// pressMask2D reports whether pressing cell j of a w×h board flips cell i.
func pressMask2D(w, h, j, i int) bool {
	xj, yj, xi, yi := j%w, j/w, i%w, i/w
	dx, dy := xi-xj, yi-yj
	return dx*dx+dy*dy <= 1
}

func TestAgainstGauss(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sizes := [][2]int{{6, 6}, {7, 3}, {3, 11}, {9, 9}, {11, 11}, {12, 5}, {1, 17}, {17, 1}, {14, 14}, {16, 16}, {19, 19}}
	for _, size := range sizes {
		w, h := size[0], size[1]
		runs := 4
		if testing.Short() && w*h > 200 {
			runs = 2
		}
		for run := range runs {
			// Random boards of sizes with a big null space are nearly all
			// impossible, so half the boards are made of random presses.
			b, _ := NewBoard(w, h)
			for i := range b.Black {
				if run%2 == 0 {
					b.Black[i] = rng.IntN(2) == 1
				} else if rng.IntN(2) == 1 {
					b.Press(i)
				}
			}
			a := solveOrFatal(t, b)
			want := gaussFewest(b, true)
			if toWhite := gaussFewest(b, false); toWhite >= 0 && (want < 0 || toWhite < want) {
				want = toWhite
			}
			got := -1
			if a.Possible {
				got = a.Count
			}
			if got != want || (a.Possible && !a.Minimal) {
				t.Fatalf("%dx%d %v: got %d presses (minimal %v), Gaussian elimination %d", w, h, b, got, a.Minimal, want)
			}
		}
	}
}

// TestLargeBoards checks the answers of big boards by applying them; the
// boards are sums of presses, so they are all solvable.
func TestLargeBoards(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sizes := [][2]int{{64, 65}, {65, 64}, {130, 7}, {200, 200}, {39, 39}, {512, 512}, {1, 512}}
	for _, size := range sizes {
		b, _ := NewBoard(size[0], size[1])
		for range b.W * b.H / 3 {
			b.Press(rng.IntN(b.W * b.H))
		}
		if !solveOrFatal(t, b).Possible {
			t.Fatalf("%dx%d: a board made of presses is reported impossible", b.W, b.H)
		}
	}
}

func TestBigNullSpaceNotProven(t *testing.T) {
	// 39x39 has 2^32 quiet press sets: too many to try.
	b, _ := NewBoard(39, 39)
	b.Press(0)
	a := solveOrFatal(t, b)
	if !a.Possible || a.Minimal {
		t.Fatalf("39x39: got possible %v minimal %v, want true, false", a.Possible, a.Minimal)
	}
}

func TestSolveCancelled(t *testing.T) {
	b, _ := NewBoard(30, 30) // 2^20 quiet press sets to try
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Solve(ctx, b); err != context.Canceled {
		t.Fatalf("got error %v, want context.Canceled", err)
	}
}

func TestSolveBadBoard(t *testing.T) {
	for _, b := range []*Board{{W: 0, H: 3}, {W: 2, H: 2, Black: make([]bool, 3)}, {W: 513, H: 1, Black: make([]bool, 513)}} {
		if _, err := Solve(context.Background(), b); err == nil {
			t.Errorf("%dx%d board with %d cells: no error", b.W, b.H, len(b.Black))
		}
	}
}

// benchmarkSize solves a w×h board made of random presses: random boards of
// sizes with a big null space are nearly all impossible, which is quick.
func benchmarkSize(b *testing.B, w, h int) {
	rng := rand.New(rand.NewPCG(7, 8))
	board, _ := NewBoard(w, h)
	for i := range board.Black {
		if rng.IntN(2) == 1 {
			board.Press(i)
		}
	}
	for b.Loop() {
		if _, err := Solve(context.Background(), board); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAll4x4(b *testing.B) {
	boards := make([]*Board, 1<<16)
	for i := range boards {
		boards[i] = boardFromMask(4, 4, uint64(i))
	}
	for b.Loop() {
		for _, board := range boards {
			if _, err := Solve(context.Background(), board); err != nil {
				b.Fatal(err)
			}
		}
	}
}

func Benchmark20x20(b *testing.B)   { benchmarkSize(b, 20, 20) }
func Benchmark100x100(b *testing.B) { benchmarkSize(b, 100, 100) }
func Benchmark200x200(b *testing.B) { benchmarkSize(b, 200, 200) }
func Benchmark500x500(b *testing.B) { benchmarkSize(b, 500, 500) }

// A board wider than tall: chase rows run down its columns, so pack and
// unpack transpose it.
func Benchmark200x150(b *testing.B) { benchmarkSize(b, 200, 150) }

// 30x30 has a 20-dimensional null space: 2^20 press sets to compare.
func Benchmark30x30(b *testing.B) { benchmarkSize(b, 30, 30) }

// 39x39 has a 32-dimensional null space, beyond exhaustive search.
func Benchmark39x39(b *testing.B) { benchmarkSize(b, 39, 39) }

// pack and unpack agree with reading and writing one cell at a time, on
// rows ending just before, at and after every way of splitting them into
// words and bytes, in both orientations.
func TestPackOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 64))
	var sides []int
	for _, around := range []int{0, 64, 128, 192} {
		for d := -9; d <= 9; d++ {
			if n := around + d; n >= 1 && (len(sides) == 0 || n > sides[len(sides)-1]) {
				sides = append(sides, n)
			}
		}
	}
	for _, w := range sides {
		for _, h := range []int{1, w, w + 3} { // chase rows run along the longer side
			for _, size := range [][2]int{{w, h}, {h, w}} {
				b, _ := NewBoard(size[0], size[1])
				for i := range b.Black {
					b.Black[i] = rng.IntN(2) == 0
				}
				c := newChaser(b)
				want := make([]uint64, c.h*c.words)
				for r := range c.h {
					for j := range c.w {
						cell := r*c.w + j
						if c.transposed {
							cell = j*c.boardW + r
						}
						if b.Black[cell] {
							want[r*c.words+j/64] |= 1 << (j % 64)
						}
					}
				}
				if got := c.pack(make([]uint64, c.h*c.words), b.Black); !slices.Equal(got, want) {
					t.Fatalf("%dx%d: pack gives %x, want %x", b.W, b.H, got, want)
				}
				dirty := slices.Repeat([]uint64{^uint64(0)}, len(want)) // as from words.get
				if got := c.pack(dirty, b.Black); !slices.Equal(got, want) {
					t.Fatalf("%dx%d: pack into a used buffer gives %x, want %x", b.W, b.H, got, want)
				}
				if got := c.unpack(want); !slices.Equal(got, cellsOf(b.Black)) {
					t.Fatalf("%dx%d: unpack gives %x, want %x", b.W, b.H, got, cellsOf(b.Black))
				}
				past := slices.Clone(want) // bits past each row's end are not cells
				for r := range c.h {
					past[(r+1)*c.words-1] |= ^c.last
				}
				if got := c.unpack(past); !slices.Equal(got, cellsOf(b.Black)) {
					t.Fatalf("%dx%d: unpack with bits past the rows' ends gives %x, want %x", b.W, b.H, got, cellsOf(b.Black))
				}
			}
		}
	}
}

// cellsOf makes Cells one cell at a time, as its documentation says.
func cellsOf(black []bool) Cells {
	c := make(Cells, (len(black)+7)/8)
	for i, b := range black {
		if b {
			c[i/8] |= 1 << (i % 8)
		}
	}
	return c
}

// Has reads a bitmap as its documentation says, and nothing past its end.
func TestCellsHas(t *testing.T) {
	c := Cells{0b1000_0001, 0b0000_0100}
	for i := -1; i < 20; i++ {
		if want := i == 0 || i == 7 || i == 10; c.Has(i) != want {
			t.Errorf("Has(%d) = %v, want %v", i, !want, want)
		}
	}
}

// Packing cells into chase rows and back gives the same cells, on boards
// whose rows end anywhere within a byte or a word, in both orientations.
func TestPackUnpack(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 64))
	for _, w := range []int{1, 7, 8, 9, 63, 64, 65, 130} {
		for _, h := range []int{1, 8, 9, 66} {
			b, _ := NewBoard(w, h)
			for i := range b.Black {
				b.Black[i] = rng.IntN(2) == 0
			}
			c := newChaser(b)
			v := c.pack(make([]uint64, c.h*c.words), b.Black)
			if got := c.unpack(v); !slices.Equal(got, cellsOf(b.Black)) {
				t.Fatalf("%dx%d: unpack(pack(cells)) differs", w, h)
			}
			for r := range c.h { // bits past a row's end stay clear
				if last := v[r*c.words+c.words-1]; last&^c.last != 0 {
					t.Fatalf("%dx%d: row %d has bits past its end: %x", w, h, r, last)
				}
			}
		}
	}
}

// TestChaseOneByOne checks chase against chasing one cell at a time, on
// rows ending just before, at and after every number of words up to nine
// (the four-word steps and what is left after them), with and without
// cells to flip, and their complement, from a first row or none, in a
// buffer holding anything.
func TestChaseOneByOne(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for words := 1; words <= 9; words++ {
		for _, w := range []int{64*words - 1, 64 * words, 64*words + 1} {
			for _, h := range []int{1, 2, 3, 7} {
				c := newRows(w, h)
				n := c.words
				random := func(rows int) []uint64 {
					v := make([]uint64, rows*n)
					for r := range rows {
						for j := range w {
							v[r*n+j/64] |= uint64(rng.IntN(2)) << (j % 64)
						}
					}
					return v
				}
				cells := random(h)
				for _, first := range [][]uint64{random(1), nil} {
					for _, need := range []need{{cells, 0}, {cells, ^uint64(0)}, {nil, 0}, {nil, ^uint64(0)}} {
						// want[r] is row r's presses, want[h] what is left wrong.
						want := make([][]bool, h+1)
						want[0] = make([]bool, w)
						for j := range w {
							want[0][j] = first != nil && first[j/64]>>(j%64)&1 == 1
						}
						for r := range h {
							want[r+1] = make([]bool, w)
							for j := range w {
								wrong := need.flip != 0 != (need.cells != nil && need.cells[r*n+j/64]>>(j%64)&1 == 1)
								for _, k := range []int{j - 1, j, j + 1} {
									wrong = wrong != (k >= 0 && k < w && want[r][k])
								}
								wrong = wrong != (r > 0 && want[r-1][j])
								want[r+1][j] = wrong
							}
						}
						bitsOf := func(v []uint64) []bool {
							out := make([]bool, w)
							for j := range out {
								out[j] = v[j/64]>>(j%64)&1 == 1
							}
							return out
						}
						p := make([]uint64, c.chaseWords())
						for i := range p {
							p[i] = rng.Uint64()
						}
						presses, left := c.chase(first, need, p)
						if len(presses) != h*n || len(left) != n {
							t.Fatalf("w %d h %d: %d words of presses and %d left, want %d and %d", w, h, len(presses), len(left), h*n, n)
						}
						for r := range h {
							if got := bitsOf(presses[r*n:][:n]); !slices.Equal(got, want[r]) {
								t.Fatalf("w %d h %d first %v need %v flip %x: row %d presses %v, want %v", w, h, first != nil, need.cells != nil, need.flip, r, got, want[r])
							}
						}
						if !slices.Equal(bitsOf(left), want[h]) || left[n-1]&^c.last != 0 {
							t.Fatalf("w %d h %d first %v need %v flip %x: left wrong %x, want %v", w, h, first != nil, need.cells != nil, need.flip, left, want[h])
						}
					}
				}
			}
		}
	}
}

// xorCount and popcount, which take four words a turn, agree with one
// word at a time on every length up to three turns and a tail.
func TestWordLoops(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	ones := func(v []uint64) int {
		n := 0
		for _, x := range v {
			for j := range 64 {
				n += int(x >> j & 1)
			}
		}
		return n
	}
	for n := range 14 {
		a, b := make([]uint64, n), make([]uint64, n)
		for i := range n {
			a[i], b[i] = rng.Uint64(), rng.Uint64()
		}
		want := make([]uint64, n)
		for i := range n {
			want[i] = a[i] ^ b[i]
		}
		if got := popcount(a); got != ones(a) {
			t.Errorf("%d words: popcount %d, want %d", n, got, ones(a))
		}
		got := make([]uint64, n)
		if onesA, onesGot := xorCount(got, a, b); !slices.Equal(got, want) || onesA != ones(a) || onesGot != ones(want) {
			t.Errorf("%d words: xorCount gives %x, %d, %d; want %x, %d, %d", n, got, onesA, onesGot, want, ones(a), ones(want))
		}
	}
}

// wordCells keeps every bit where Cells reads it, whatever the machine's
// byte order.
func TestWordCells(t *testing.T) {
	rng := rand.New(rand.NewPCG(16, 17))
	for n := 1; n <= 3; n++ {
		words := make([]uint64, n)
		for i := range words {
			words[i] = rng.Uint64()
		}
		want := slices.Clone(words)
		cells := wordCells(words)
		for i := range 64 * n {
			if got := cells.Has(i); got != (want[i/64]>>(i%64)&1 == 1) {
				t.Fatalf("%d words %x: cell %d is %v", n, want, i, got)
			}
		}
	}
}

// transpose8 moves every bit of a random 8x8 matrix across the diagonal.
func TestTranspose8(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for range 100 {
		x := rng.Uint64()
		var want uint64
		for i := range 8 {
			for k := range 8 {
				want |= x >> (8*i + k) & 1 << (8*k + i)
			}
		}
		if got := transpose8(x); got != want {
			t.Fatalf("transpose8(%#x) = %#x, want %#x", x, got, want)
		}
	}
}
