package flip

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

func TestParseBoard(t *testing.T) {
	for _, tc := range []struct {
		text string
		want *Board
	}{
		{"bwwb\nbbwb\nbwwb\nbwww\n", boardFromMask(4, 4, 0b0001_1001_1011_1001)},
		{"  bwwbbbwb\tbwwbbwww", boardFromMask(4, 4, 0b0001_1001_1011_1001)},
		{"3 2\nbwb\nwww\n", &Board{W: 3, H: 2, Black: []bool{true, false, true, false, false, false}}},
		{"\n 3  2 \r\nb w b\r\n\r\nwww", &Board{W: 3, H: 2, Black: []bool{true, false, true, false, false, false}}},
		{"1 1\nb", &Board{W: 1, H: 1, Black: []bool{true}}},
		{"1 1 white\nb", &Board{W: 1, H: 1, Black: []bool{true}, Goal: AllWhite}},
		{" 2 1  black \nbw", &Board{W: 2, H: 1, Black: []bool{true, false}, Goal: AllBlack}},
		{"2 1 either\nbw", &Board{W: 2, H: 1, Black: []bool{true, false}}},
	} {
		got, err := ParseBoard(tc.text)
		if err != nil {
			t.Errorf("ParseBoard(%q): %v", tc.text, err)
			continue
		}
		if got.W != tc.want.W || got.H != tc.want.H || !slices.Equal(got.Black, tc.want.Black) || got.Goal != tc.want.Goal {
			t.Errorf("ParseBoard(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestParseBoardErrors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"", "empty board"},
		{" \n\t\n", "empty board"},
		{"bwwb", "got 4 cells, want 16"},
		{"bwwbbwwbbwwbbwwbb", "line 1: more than 16 cells"},
		{"bwwb\nbwxb", `line 2: unexpected 'x'`},
		{"a b", `line 1: unexpected 'a'`},
		{"3\nbbb", "line 1: want a \"w h\" header, got 1 fields"},
		{"3 2 1\nbbb", `line 1: unknown goal after "w h" (want white, black or either)`},
		{"3 2 white black\nbbb", "got 4 fields"},
		{"3 1 White\nbbb", "line 1: unknown goal"},
		{"3 1\nbbb\n3 1\nbbb", "line 3: more than the 1 rows"},
		{"3 x\nbbb", "two numbers"},
		{"99999999999999999999 1\nb", "two numbers"},
		{"0 5\n", "line 1: flip: board 0x5 is outside 1..512"},
		{"513 1\n", "board 513x1 is outside"},
		{"100000 100000\n", "board 100000x100000 is outside"},
		{"-3 2\n", "outside"},
		{"3 2\nbwb", "got 1 rows, want 2"},
		{"3 2\nbw\nwww", "line 2: got 2 cells, want 3"},
		{"3 2\nbwbb\nwww", "line 2: more than 3 cells"},
		{"3 2\nbwb\nwww\nbbb", "line 4: more than the 2 rows"},
		{"3 2\nbwb\nwBw", `line 3: unexpected 'B'`},
		{"1 1\n\xff", "unexpected '\ufffd'"},
	} {
		_, err := ParseBoard(tc.text)
		if err == nil {
			t.Errorf("ParseBoard(%q): no error, want %q", tc.text, tc.want)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, tc.want) || strings.Contains(msg, "\n") {
			t.Errorf("ParseBoard(%q): error %q, want one line containing %q", tc.text, msg, tc.want)
		}
	}
}

func TestStringRoundTrip(t *testing.T) {
	b := &Board{W: 3, H: 2, Black: []bool{true, false, true, false, false, true}}
	// Either, the default, is written as before goals were.
	for goal, header := range []string{"3 2\n", "3 2 white\n", "3 2 black\n"} {
		b.Goal = Goal(goal)
		if got, want := b.String(), header+"bwb\nwwb\n"; got != want {
			t.Fatalf("String() = %q, want %q", got, want)
		}
		back, err := ParseBoard(b.String())
		if err != nil || back.W != b.W || back.H != b.H || !slices.Equal(back.Black, b.Black) || back.Goal != b.Goal {
			t.Fatalf("ParseBoard(String()) = %v, %v", back, err)
		}
	}
}

func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{
		"bwwb\nbbwb\nbwwb\nbwww\n", "3 2\nbwb\nwww\n", "1 1\nb", "2 2\nb w\n\nw b\n",
		"", "bwwb", "3 2\nbw\n", "0 0\n", "512 512\n", "5 1\nbbbbbb", "4 4 4\n", "+1 1\nw", "bbbbbbbbbbbbbbbbx",
		"2 1 white\nbw", "1 2 black\nb\nw\n", "1 1 either\nw", "1 1 whit\nw", "1 1 white black\nw", "1 1\nw\n1 1\nb",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBoard(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			return
		}
		if b.W < 1 || b.H < 1 || b.W > MaxSide || b.H > MaxSide || len(b.Black) != b.W*b.H {
			t.Fatalf("bad board %dx%d with %d cells", b.W, b.H, len(b.Black))
		}
		s := b.String()
		back, err := ParseBoard(s)
		if err != nil {
			t.Fatalf("ParseBoard(%q): %v", s, err)
		}
		if back.W != b.W || back.H != b.H || !slices.Equal(back.Black, b.Black) || back.Goal != b.Goal || back.String() != s {
			t.Fatalf("round trip of %q gave %q", s, back.String())
		}
	})
}

