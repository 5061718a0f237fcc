package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func solve(t *testing.T, args []string, input string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errs bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(input), &out, &errs)
	return code, out.String(), errs.String()
}

// Answers small enough to check by hand.
func TestAnswers(t *testing.T) {
	tests := []struct {
		puzzle, in, want string
	}{
		// POJ 1753's sample.
		{"flip", "bwwb\nbbwb\nbwwb\nbwww\n", "4\n"},
		// Two boards back to back: already one colour, then one press away.
		{"flip", "bbbbbbbbbbbbbbbb" + "wwbw wbbb wwbw wwww", "0\n1\n"},
		// A single black cell.
		{"nonogram", "1 1\n1 1\n1 1\n", "##\n"},
		// Clues that contradict each other: the row wants black, the column white.
		{"nonogram", "1 1\n1 1\n0\n", "No solution\n"},
		// One card always fits; two games are numbered.
		{"tetravex", "1\n1 2 3 4\n1\n5 6 7 8\n0\n", "Game 1: Possible\n\nGame 2: Possible\n\n"},
		// Four identical cards whose right digit never equals their left one.
		{"tetravex", "2\n1 2 1 3\n1 2 1 3\n1 2 1 3\n1 2 1 3\n0\n", "Game 1: Impossible\n\n"},
		// A 4×7 board all hit: the T tetromino covers three cells of one
		// chessboard colour and the other six ships two of each, so the seven
		// ships can never tile the balanced rectangle: no consistent grid.
		{"ships", "4 7\nxxxx\nxxxx\nxxxx\nxxxx\nxxxx\nxxxx\nxxxx\n0 0\n", "Game #1\nno.\n\n"},
	}
	for _, tc := range tests {
		code, out, errs := solve(t, []string{tc.puzzle}, tc.in)
		if code != 0 || out != tc.want {
			t.Errorf("solve %s < %q = exit %d, stdout %q, stderr %q; want exit 0, stdout %q",
				tc.puzzle, tc.in, code, out, errs, tc.want)
		}
	}
}

// Every bad call or input ends with exit status 2, nothing on standard
// output and one line on standard error.
func TestErrors(t *testing.T) {
	tests := []struct {
		args []string
		in   string
	}{
		{nil, ""},
		{[]string{"flip", "extra"}, ""},
		{[]string{"sudoku"}, ""},
		{[]string{"flip"}, "bwwb\nbbwb\nbwxb\nbwww\n"},
		{[]string{"flip"}, "bwwb\nbbwb\n"},
		{[]string{"ships"}, "3 two\n...\n0 0\n"},
		{[]string{"ships"}, "10000 10000\n"},
		{[]string{"iq"}, "A\nAA\n"},
		{[]string{"iq"}, strings.Repeat("Z\n", 10)},
		{[]string{"nonogram"}, "2 2\n1 1\n"},
		{[]string{"nonogram"}, "10000 10000\n"},
		{[]string{"tetravex"}, "2\n1 2 3 4\n0\n"},
		{[]string{"tetravex"}, "1\n1 2 3\n0\n"},
		{[]string{"flip"}, strings.Repeat("b", maxInput+1)},
	}
	for _, tc := range tests {
		code, out, errs := solve(t, tc.args, tc.in)
		in := tc.in
		if len(in) > 40 {
			in = in[:40] + "..."
		}
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasSuffix(errs, "\n") {
			t.Errorf("solve %q < %q = exit %d, stdout %q, stderr %q; want exit 2, no output and a one-line error",
				tc.args, in, code, out, errs)
		}
	}
}
