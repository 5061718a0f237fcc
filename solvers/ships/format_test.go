package ships

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestJudgeSample(t *testing.T) {
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(sampleInput), &out, nil); err != nil {
		t.Fatal(err)
	}
	if want := "Game #1\nyes.\n\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestJudgeSeveralGames(t *testing.T) {
	// Game 2 has too few cells for the ships, game 3 more than 28 hits.
	in := strings.TrimSuffix(sampleInput, "0 0\n") + "5 5\n.....\n.....\n.....\n.....\n.....\n\n" +
		"6 5\nxxxxxx\nxxxxxx\nxxxxxx\nxxxxxx\nxxxxxx\n0 0\n"
	var out bytes.Buffer
	if err := (Game{}).Judge(context.Background(), strings.NewReader(in), &out, nil); err != nil {
		t.Fatal(err)
	}
	if want := "Game #1\nyes.\n\nGame #2\nno.\n\nGame #3\nno.\n\n"; out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ in, err string }{
		{"3\n", "game 1 line 1: want \"width height\""},
		{"a b\n", "want two integers"},
		{"21 5\n", "outside 1x1 .. 20x20"},
		{"10000 10000\n", "outside"},
		{"-1 5\n", "outside"},
		{"0 5\n", "outside"},
		{"3 2\nxo.\nxo\n", "game 1 line 3: want 3 cells, got 2"},
		{"3 2\nxo.\nxoX\n", "line 3: cell 3 is 'X'"},
		{"3 2\nxo.\n", "input ends after 1 of 2 rows"},
		{"2 2\nxo\n..\n\n2 2\nxo\n.\n", "game 2 line 7: want 2 cells, got 1"},
	} {
		_, err := Parse(strings.NewReader(tc.in))
		if err == nil || !strings.Contains(err.Error(), tc.err) || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q) = %v, want error containing %q", tc.in, err, tc.err)
		}
	}
	if _, err := ParseBoard("0 0\n"); err == nil {
		t.Error("ParseBoard accepted no game")
	}
	if _, err := ParseBoard("1 1\nx\n1 1\no\n"); err == nil {
		t.Error("ParseBoard accepted two games")
	}
	if _, err := Parse(strings.NewReader(strings.Repeat(" ", maxInput+1))); err == nil {
		t.Error("Parse accepted more than maxInput bytes")
	}
}

func TestParse(t *testing.T) {
	boards, err := Parse(strings.NewReader("\n2 3\r\nxo\r\n..\r\nox\r\n\n\n1 1\n.\n0 0\nignored"))
	if err != nil {
		t.Fatal(err)
	}
	if len(boards) != 2 || boards[0].W != 2 || boards[0].H != 3 || string(boards[0].Cells) != "xo..ox" || string(boards[1].Cells) != "." {
		t.Fatalf("got %+v", boards)
	}
	if got, want := boards[0].String(), "2 3\nxo\n..\nox\n0 0\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(sampleInput)
	f.Add("2 3\nxo\n..\nox\n")
	f.Add("1 1\n.\n\n1 1\nx\n0 0\n")
	f.Add("3 2\nxo.\nxo\n")
	f.Add("21 21\n")
	f.Add("0 0\n")
	f.Fuzz(func(t *testing.T, in string) {
		boards, err := Parse(strings.NewReader(in))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for _, b := range boards {
			if b.W < 1 || b.H < 1 || b.W > MaxSide || b.H > MaxSide || len(b.Cells) != b.W*b.H {
				t.Fatalf("bad board %+v", b)
			}
			again, err := ParseBoard(b.String())
			if err != nil || again.W != b.W || again.H != b.H || !bytes.Equal(again.Cells, b.Cells) {
				t.Fatalf("round trip of %q: %+v, %v", b.String(), again, err)
			}
		}
	})
}

func TestSolveOpenBoard(t *testing.T) {
	got, err := Game{}.Solve(context.Background(), benchBoards()["Empty20"].String(), nil)
	if err != nil {
		t.Fatal(err)
	}
	a := got.(*Answer)
	if a.Win || !a.GridsCapped || a.Grids < 30 || len(a.Ship) != 400 || a.Next < 0 {
		t.Fatalf("empty 20x20: win %v capped %v grids %d ship %d next %d", a.Win, a.GridsCapped, a.Grids, len(a.Ship), a.Next)
	}
	for i, k := range a.Known {
		if k != '.' || a.Ship[i] <= 0 || a.Ship[i] >= 1 {
			t.Fatalf("empty 20x20: cell %d known %c ship %v", i, k, a.Ship[i])
		}
	}
}
