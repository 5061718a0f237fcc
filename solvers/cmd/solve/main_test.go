package main

import (
	"bytes"
	"context"
	"regexp"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/iq"
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
		// Sized boards with goals: all black is already one colour, but
		// making it all white takes all four presses.
		{"flip", "2 2\nbb\nbb\n2 2 white\nbb\nbb\n2 2 black\nbb\nbb\n", "0\n4\n0\n"},
		// A single black cell.
		{"nonogram", "1 1\n1 1\n1 1\n", "##\n"},
		// Clues that contradict each other: the row wants black, the column white.
		{"nonogram", "1 1\n1 1\n0\n", "No solution\n"},
		// A colour puzzle: a red cell touching a blue one, as judge text,
		// .non and webpbn XML.
		{"nonogram", "1 2\n2 1a 1b\n1 1a\n1 1b\ncolours 2\na e02020 red\nb 2040c0 blue\n", "aabb\n"},
		{"nonogram", "color a #e02020\ncolor b #2040c0\nwidth 2\nheight 1\nrows\n1a,1b\ncolumns\n1a\n1b\n", "aabb\n"},
		{"nonogram", `<puzzleset><puzzle defaultcolor="red"><color name="red" char="r">e02020</color><color name="blue" char="b">2040c0</color>` +
			`<clues type="columns"><line><count>1</count></line><line><count color="blue">1</count></line></clues>` +
			`<clues type="rows"><line><count>1</count><count color="blue">1</count></line></clues></puzzle></puzzleset>`, "aabb\n"},
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
		{[]string{"flip"}, "2 2 grey\nbb\nbb\n"},
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

func TestEmptyInput(t *testing.T) {
	for _, game := range solvers.All {
		g := game.Name()
		for _, in := range []string{"", " \n\t\n"} {
			code, out, errs := solve(t, []string{g}, in)
			if code != 2 || out != "" || !strings.Contains(errs, "empty") || strings.Count(errs, "\n") != 1 {
				t.Errorf("solve %s < %q = exit %d, stdout %q, stderr %q; want exit 2 and one line saying the input is empty",
					g, in, code, out, errs)
			}
		}
	}
}

func TestHelp(t *testing.T) {
	code, out, errs := solve(t, []string{"-h"}, "")
	if code != 0 || errs != "" {
		t.Errorf("solve -h = exit %d, stderr %q; want exit 0 and nothing on standard error", code, errs)
	}
	for _, want := range []string{"-timeout", "-nodes", "0 ", "2 ", "3 ", "tetravex"} {
		if !strings.Contains(out, want) {
			t.Errorf("solve -h does not mention %q:\n%s", want, out)
		}
	}
}

func TestBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-timeout", "soon", "tetravex"},
		{"-nodes", "-5", "tetravex"},
		{"-unknown", "tetravex"},
		{"tetravex", "-nodes"},
		{"tetravex", "-nodes", "3", "extra"},
	} {
		code, out, errs := solve(t, args, "1\n1 2 3 4\n0\n")
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
			t.Errorf("solve %q = exit %d, stdout %q, stderr %q; want exit 2 and a one-line error", args, code, out, errs)
		}
	}
}

// A one-card game, answered at once, then one that takes many nodes.
const easyThenHard = "1\n1 2 3 4\n" + hardTetravex

