package tetravex

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gridsolve/solvers/play"
)

// Every size the page offers and every level, a hundred seeds each (a few
// with -short): each deal is solvable with a unique picture, uses the
// level's values, comes back the same from the same options (checked on
// the first seeds), and Solve decides it within solveBudget search nodes,
// which BenchmarkSolveGenerated shows to take well under a second.
func TestGenerateSolvesWithinBudget(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	seeds := 100
	if testing.Short() {
		seeds = 3
	}
	for n := 2; n <= MaxN; n++ {
		for level := 1; level <= 3; level++ {
			t.Run(fmt.Sprintf("%dx%d/level%d", n, n, level), func(t *testing.T) {
				t.Parallel()
				for seed := range seeds {
					checkDeal(t, play.Options{W: n, Level: level, Seed: uint64(seed)}, seed < 3)
				}
			})
		}
	}
}

// checkDeal checks the deal of o as TestGenerateSolvesWithinBudget says,
// dealing it twice if again.
func checkDeal(t *testing.T, o play.Options, again bool) {
	t.Helper()
	text, err := Game{}.Generate(context.Background(), o)
	if err != nil {
		t.Fatalf("Generate(%+v): %v", o, err)
	}
	p, err := ParsePuzzle(text)
	if err != nil {
		t.Fatalf("Generate(%+v) = %q: %v", o, text, err)
	}
	if p.N != o.W {
		t.Fatalf("Generate(%+v) made a %d×%d board", o, p.N, p.N)
	}
	for _, c := range p.Cards {
		for _, v := range c {
			if v >= levelValues(o.W, o.Level) {
				t.Fatalf("Generate(%+v) = %q: value %d at level %d", o, text, v, o.Level)
			}
		}
	}
	// Solve as the page does, counting solutions up to two; stopped
	// past the budget, not to run for minutes on a deal that fails.
	a, nodes, err := solveWithin(context.Background(), p, solveBudget)
	if err != nil || a == nil || nodes > solveBudget {
		t.Fatalf("Generate(%+v) = %q: not decided within %d nodes (%d nodes, %v)", o, text, solveBudget, nodes, err)
	}
	if a.Solutions != 1 {
		t.Fatalf("Generate(%+v) = %q: %d solutions, want 1", o, text, a.Solutions)
	}
	checkPlacement(t, p, a.Place)
	if again {
		if second, _ := (Game{}).Generate(context.Background(), o); second != text {
			t.Fatalf("Generate(%+v) twice: %q, then %q", o, text, second)
		}
	}
}

func TestGenerateRejectsBadOptions(t *testing.T) {
	for _, o := range []play.Options{{W: 1, Level: 1}, {W: MaxN + 1, Level: 1}, {W: 4, Level: 0}, {W: 4, Level: 4}} {
		if text, err := (Game{}).Generate(context.Background(), o); err == nil {
			t.Errorf("Generate(%+v) = %q, want an error", o, text)
		}
	}
}

// picturesWith lists every picture the cards of p make that shows, at
// each cell where board has a card, that card's values: plain backtracking
// over the cards, trying equal cards once per cell.
func picturesWith(p *Puzzle, board []int) [][]Card {
	picture := make([]Card, len(p.Cards))
	used := make([]bool, len(p.Cards))
	var found [][]Card
	var place func(pos int)
	place = func(pos int) {
		if pos == len(picture) {
			found = append(found, append([]Card(nil), picture...))
			return
		}
		tried := map[Card]bool{}
		for i, c := range p.Cards {
			if used[i] || tried[c] || !fits(p.N, picture, pos, c) || board[pos] >= 0 && p.Cards[board[pos]] != c {
				continue
			}
			tried[c] = true
			used[i], picture[pos] = true, c
			place(pos + 1)
			used[i] = false
		}
	}
	place(0)
	return found
}

