package iq_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/iq"
	"gridsolve/solvers/jsonw/jsonwtest"
)

// The worker finds IQ's count through this interface.
var _ solvers.Operator = iq.Game{}

// countBoard is three pieces of a solution of the empty IQ board: a board
// with dozens of completions, counted in milliseconds, and their number.
func countBoard(t testing.TB) (*iq.Board, int64) {
	a, err := iq.Solve(context.Background(), &iq.Board{})
	if err != nil || !a.Solved {
		t.Fatalf("the empty board does not solve: %+v, %v", a, err)
	}
	text := ""
	for _, row := range a.Rows {
		for _, l := range row {
			if !strings.ContainsRune("ABC", l) {
				l = iq.Empty
			}
			text += string(l)
		}
		text += "\n"
	}
	b, err := iq.ParseBoard(text)
	if err != nil {
		t.Fatal(err)
	}
	want, err := iq.Count(context.Background(), b)
	if err != nil || want < 2 {
		t.Fatalf("native Count = %d, %v; the test wants a board with several completions:\n%s", want, err, b)
	}
	return b, want
}

// runCount runs OpCount on b with arg as the part.
func runCount(b *iq.Board, arg string) (iq.CountAnswer, error) {
	a, err := iq.Game{}.Run(context.Background(), iq.OpCount, b.String(), arg, nil)
	n, _ := a.(iq.CountAnswer)
	if err == nil && a == nil {
		return 0, fmt.Errorf("no answer and no error")
	}
	return n, err
}

// A count split into parts adds up to the native count, and a malformed
// part is an error, not a panic.
func TestRunCount(t *testing.T) {
	if ops := (iq.Game{}).Ops(); !slices.Equal(ops, []solvers.Op{iq.OpCount}) {
		t.Fatalf("Ops() = %v, want [count]", ops)
	}
	b, want := countBoard(t)
	split := false // some part counted some completions, not all
	for _, parts := range []int{1, 3, 8} {
		var sum iq.CountAnswer
		for part := range parts {
			n, err := runCount(b, fmt.Sprintf("%d %d", part, parts))
			if err != nil {
				t.Fatalf("part %d of %d: %v", part, parts, err)
			}
			jsonwtest.Same(t, n)
			sum += n
			split = split || n > 0 && int64(n) < want
		}
		if int64(sum) != want {
			t.Errorf("%d parts add up to %d; native Count gives %d", parts, sum, want)
		}
	}
	if !split {
		t.Error("no part counted a share of the completions: the board does not test splitting")
	}
	for _, c := range []struct{ arg, want string }{
		{"", "two numbers"},
		{"1 x", "two numbers"},
		{"1 2 3", "two numbers"},
		{"2 2", "part 2 of 2"},
		{"-1 2", "part -1 of 2"},
	} {
		if n, err := runCount(b, c.arg); err == nil || !strings.Contains(err.Error(), c.want) || n != 0 {
			t.Errorf("part %q: %d, %v; want an error about %q", c.arg, n, err, c.want)
		}
	}
	for _, op := range []solvers.Op{"replay", solvers.OpSolve, "Count"} {
		if a, err := (iq.Game{}).Run(context.Background(), op, b.String(), "0 1", nil); err == nil || a != nil {
			t.Errorf("op %q: %v, %v; want an error", op, a, err)
		}
	}
	if a, err := (iq.Game{}).Run(context.Background(), iq.OpCount, "zz", "0 1", nil); err == nil || a != nil {
		t.Errorf("a malformed board counts %v, %v; want an error", a, err)
	}
}

// Whatever part the page (or a hostile message) names, a count answers a
// share of the total or says the part is wrong.
func FuzzCountPart(f *testing.F) {
	b, want := countBoard(f)
	for _, arg := range []string{"0 1", "2 3", "7 8", "", "1", "1 x", "-1 2", "2 2", "0 0", "5 9223372036854775807", " 3\t 9 ", "1 2 3", "+1 2", "0x1 2"} {
		f.Add(arg)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		n, err := runCount(b, arg)
		if err != nil {
			if !strings.Contains(err.Error(), "part") || n != 0 {
				t.Fatalf("part %q: %d, %v; want an error about the part", arg, n, err)
			}
			return
		}
		if n < 0 || int64(n) > want {
			t.Fatalf("part %q counts %d of %d completions", arg, n, want)
		}
	})
}