// The limits end the search of the second game; the first one's answer
// stays on standard output.
func TestGiveUp(t *testing.T) {
	for _, args := range [][]string{
		{"-nodes", "1", "tetravex"},
		{"tetravex", "-nodes=1000"},
		{"-timeout", "1ns", "tetravex"},
	} {
		code, out, errs := solve(t, args, easyThenHard)
		if code != 3 || out != "Game 1: Possible\n\n" || !regexp.MustCompile(`^solve: gave up after [0-9]+ nodes, [0-9]+\.[0-9] s\n$`).MatchString(errs) {
			t.Errorf("solve %q = exit %d, stdout %q, stderr %q; want exit 3, the first game's answer and a gave-up line", args, code, out, errs)
		}
	}
	// Generous limits change nothing.
	code, out, errs := solve(t, []string{"-nodes", "1000000000", "-timeout", "1h", "tetravex"}, "1\n1 2 3 4\n")
	if code != 0 || out != "Game 1: Possible\n\n" {
		t.Errorf("solve with generous limits = exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// hardTetravex is an impossible 5×5 tetravex game that takes the solver
// well over a hundred thousand nodes.
const hardTetravex = `5
2 1 1 1
1 2 2 1
1 1 0 2
1 2 2 1
0 0 1 1
1 1 2 1
0 1 2 2
1 2 1 2
0 2 0 1
2 0 0 1
0 0 1 0
2 1 0 2
2 2 1 2
0 1 1 2
1 2 2 2
2 2 2 1
1 1 1 2
1 0 1 1
2 2 1 2
0 2 2 2
2 1 0 1
0 2 1 2
0 0 0 2
0 1 1 1
0 0 0 2
0
`

// TestEveryFormat solves each game's puzzles in every format the page
// reads and in every format its Save… writes (the game's Export), and
// checks that each gives the answer its own text gives: every format's
// example (import-only ones too, such as the nonogram picture), generated
// puzzles, and a few more (Flip's 4x4 judge board and goals, a nonogram
// with given cells, IQ's rectangle).
func TestEveryFormat(t *testing.T) {
	more := map[string][]string{
		"flip":     {"bwwb\nbbwb\nbwwb\nbwww\n", "5 3\nbwwbb\nwwbbw\nbbbww\n", "3 3 white\nbwb\nwbw\nbwb\n", "3 3 black\nbbw\nbww\nwww\n"},
		"nonogram": {"2 2\n1 1\n1 1\n1 1\n1 1\ngiven\n.#\n..\n", "4x4:2/1/2/1/1.1/2/1/1", "5x5:1.1/1.1/1/1.1/1.1/1.1/1.1/1/1.1/1.1,AHcAcCg"},
	}
	for _, f := range iq.FormatsOf(iq.Rectangle) {
		more["iq"] = append(more["iq"], f.Example)
	}
	tried := map[string]bool{} // "game/format" exported and solved
	for _, g := range solvers.All {
		conv, ok := g.(solvers.Converter)
		if !ok {
			t.Errorf("%s: no Converter, so the page reads only its judge text", g.Name())
			continue
		}
		var inputs []string
		for _, f := range conv.Formats() {
			inputs = append(inputs, f.Example)
		}
		inputs = append(inputs, more[g.Name()]...)
		if p, ok := g.(solvers.Player); ok {
			for seed := range uint64(3) {
				text, err := p.Generate(context.Background(), solvers.Options{W: 6, H: 6, Level: 1, Seed: seed})
				if err != nil {
					t.Fatalf("%s: %v", g.Name(), err)
				}
				inputs = append(inputs, text)
			}
		}
		for _, in := range inputs {
			code, want, errs := solve(t, []string{g.Name()}, in)
			if code != 0 || want == "" {
				t.Fatalf("solve %s < %q = exit %d, stdout %q, stderr %q", g.Name(), in, code, want, errs)
			}
			judge, _, err := conv.Import(in)
			if err != nil {
				t.Fatalf("%s %q: %v", g.Name(), in, err)
			}
			for _, f := range exportFormats(conv, judge) {
				if !f.Export {
					continue
				}
				text, err := conv.Export(judge, f.Name)
				if err != nil {
					// Formats that cannot hold the puzzle say so: given
					// cells, a Flip goal other than Tatham's all white (the
					// "3 3 white" board above goes through it), or any goal
					// in a plain grid.
					if strings.Contains(err.Error(), "cannot hold given cells") || strings.Contains(err.Error(), "set its goal to all white") || strings.Contains(err.Error(), "cannot hold the goal") {
						continue
					}
					t.Fatalf("%s: export %q as %s: %v", g.Name(), judge, f.Name, err)
				}
				tried[g.Name()+"/"+f.Name] = true
				if code, got, errs := solve(t, []string{g.Name()}, text); code != 0 || got != want {
					t.Errorf("solve %s < %s %q = exit %d, stdout %q, stderr %q; want %q as from %q",
						g.Name(), f.Name, text, code, got, errs, want, in)
				}
			}
		}
	}
	// Every format the page saves in was written and solved at least once.
	for _, g := range solvers.All {
		conv, _ := g.(solvers.Converter)
		formats := conv.Formats()
		if g.Name() == "iq" {
			formats = append(formats, iq.FormatsOf(iq.Rectangle)...)
		}
		for _, f := range formats {
			if f.Export && !tried[g.Name()+"/"+f.Name] {
				t.Errorf("%s: no puzzle was saved as %s and solved", g.Name(), f.Name)
			}
		}
	}
}

// exportFormats lists the formats the page can save the puzzle judge in:
// the game's own, or for an IQ rectangle the rectangle's.
func exportFormats(conv solvers.Converter, judge string) []solvers.Format {
	if _, isIQ := conv.(iq.Game); isIQ {
		if b, err := iq.ParseBoard(judge); err == nil {
			return iq.FormatsOf(b.Kind())
		}
	}
	return conv.Formats()
}

// TestFormatErrors: a text in another format than the judge's gets that
// format's error, judge input the judge's own, as before.
func TestFormatErrors(t *testing.T) {
	for _, tc := range []struct{ puzzle, in, want string }{
		{"nonogram", "15x15#123456", "random seed ID"},
		{"nonogram", "1 1\n1 1a\n1 1a\n", "runs with colour letters, but no colours section after the clues"},
		{"nonogram", "1 1\n1 1\n1 1\n1 1\n", "puzzle 2: line 5: row 1: missing clue"},
		{"flip", "4x4#123", "random seed"},
		{"flip", "bwwb\nbbwb\nbwxb\nbwww\n", "want b or w"},
		{"tetravex", "2\n1 2 3 4\n0\n", "tetravex"},
		{"tetravex", "+-----+\n|  1  |\n|4   2|\n+-----+\n", "a row of cards has 2 lines"},
		{"ships", "xx.\n.o\n", "grid row 2 has 2 cells"},
		{"iq", "  A\n A A\n", "iq"},
	} {
		code, out, errs := solve(t, []string{tc.puzzle}, tc.in)
		if code != 2 || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, tc.want) {
			t.Errorf("solve %s < %q = exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.puzzle, tc.in, code, out, errs, tc.want)
		}
	}
}

// TestJudgeInputFirst: judge input of several puzzles is read as judge
// input, even when one of the game's other formats could read its start.
func TestJudgeInputFirst(t *testing.T) {
	for _, tc := range []struct{ puzzle, in, want string }{
		{"nonogram", "1 1\n1 1\n1 1\n\n1 2\n1 1\n0\n1 1\n", "##\n..##\n"},
		{"tetravex", "1\n1 2 3 4\n1\n5 6 7 8\n0\n", "Game 1: Possible\n\nGame 2: Possible\n\n"},
		{"flip", "bbbbbbbbbbbbbbbb wwbwwbbbwwbwwwww", "0\n1\n"},
	} {
		if code, out, errs := solve(t, []string{tc.puzzle}, tc.in); code != 0 || out != tc.want {
			t.Errorf("solve %s < %q = exit %d, stdout %q, stderr %q; want %q", tc.puzzle, tc.in, code, out, errs, tc.want)
		}
	}
}

// FuzzAnswer feeds any text to every game: the command answers (0), says
// the input is bad in one line (2) or gives up within its node limit (3),
// and never panics; what Import reads it answers as its judge text.
// Limits on nodes and time keep each run short.
func FuzzAnswer(f *testing.F) {
	for _, g := range solvers.All {
		if conv, ok := g.(solvers.Converter); ok {
			for _, format := range conv.Formats() {
				f.Add(g.Name(), format.Example)
			}
		}
	}
	for _, format := range iq.FormatsOf(iq.Rectangle) {
		f.Add("iq", format.Example)
	}
	f.Add("nonogram", "15x15#1")
	f.Add("flip", "4x4#1")
	f.Fuzz(func(t *testing.T, name, text string) {
		g, ok := solvers.Lookup(name)
		if !ok {
			return
		}
		args := []string{"-nodes", "100000", "-timeout", "2s", name}
		code, out, errs := solve(t, args, text)
		switch {
		case code == 2 && (out != "" || strings.Count(errs, "\n") != 1):
			t.Fatalf("solve %s < %q: exit 2 with stdout %q, stderr %q", name, text, out, errs)
		case code != 0 && code != 2 && code != 3:
			t.Fatalf("solve %s < %q: exit %d", name, text, code)
		case code != 0:
			return
		}
		conv, ok := g.(solvers.Converter)
		if !ok {
			return
		}
		if judge, _, err := conv.Import(text); err == nil {
			if code, again, _ := solve(t, args, judge); code == 0 && again != out {
				t.Fatalf("solve %s < %q = %q, but its judge text %q gives %q", name, text, out, judge, again)
			}
		}
	})
}

// -explain says how a nonogram is solved, in any format it reads.
func TestExplain(t *testing.T) {
	tests := []struct{ in, want string }{
		// A full 2x2: line by line.
		{"2 2\n1 2\n1 2\n1 2\n1 2\n", "Unique solution, solvable line by line.\nsolutions: unique\nlevel: lines\nprobes: 0\ncells line reasoning leaves: 0\ncells left to guess: 0\n"},
		// A checkerboard, as a Tatham ID: two solutions.
		{"2x2:1/1/1/1", "Several solutions, needs guessing: 4 cells are left after line reasoning and probes.\nsolutions: multiple\nlevel: guessing\nprobes: 0\ncells line reasoning leaves: 4\ncells left to guess: 4\n"},
	}
	for _, tc := range tests {
		code, out, errs := solve(t, []string{"-explain", "nonogram"}, tc.in)
		if code != 0 || !strings.HasPrefix(out, tc.want) || !strings.Contains(out, "line solves: ") {
			t.Errorf("solve -explain nonogram < %q = exit %d, stdout %q, stderr %q; want %q", tc.in, code, out, errs, tc.want)
		}
	}
	if code, _, errs := solve(t, []string{"-explain", "flip"}, "bwwb\nbbwb\nbwwb\nbwww\n"); code != 2 || !strings.Contains(errs, "nonogram puzzles only") {
		t.Errorf("solve -explain flip: exit %d, %q", code, errs)
	}
}