// randomPosition lays some cards of a solution of p on the board, and
// sometimes a wrong card or two, and writes the board as Hint reads it.
func randomPosition(p *Puzzle, place []int, rng *rand.Rand) ([]int, string) {
	board := make([]int, len(place))
	for pos := range board {
		board[pos] = -1
		if rng.IntN(2) == 0 {
			board[pos] = place[pos]
		}
	}
	if rng.IntN(2) == 0 {
		a, b := rng.IntN(len(board)), rng.IntN(len(board))
		board[a], board[b] = board[b], board[a]
	}
	var fields []string
	for _, i := range board {
		if i < 0 {
			fields = append(fields, "-")
		} else {
			fields = append(fields, strconv.Itoa(i))
		}
	}
	return board, strings.Join(fields, " ")
}

// randomHint deals a 2×2 or 3×3 puzzle with 1 to 4 values, lays a random
// position from a solution (see randomPosition) and returns Hint's answer.
// The solver's answer only builds the position; the tests check the hint
// against picturesWith.
func randomHint(t *testing.T, rng *rand.Rand) (p *Puzzle, board []int, position string, h play.Hint) {
	t.Helper()
	p = Generate(2+rng.IntN(2), 1+rng.IntN(4), rng)
	a, err := Solve(context.Background(), p, nil)
	if err != nil {
		t.Fatal(err)
	}
	board, position = randomPosition(p, a.Place, rng)
	h, err = Game{}.Hint(context.Background(), p.String(), position)
	if err != nil {
		t.Fatalf("%v %q: %v", p, position, err)
	}
	return p, board, position, h
}

// Every hint is checked against all the pictures the position allows.
func TestHintAgainstBacktracking(t *testing.T) {
	t.Parallel() // a slow oracle: runs beside the other slow tests
	rng := rand.New(rand.NewPCG(11, 12))
	count := 600
	if testing.Short() {
		count = 150
	}
	kinds := map[string]int{}
	for range count {
		p, board, position, h := randomHint(t, rng)
		pictures := picturesWith(p, board)
		switch {
		case len(pictures) == 0:
			kinds["remove"]++
			if h.Move != "remove" || len(h.Cells) != 1 || board[h.Cells[0]] < 0 {
				t.Fatalf("%v %q: no solution keeps the board, but the hint is %+v", p, position, h)
			}
			before := slices.Clone(board)
			for pos := h.Cells[0] + 1; pos < len(before); pos++ {
				before[pos] = -1
			}
			if len(picturesWith(p, before)) > 0 {
				t.Fatalf("%v %q: hint %+v, but a solution keeps the cards up to that one", p, position, h)
			}
			before[h.Cells[0]] = -1
			if len(picturesWith(p, before)) == 0 {
				t.Fatalf("%v %q: hint %+v, but no solution keeps even the cards before it", p, position, h)
			}
		case !slices.Contains(board, -1):
			kinds["solved"]++
			if h.Cells != nil || h.Move != "" {
				t.Fatalf("%v %q: solved, but the hint is %+v", p, position, h)
			}
		default:
			if len(h.Cells) != 1 || board[h.Cells[0]] >= 0 {
				t.Fatalf("%v %q: hint %+v is not about one empty cell", p, position, h)
			}
			card, err := strconv.Atoi(h.Move)
			if err != nil || card < 0 || card >= len(p.Cards) || slices.Contains(board, card) {
				t.Fatalf("%v %q: hint %+v does not name a card off the board", p, position, h)
			}
			with := 0
			for _, pic := range pictures {
				if pic[h.Cells[0]] == p.Cards[card] {
					with++
				}
			}
			isForced := !strings.Contains(h.Reason, "part of")
			if isForced {
				kinds["forced"]++
			} else {
				kinds["solution"]++
			}
			if with == 0 || isForced && with < len(pictures) {
				t.Fatalf("%v %q: hint %+v is in %d of the %d solutions", p, position, h, with, len(pictures))
			}
		}
	}
	t.Logf("hints by kind: %v", kinds)
	for _, kind := range []string{"remove", "solved", "forced", "solution"} {
		if kinds[kind] < count/50 {
			t.Errorf("only %d hints of kind %s in %d: %v", kinds[kind], kind, count, kinds)
		}
	}
}

