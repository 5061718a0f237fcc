package iq

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers/trace"
)

// randomPuzzle lays up to n pieces at random places that fit on an empty
// board of kind k: many such boards have no completion, many several.
func randomPuzzle(rng *rand.Rand, k Kind, n int) *Board {
	b := NewBoard(k)
	for range n {
		for range 50 {
			p := rng.IntN(NumPieces)
			if b.Place(p, rng.IntN(len(orientations[p])), rng.IntN(k.Rows()), rng.IntN(k.Cols())) == nil {
				break
			}
		}
	}
	return b
}

// answerBoard returns the trace board of a's rows, or of start when there
// is no solution.
func answerBoard(a *Answer, start []int) []int {
	if !a.Solved {
		return start
	}
	cells := make([]int, NumCells)
	for i, v := range strings.Join(a.Rows, "") {
		if v != Empty {
			cells[i] = int(v-'A') + 1
		}
	}
	return cells
}

// TestTraceReplaysToTheAnswer traces random boards of both kinds, whole
// and cut short, and checks that the replay ends on the solver's own
// answer, that the trace's counters are the solver's, and that each
// Choose step picks a column with the fewest options.
func TestTraceReplaysToTheAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 24))
	n := 200
	if testing.Short() {
		n = 30
	}
	ctx := context.Background()
	solved := 0
	for i := range n {
		b := randomPuzzle(rng, Kind(i%2), 2+rng.IntN(7))
		a, err := solve(ctx, b, nil, 1)
		if err != nil {
			t.Fatal(err)
		}
		traced, backtracks, err := solveCounting(trace.With(ctx, trace.NewRecorder(0)), b, nil, 1, layout{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(a, traced) {
			t.Fatalf("board\n%s: traced %+v, untraced %+v", b, traced, a)
		}
		if a.Solved {
			solved++
		}
		for _, limit := range []int{1 << 20, 1 + rng.IntN(30)} {
			tr, err := Game{}.Trace(ctx, b.String(), limit)
			if err != nil {
				t.Fatal(err)
			}
			want := answerBoard(a, traceBoard(b))
			if got := trace.Replay(tr.Start, tr.Steps); !slices.Equal(got, want) {
				t.Fatalf("board\n%s limit %d: replay %v, answer %v", b, limit, got, want)
			}
			if !slices.Equal(tr.Start, traceBoard(b)) {
				t.Fatalf("board\n%s: start %v", b, tr.Start)
			}
			found, undos := 0, int64(0)
			for i, s := range tr.Steps {
				switch s.Kind {
				case trace.Found:
					found++
					if laid := trace.Replay(tr.Start, tr.Steps[:i]); !tr.Truncated && !slices.Equal(laid, want) {
						t.Fatalf("board\n%s: the pieces laid %v are not the answer %v", b, laid, want)
					}
				case trace.Undo:
					undos++
				case trace.Choose:
					if !tr.Truncated && len(s.Options) != TraceColumns {
						t.Fatalf("board\n%s: a Choose step has %d options", b, len(s.Options))
					}
					board := trace.Replay(tr.Start, tr.Steps[:i])
					for col, o := range s.Options { // the search stops looking at a column of one
						if open := openColumn(board, col); !open && o != 0 || open && o < s.Options[s.At] && s.Options[s.At] > 1 {
							t.Fatalf("board\n%s: column %d chosen with %d options, another has %d", b, s.At, s.Options[s.At], o)
						}
					}
				}
			}
			last := tr.Steps[len(tr.Steps)-1]
			if found != a.Solutions || last.Nodes != a.Nodes {
				t.Fatalf("board\n%s limit %d: %d Found, %d nodes; the solver found %d in %d nodes", b, limit, found, last.Nodes, a.Solutions, a.Nodes)
			}
			if len(tr.Steps) > limit+2 || tr.Truncated != (limit < 1<<20 && tr.Truncated) {
				t.Fatalf("board\n%s limit %d: %d steps", b, limit, len(tr.Steps))
			}
			if !tr.Truncated && last.Backtracks != undos || last.Backtracks != backtracks && !a.Solved {
				t.Fatalf("board\n%s: %d backtracks counted, %d Undo steps", b, last.Backtracks, undos)
			}
		}
	}
	if solved == 0 || solved == n {
		t.Fatalf("%d of %d boards solved: the test wants both kinds", solved, n)
	}
}

// openColumn reports whether column col is open on a trace board: its
// cell empty, or its piece not on the board.
func openColumn(board []int, col int) bool {
	if col < NumCells {
		return board[col] == 0
	}
	return !slices.Contains(board, col-NumCells+1)
}

// TestTraceEmptyBoard checks the Choose steps of the empty triangle: all
// 67 columns open at first.
func TestTraceEmptyBoard(t *testing.T) {
	tr, err := Game{}.Trace(context.Background(), new(Board).String(), 100)
	if err != nil {
		t.Fatal(err)
	}
	first := tr.Steps[0]
	if first.Kind != trace.Choose || slices.Contains(first.Options, 0) || first.Note == "" {
		t.Fatalf("first step %+v, want a Choose with every column open", first)
	}
	if _, err := (Game{}).Trace(context.Background(), "no board", 100); err == nil {
		t.Fatal("a bad board traced")
	}
}