func TestJudgeSample(t *testing.T) {
	// The sample of POJ 1753.
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader("bwwb\nbbwb\nbwwb\nbwww\n"), &out, nil); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "4\n" {
		t.Fatalf("got %q, want %q", got, "4\n")
	}
}

func TestJudgeAll4x4(t *testing.T) {
	table := table4x4()
	var in, want strings.Builder
	for black := range uint64(1 << 16) {
		in.WriteString(boardFromMask(4, 4, black).String()[len("4 4\n"):])
		if n, _ := bruteFewest(table, 16, black); n < 0 {
			want.WriteString("Impossible\n")
		} else {
			want.WriteString(strconv.Itoa(n) + "\n")
		}
	}
	checkJudge(t, in.String(), want.String())
}

// TestJudgeSized runs the judge on every 3x3 and 2x4 board, sized and
// with every goal, as one input, against brute force.
func TestJudgeSized(t *testing.T) {
	var in, want strings.Builder
	for _, size := range [][2]int{{3, 3}, {2, 4}} {
		w, h := size[0], size[1]
		table := bruteTable(w, h)
		for black := range uint64(1 << (w * h)) {
			for _, goal := range Goals {
				b := boardFromMask(w, h, black)
				b.Goal = goal
				in.WriteString(b.String() + "\n")
				if n, _ := bruteGoal(table, w*h, black, goal); n < 0 {
					want.WriteString("Impossible\n")
				} else {
					want.WriteString(strconv.Itoa(n) + "\n")
				}
			}
		}
	}
	checkJudge(t, in.String(), want.String())
}

// checkJudge runs the judge on in and compares its answers with want.
func checkJudge(t *testing.T, in, want string) {
	t.Helper()
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(in), &out, nil); err != nil {
		t.Fatal(err)
	}
	if out.String() != want {
		got, exp := strings.Split(out.String(), "\n"), strings.Split(want, "\n")
		for i := range min(len(got), len(exp)) {
			if got[i] != exp[i] {
				t.Fatalf("board %d: got %q, want %q", i+1, got[i], exp[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(got), len(exp))
	}
}

func TestJudgeErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"bwwb bbwb bwwb bwww bwwx", "board 2 position 4: unexpected 'x'"},
		{"bwwb bbwb bwwb bwww\n4 4\nbwwb bbwb bwwb bwww", "board 2 position 1: unexpected '4'"},
		{"2 1\nbw\nbw", "line 3: more than the 1 rows in the header"},
		{"2 1\nbw\n1 1 blue\nb", "line 3: unknown goal"},
		{"2 1\nbw\n1 1\n", "got 0 rows, want 1"},
		{"\n 2 2\nbw\nbx", "line 4: unexpected 'x'"},
		{"bwwb bbwb bwwb bwww bwwb", "board 2: input ends after 4 of its 16 cells"},
		{"bbbbbbbbbbbbbbbB", "board 1 position 16: unexpected 'B'"},
		{"\x00", `board 1 position 1: unexpected '\x00'`},
		{strings.Repeat(" ", maxInput+1), "larger than"},
	} {
		var out bytes.Buffer
		err := (Game{}).Judge(context.Background(), strings.NewReader(tc.in), &out, nil)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Judge(%.30q): error %v, want %q", tc.in, err, tc.want)
		}
		if out.Len() > 0 {
			t.Errorf("Judge(%.30q): wrote %q before the error", tc.in, out.String())
		}
	}
}