func TestHintRejectsBadInput(t *testing.T) {
	puzzle := "2\n1 2 3 4\n3 4 1 2\n1 2 3 4\n3 4 1 2\n"
	for _, position := range []string{"", "- - -", "- - - - -", "0 1 2 x", "0 1 2 4", "0 -1 - -", "0 0 - -"} {
		if h, err := (Game{}).Hint(context.Background(), puzzle, position); err == nil {
			t.Errorf("Hint(%q) = %+v, want an error", position, h)
		}
	}
	if h, err := (Game{}).Hint(context.Background(), "2\n1 2 3\n", "- - - -"); err == nil {
		t.Errorf("Hint of a bad puzzle = %+v, want an error", h)
	}
}

// Any position text gets a hint about the board or an error, never a panic.
func FuzzHint(f *testing.F) {
	p := Generate(3, 3, rand.New(rand.NewPCG(13, 14)))
	for _, s := range []string{"- - - - - - - - -", "0 1 2 3 4 5 6 7 8", "8 - 7 - 6 - 5 - 4", "0 0 - - - - - - -", "1\t2\n-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, position string) {
		board, err := ParsePosition(p, position)
		h, herr := Game{}.Hint(context.Background(), p.String(), position)
		if (err == nil) != (herr == nil) {
			t.Fatalf("ParsePosition error %v but Hint error %v", err, herr)
		}
		if err != nil {
			return
		}
		seen := map[int]bool{}
		for _, i := range board {
			if i < -1 || i >= len(p.Cards) || i >= 0 && seen[i] {
				t.Fatalf("ParsePosition(%q) = %v", position, board)
			}
			seen[i] = true
		}
		for _, pos := range h.Cells {
			if pos < 0 || pos >= len(board) {
				t.Fatalf("Hint(%q) = %+v: cell off the board", position, h)
			}
		}
	})
}

// reasonCard reads back the card and the cell a hint's reason names, as a
// person reads them: "Card 3 goes at row 1, column 2" names the card the
// page labels 3 and the cell at the given row and column, both from 1.
var reasonCard = regexp.MustCompile(`^Card (\d+) (?:goes at|at|is in no solution at) row (\d+), column (\d+)\b`)

// The card a hint's reason names is the card as the page labels it (its
// index plus one), the card Move names or the one to take back, and one
// that the pictures the position allows (found by backtracking) put at
// the cell the reason names, which is the hint's cell.
func TestHintReasonNamesCardsAsShown(t *testing.T) {
	rng := rand.New(rand.NewPCG(27, 1))
	count := 400
	if testing.Short() {
		count = 100
	}
	named := 0
	for range count {
		p, board, position, h := randomHint(t, rng)
		n := p.N
		if h.Move == "" {
			continue // solved: no card to name
		}
		m := reasonCard.FindStringSubmatch(h.Reason)
		if m == nil {
			t.Fatalf("%v %q: reason %q names no card and cell", p, position, h.Reason)
		}
		label, _ := strconv.Atoi(m[1])
		row, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		card, cell := label-1, (row-1)*n+col-1
		if len(h.Cells) != 1 || row < 1 || row > n || col < 1 || col > n || cell != h.Cells[0] {
			t.Fatalf("%v %q: hint %+v: the reason names row %d, column %d", p, position, h, row, col)
		}
		if card < 0 || card >= len(p.Cards) {
			t.Fatalf("%v %q: hint %+v: the reason names card %d of %d", p, position, h, label, len(p.Cards))
		}
		if h.Move == "remove" {
			if board[cell] != card {
				t.Fatalf("%v %q: hint %+v names card %d, but card %d lies there", p, position, h, label, board[cell]+1)
			}
			named++
			continue
		}
		if move, err := strconv.Atoi(h.Move); err != nil || move != card {
			t.Fatalf("%v %q: hint %+v: Move is not the card the reason names (%d, index %d)", p, position, h, label, card)
		}
		if !slices.ContainsFunc(picturesWith(p, board), func(pic []Card) bool { return pic[cell] == p.Cards[card] }) {
			t.Fatalf("%v %q: hint %+v: no solution puts card %d at row %d, column %d", p, position, h, label, row, col)
		}
		named++
	}
	if named < count/2 {
		t.Errorf("only %d of %d hints named a card", named, count)
	}
}
