package tetravex

import (
	"context"
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers/trace"
)

// TestTraceReplaysToTheAnswer traces random puzzles, whole and cut short,
// and checks that the replay ends on the judge's answer, that the cards
// laid before the Found step are that answer, that no card lies on two
// squares at once, and that the counters are the solver's.
func TestTraceReplaysToTheAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2))
	count := 300
	if testing.Short() {
		count = 60
	}
	ctx := context.Background()
	verdicts := map[bool]int{}
	for range count {
		p := randomPuzzle(1+rng.IntN(4), 1+rng.IntN(6), rng)
		a, nodes, err := solve(ctx, p, query{limit: 1}, nil)
		if err != nil {
			t.Fatal(err)
		}
		verdicts[a.Possible]++
		want := make([]int, len(p.Cards))
		for i := range want {
			want[i] = -1
		}
		if a.Possible {
			want = a.Place
		}
		for _, limit := range []int{1 << 20, 1 + rng.IntN(20)} {
			race := &raceTrace{limit: limit}
			traced, tracedNodes, err := solve(ctx, p, query{limit: 1, trace: race}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(traced, a) || tracedNodes != nodes {
				t.Fatalf("%v: traced %+v in %d nodes, untraced %+v in %d", p, traced, tracedNodes, a, nodes)
			}
			tr := race.result(p, traced, tracedNodes)
			if got := trace.Replay(tr.Start, tr.Steps); !slices.Equal(got, want) {
				t.Fatalf("%v limit %d: replay %v, answer %v", p, limit, got, want)
			}
			found, undos := 0, int64(0)
			c := trace.NewCursor(tr.Start, tr.Steps)
			for c.Forward() {
				s, _ := c.Step()
				switch s.Kind {
				case trace.Found:
					found++
					c.Back()
					if before := c.Board(); !tr.Truncated && !slices.Equal(before, s.Values) {
						t.Fatalf("%v: the cards laid %v are not the board found %v", p, before, s.Values)
					}
					c.Forward()
				case trace.Undo:
					undos++
				case trace.Choose, trace.Fail:
					if s.Note == "" && !tr.Truncated {
						t.Fatalf("%v: step %+v says nothing", p, s)
					}
					checkEdgesNamed(t, p, c.Board(), s)
				}
				seen := map[int]bool{}
				for _, card := range c.Board() {
					if card >= 0 && seen[card] {
						t.Fatalf("%v: card %d on two squares after step %d", p, card, c.At())
					}
					seen[card] = true
				}
			}
			last := tr.Steps[len(tr.Steps)-1]
			if found != a.Solutions || last.Nodes != race.nodes {
				t.Fatalf("%v limit %d: %d Found in %d nodes, the solver found %d in %d", p, limit, found, last.Nodes, a.Solutions, race.nodes)
			}
			if race.winner == race.searches[0] && nodes < turnNodes && race.nodes != nodes {
				t.Fatalf("%v: the first search decided alone in %d nodes, solve counts %d", p, race.nodes, nodes)
			}
			if !tr.Truncated && last.Backtracks != undos {
				t.Fatalf("%v: %d backtracks counted, %d Undo steps", p, last.Backtracks, undos)
			}
			if len(tr.Steps) > limit+2 {
				t.Fatalf("%v limit %d: %d steps", p, limit, len(tr.Steps))
			}
		}
	}
	if verdicts[true] < count/10 || verdicts[false] < count/10 {
		t.Fatalf("verdicts %v: the test wants both", verdicts)
	}
}

// edgeNamed is how a step names an edge that rejects cards.
var edgeNamed = regexp.MustCompile(`the edge (\d+) of the card (above|below|to its left|to its right)`)

// checkEdgesNamed checks that every edge s names is the edge that the
// card on that side of s.At shows it, on board.
func checkEdgesNamed(t *testing.T, p *Puzzle, board []int, s trace.Step) {
	t.Helper()
	n := p.N
	for _, m := range edgeNamed.FindAllStringSubmatch(s.Note, -1) {
		edge, _ := strconv.Atoi(m[1])
		var nb, face int
		switch m[2] {
		case "above":
			nb, face = s.At-n, Bottom
		case "below":
			nb, face = s.At+n, Top
		case "to its left":
			nb, face = s.At-1, Right
			if s.At%n == 0 {
				nb = -1
			}
		case "to its right":
			nb, face = s.At+1, Left
			if s.At%n == n-1 {
				nb = -1
			}
		}
		if nb < 0 || nb >= len(board) || board[nb] < 0 || p.Cards[board[nb]][face] != edge {
			t.Fatalf("%v board %v: step %q at %d names an edge no card shows", p, board, s.Note, s.At)
		}
	}
}

// TestTraceNamesRejections checks that a puzzle with a card that matches
// nothing shows a rejection for its edge.
func TestTraceNamesRejections(t *testing.T) {
	text := "2\n1 2 3 4\n5 6 7 1\n3 8 9 9\n7 9 9 8\n0\n"
	tr, err := Game{}.Trace(context.Background(), text, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Steps) == 0 || tr.Steps[0].Kind != trace.Choose {
		t.Fatalf("steps %+v", tr.Steps)
	}
	if !slices.ContainsFunc(tr.Steps, func(s trace.Step) bool {
		return s.Kind == trace.Fail && strings.Contains(s.Note, "cards 2, 3, 4 do not meet the edge 2 of the card to its left")
	}) {
		t.Fatalf("no step says why cards 2, 3 and 4 cannot follow card 1: %+v", tr.Steps)
	}
	if _, err := (Game{}).Trace(context.Background(), "x", 10); err == nil {
		t.Fatal("a bad puzzle traced")
	}
}

// TestTraceFromEveryCorner runs the search from each corner alone, as the
// race may let any of them decide, and checks that its steps name squares
// and edges on the board as given: every edge a step names is on the card
// beside its square, and the cards laid are a solution of the puzzle.
func TestTraceFromEveryCorner(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 3))
	for range 100 {
		p := randomPuzzle(2+rng.IntN(3), 1+rng.IntN(6), rng)
		turned := p
		for turn := range 4 {
			race := &raceTrace{limit: 1 << 20}
			s := newSolver(turned, query{limit: 1, trace: race}, turn)
			s.run(1 << 40)
			turned = turned.turned()
			steps := race.searches[0].r.Steps()
			empty := slices.Repeat([]int{-1}, len(p.Cards))
			c := trace.NewCursor(empty, steps)
			for c.Forward() {
				st, _ := c.Step()
				if st.Kind == trace.Choose || st.Kind == trace.Fail {
					checkEdgesNamed(t, p, c.Board(), st)
				}
				if st.Kind == trace.Found {
					checkPlacement(t, p, c.Board())
				}
			}
			if (s.solutions > 0) != slices.ContainsFunc(steps, func(st trace.Step) bool { return st.Kind == trace.Found }) {
				t.Fatalf("%v turn %d: %d solutions, steps %v", p, turn, s.solutions, steps)
			}
		}
	}
}
