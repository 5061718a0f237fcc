package ships

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers/trace"
)

// TestTraceReplaysToTheAnswer traces random boards, whole and cut short,
// and checks that the replay ends on the last grid the judge's search
// counts, that each Found step is a fleet of the seven ships over the
// hits, one per grid the search counts, that the verdict is the judge's
// and that the counters are the search's.
func TestTraceReplaysToTheAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 322))
	sizes := [][2]int{{5, 6}, {6, 5}, {4, 8}, {7, 7}, {6, 6}, {5, 8}, {10, 10}}
	count := 200
	if testing.Short() {
		count = 50
	}
	ctx := context.Background()
	answers := map[bool]int{}
	for k := range count {
		sz := sizes[k%len(sizes)]
		b := randomBoard(rng, sz[0], sz[1], k%5 == 4)
		v, err := judge(ctx, b, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		answers[v.win]++
		var grids []cellSet
		if v.why != tooSmall && v.why != tooManyHits {
			s := newSearch(ctx, b, nil)
			if _, err := s.enumerate(hitsLimit(b)); err != nil {
				t.Fatal(err)
			}
			grids = s.grids
		}
		for _, limit := range []int{1 << 20, 1 + rng.IntN(40)} {
			tr, err := Game{}.Trace(ctx, b.String(), limit)
			if err != nil {
				t.Fatal(err)
			}
			got := trace.Replay(tr.Start, tr.Steps)
			for i, ship := range got {
				if (ship != 0) != (len(grids) > 0 && grids[len(grids)-1].has(i)) {
					t.Fatalf("case %d %s limit %d: replay %v, last grid %v", k, b, limit, got, gridStrings(grids[len(grids)-1:], len(b.Cells)))
				}
			}
			last := tr.Steps[len(tr.Steps)-1]
			if strings.HasPrefix(last.Note, "Yes") != v.win || last.Nodes != v.nodes {
				t.Fatalf("case %d %s: verdict %q after %d nodes; the judge says %v after %d", k, b, last.Note, last.Nodes, v.win, v.nodes)
			}
			if tr.Truncated {
				continue
			}
			found, undos := 0, int64(0)
			for _, s := range tr.Steps {
				switch s.Kind {
				case trace.Found:
					found++
					checkFleet(t, b, s.Values)
				case trace.Undo:
					undos++
				}
			}
			if found != len(grids) || last.Backtracks != undos {
				t.Fatalf("case %d %s: %d Found, %d backtracks for %d Undo steps; the search counts %d grids", k, b, found, last.Backtracks, undos, len(grids))
			}
		}
	}
	if answers[true] == 0 || answers[false] == 0 {
		t.Fatalf("answers %v: the test wants both", answers)
	}
}

// checkFleet checks that board holds the seven ships, four cells each,
// over every hit and on no miss.
func checkFleet(t *testing.T, b *Board, board []int) {
	t.Helper()
	var cells [8]int
	for i, ship := range board {
		cells[ship]++
		if b.Cells[i] == 'x' && ship == 0 || b.Cells[i] == 'o' && ship != 0 {
			t.Fatalf("%s: fleet %v leaves a hit or covers a miss at %d", b, board, i)
		}
	}
	for ship := 1; ship <= 7; ship++ {
		if cells[ship] != 4 {
			t.Fatalf("%s: fleet %v has %d cells of ship %d", b, board, cells[ship], ship)
		}
	}
}

// TestTraceVerdicts checks the verdict's reasons on boards decided
// before any search.
func TestTraceVerdicts(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"5 5\n.....\n.....\n.....\n.....\n.....\n0 0\n", "fewer than the 28"},
		{"5 6\nxxxxx\nxxxxx\nxxxxx\nxxxxx\nxxxxx\nxxxxx\n0 0\n", "more hits"},
	} {
		tr, err := Game{}.Trace(context.Background(), c.text, 10)
		if err != nil {
			t.Fatal(err)
		}
		if last := tr.Steps[len(tr.Steps)-1]; !strings.Contains(last.Note, c.want) {
			t.Errorf("%q: verdict %q, want %q in it", c.text, last.Note, c.want)
		}
	}
	if _, err := (Game{}).Trace(context.Background(), "no", 10); err == nil {
		t.Fatal("a bad board traced")
	}
}
