package iq

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// The sample of the NOI 2005 statement.
const (
	sampleIn  = ".\n..\n...\n....\n.....\n.....C\n...CCC.\nEEEHH...\nE.HHH....\nE.........\n"
	sampleOut = "B\nBK\nBKK\nBJKK\nJJJDD\nGJGDDC\nGGGCCCI\nEEEHHIIA\nELHHHIAAF\nELLLLIFFFF\n"
	emptyText = ".\n..\n...\n....\n.....\n......\n.......\n........\n.........\n..........\n"
)

func judge(t *testing.T, in string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := Game{}.Judge(context.Background(), strings.NewReader(in), &out, nil)
	return out.String(), err
}

func TestJudgeSample(t *testing.T) {
	got, err := judge(t, sampleIn)
	if err != nil || got != sampleOut {
		t.Fatalf("Judge(sample) = %q, %v; want %q", got, err, sampleOut)
	}
}

func TestJudgeSeveralBoards(t *testing.T) {
	impossible := ".\nDD\nDD.\n....\n.....\n......\n.......\n........\n.........\n..........\n"
	got, err := judge(t, sampleIn+"\n"+strings.ReplaceAll(impossible, "\n", "\r\n")+"\n"+sampleIn)
	if want := sampleOut + "No solution\n" + sampleOut; err != nil || got != want {
		t.Fatalf("Judge = %q, %v; want %q", got, err, want)
	}
}

func TestJudgeErrors(t *testing.T) {
	bad := strings.Replace(sampleIn, "CCC", "CCD", 1)
	for _, tc := range []struct{ in, err string }{
		{"", "no board"},
		{"\n\n", "no board"},
		{sampleIn[:len(sampleIn)-11], "last board has 9 lines"},
		{strings.Replace(sampleIn, "...CCC.", "...CCC", 1), "line 7: want 7 cells, got 6"},
		{strings.Replace(sampleIn, "...CCC.", "...CCCx", 1), `line 7: unexpected character 'x'`},
		{strings.Replace(sampleIn, "...CCC.", "...CMC.", 1), `line 7: unexpected character 'M'`},
		{".\n...\n", "line 2: want 2 cells, got 3"},
		{sampleIn + sampleIn + strings.Replace(sampleIn, "....\n", "....\n\n", 1) + bad, "the cells marked C do not make piece C's shape"},
		{strings.Repeat(".", maxInput+1), "input longer than"},
	} {
		got, err := judge(t, tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.err) || got != "" {
			t.Errorf("Judge(%.40q) = %q, %v; want error %q and no output", tc.in, got, err, tc.err)
		}
	}
}

func TestGameSolve(t *testing.T) {
	a, err := Game{}.Solve(context.Background(), sampleIn, nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"solved":true,"rows":["B","BK","BKK","BJKK","JJJDD","GJGDDC","GGGCCCI","EEEHHIIA","ELHHHIAAF","ELLLLIFFFF"]`
	if !strings.HasPrefix(string(data), want) {
		t.Errorf("answer JSON %s, want it to start %s", data, want)
	}
	for _, text := range []string{"", sampleIn + sampleIn, strings.Replace(sampleIn, "CCC", "CC.", 1)} {
		if _, err := (Game{}).Solve(context.Background(), text, nil); err == nil {
			t.Errorf("Solve(%q) gave no error", text)
		}
	}
}

func TestBoardRoundTrip(t *testing.T) {
	for _, text := range []string{sampleIn, sampleOut, emptyText} {
		b, err := ParseBoard(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.String(); got != text {
			t.Errorf("String() = %q, want %q", got, text)
		}
	}
	var zero Board
	if zero.String() != emptyText {
		t.Errorf("zero Board = %q, want the empty board", zero.String())
	}
	b, _ := ParseBoard(sampleIn)
	if b.At(5, 5) != 'C' || b.At(0, 0) != Empty {
		t.Errorf("At: got %c and %c", b.At(5, 5), b.At(0, 0))
	}
	b.Set(5, 5, Empty)
	if b.At(5, 5) != Empty || *b == (Board{}) {
		t.Error("Set(Empty) did not clear just one cell")
	}
}

func TestOffBoardPanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("At(2, 3) did not panic")
		}
	}()
	var b Board
	b.At(2, 3)
}

// FuzzParseBoard reads both boards' texts.
func FuzzParseBoard(f *testing.F) {
	for _, s := range []string{sampleIn, sampleOut, emptyText, "", "\n", ".\n..", "x", sampleIn + sampleIn,
		strings.Replace(sampleIn, "CCC", "CCD", 1), strings.Replace(sampleIn, "\n", "\r\n", -1), "A\nAA\n",
		// The rectangle's text.
		rectEmpty, rectCorner, "rectangle", "rectangle 11x5", "rectangle 11x5\n\n\n", strings.ReplaceAll(rectCorner, "\n", "\r\n"),
		rectCorner + rectCorner, strings.Replace(rectCorner, "AA", "AB", 1), "rectangle 11X5\nAAAAAAAAAAA\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBoard(text)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error on several lines: %q", err)
			}
			return
		}
		if (b.Kind() == Rectangle) != isRectangle(text) {
			t.Fatalf("%q read as a %s", text, b.Kind())
		}
		back, err := ParseBoard(b.String())
		if err != nil || *back != *b {
			t.Fatalf("round trip of %q: %v, %q", text, err, back)
		}
		if err := Validate(b); err != nil && !strings.HasPrefix(err.Error(), "iq: piece ") && !strings.HasPrefix(err.Error(), "iq: the cells marked ") {
			t.Errorf("Validate: unexpected error %v", err)
		}
	})
}