func FuzzJudge(f *testing.F) {
	for _, s := range []string{
		"bwwb\nbbwb\nbwwb\nbwww\n", "", "bbbbbbbbbbbbbbbbwwwwwwwwwwwwwwww", "bwwb", "bwwbbwwbbwwbbwwx", "4 4\nbwwb", "\xff",
		"2 1 white\nbw\n1 3 black\nb\nw\nb\n", "1 1\nb\n1 1 either\nw", " 2 2\nbw\n\nbw\n2 2 white\nbb\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		err := (Game{}).Judge(context.Background(), strings.NewReader(in), &out, nil)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || out.Len() > 0 {
				t.Fatalf("error %q on several lines or after output %q", err, out.String())
			}
			return
		}
		if first := strings.TrimSpace(in); first != "" && isHeader(first) {
			// Sized boards: one answer per header.
			boards := 0
			for _, line := range strings.Split(in, "\n") {
				if strings.TrimSpace(line) != "" && isHeader(line) {
					boards++
				}
			}
			if got := strings.Count(out.String(), "\n"); got != boards {
				t.Fatalf("%d boards gave %d answers: %q", boards, got, out.String())
			}
			return
		}
		cells := 0
		for _, r := range in {
			if !unicode.IsSpace(r) {
				cells++
			}
		}
		lines := strings.Split(out.String(), "\n")
		if cells%16 != 0 || len(lines) != cells/16+1 || lines[len(lines)-1] != "" {
			t.Fatalf("%d cells gave output %q", cells, out.String())
		}
		for _, line := range lines[:len(lines)-1] {
			if n, err := strconv.Atoi(line); line != "Impossible" && (err != nil || n < 0 || n > 16) {
				t.Fatalf("bad answer line %q", line)
			}
		}
	})
}

func TestGameSolve(t *testing.T) {
	got, err := (Game{}).Solve(context.Background(), "bwwb\nbbwb\nbwwb\nbwww\n", nil)
	if err != nil {
		t.Fatal(err)
	}
	if a, ok := got.(*Answer); !ok || !a.Possible || a.Count != 4 || !a.Minimal {
		t.Fatalf("got %+v, want a minimal answer of 4 presses", got)
	}
	if _, err := (Game{}).Solve(context.Background(), "600 600\n", nil); err == nil {
		t.Fatal("600x600 board: no error")
	}
}

func TestAnswerJSON(t *testing.T) {
	// The page reads these field names, and presses as base64.
	a := &Answer{Possible: true, Presses: Cells{0b10}, Count: 1, Color: "b", Minimal: true, Solutions: 1}
	got, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"possible":true,"presses":"Ag==","count":1,"color":"b","minimal":true,"solutions":1}`; string(got) != want {
		t.Fatalf("got %s, want %s", got, want)
	}
	var back Answer
	if err := json.Unmarshal(got, &back); err != nil || !reflect.DeepEqual(&back, a) {
		t.Fatalf("read back as %+v, %v", back, err)
	}
}

// BenchmarkJudgeAll4x4 runs the judge on every 4x4 board, as one input.
func BenchmarkJudgeAll4x4(b *testing.B) {
	var in strings.Builder
	for black := range uint64(1 << 16) {
		in.WriteString(boardFromMask(4, 4, black).String()[len("4 4\n"):])
	}
	for b.Loop() {
		if err := (Game{}).Judge(context.Background(), strings.NewReader(in.String()), io.Discard, nil); err != nil {
			b.Fatal(err)
		}
	}
}
