package nonogram

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
)

func TestJudge(t *testing.T) {
	in := "2 3\n1 2\n1 1\n1 1\n1 2\n0\n\n" + // ##. over .#.
		"1 1\n1 1\n0\n" + // contradictory
		"1 3\n2 2 2\n0\n0\n0\n" // runs longer than the line
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(in), &out, nil); err != nil {
		t.Fatal(err)
	}
	if want := "####..\n..##..\nNo solution\nNo solution\n"; out.String() != want {
		t.Fatalf("got\n%swant\n%s", out.String(), want)
	}
}

// TestJudgeGiven reads puzzles with given cells among others: the two
// diagonals of a 2x2 puzzle, one of them chosen by a given cell, then
// the same with a given cell that no solution keeps, then one without.
func TestJudgeGiven(t *testing.T) {
	diagonals := "2 2\n1 1\n1 1\n1 1\n1 1\n"
	in := diagonals + "given\n.#\n..\n\n" + diagonals + "\ngiven\n..\n##\n" + diagonals + "given\n..\n..\n" + "1 1\n1 1\n1 1\n"
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(in), &out, nil); err != nil {
		t.Fatal(err)
	}
	if got, want := out.String(), "..##\n##..\nNo solution\n"; !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "##\n") || strings.Count(got, "\n") != 6 {
		t.Fatalf("got\n%swant\n%s, either diagonal and ##", got, want)
	}
}

func TestJudgeMultiple(t *testing.T) {
	// Two diagonals: the judge prints either.
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader("2 2\n1 1\n1 1\n1 1\n1 1\n"), &out, nil); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "##..\n..##\n" && got != "..##\n##..\n" {
		t.Fatalf("got %q", got)
	}
}

func TestJudgeErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "no puzzle"},
		{"1 1\n1 1\n1 1\n1 1\n", "nonogram: puzzle 2: line 5: row 1: missing clue"},
		{"2 1\n1 1\n3 1 1\n1 2\n", "line 3: row 2: clue count 3 but 2 numbers"},
		{"1 1\n1 1\n1 1\n" + strings.Repeat(" ", maxInput), "input longer than"},
	} {
		var out bytes.Buffer
		err := (Game{}).Judge(context.Background(), strings.NewReader(tc.in), &out, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.30q: got %v, want error with %q", tc.in, err, tc.want)
		}
		if out.Len() > 0 {
			t.Errorf("%.30q: wrote %q before the error", tc.in, out.String())
		}
	}
}

func TestGameSolve(t *testing.T) {
	got, err := (Game{}).Solve(context.Background(), "4x4:2/1/2/1/1.1/2/1/1", nil)
	if err != nil {
		t.Fatal(err)
	}
	a := got.(*Answer)
	// Tatham's pattern.c proves this puzzle has a unique solution, with
	// the top left cell black.
	c, _ := ParseClues("4x4:2/1/2/1/1.1/2/1/1")
	count, pic := bruteSolve(c)
	if count != 1 || !pic[0][0] {
		t.Fatalf("brute force: %d solutions %v", count, pic)
	}
	if a.Status != "unique" || fmt.Sprint(picture(a.Grid)) != fmt.Sprint(pic) || a.Other != nil {
		t.Fatalf("got %+v, want unique %v", a, pic)
	}
	if _, err := (Game{}).Solve(context.Background(), "2x2:1", nil); err == nil {
		t.Fatal("no error for a bad game ID")
	}
}
