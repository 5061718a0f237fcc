package job

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/iq"
)

func runJob(t *testing.T, r Request) Result {
	t.Helper()
	var res Result
	if err := json.Unmarshal([]byte(Run(r, func(int64) {})), &res); err != nil {
		t.Fatalf("%+v: result is not JSON: %v", r, err)
	}
	return res
}

// Every request gets a JSON result: an answer, or an error that says what
// was wrong; never a panic, whatever the page (or a hostile message) sent.
func TestRun(t *testing.T) {
	if res := runJob(t, Request{Op: "solve", Game: "flip", Text: "4 1\nbwbw\n"}); res.Error != "" || res.Answer == nil {
		t.Errorf("flip solve: %+v", res)
	}
	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Op: "solve", Game: "chess"}, "unknown puzzle"},
		{Request{Op: "dance", Game: "flip"}, "unknown job"},
		{Request{Op: "solve", Game: "flip", Text: "zz"}, "flip"},
		{Request{Op: "solve", Game: "nonogram", Text: ""}, "nonogram"},
		{Request{Op: "hint", Game: "iq", Text: strings.Repeat("\x00", 100)}, "iq"},
	} {
		if res := runJob(t, c.r); !strings.Contains(res.Error, c.want) || res.Answer != nil {
			t.Errorf("%+v: result %+v, want an error about %q", c.r, res, c.want)
		}
	}
	// Games that deal puzzles: Generate gives judge text the game solves.
	for _, g := range solvers.All {
		if _, ok := g.(solvers.Player); !ok {
			continue
		}
		res := runJob(t, Request{Op: "generate", Game: g.Name(), Options: solvers.Options{W: 8, H: 8, Level: 1, Seed: 3}})
		text, _ := res.Answer.(string)
		if res.Error != "" || text == "" {
			t.Errorf("%s: generate gives %+v", g.Name(), res)
			continue
		}
		if res := runJob(t, Request{Op: "solve", Game: g.Name(), Text: text}); res.Error != "" {
			t.Errorf("%s: the generated puzzle does not solve: %s\n%s", g.Name(), res.Error, text)
		}
	}
}

func TestFailed(t *testing.T) {
	var res Result
	if err := json.Unmarshal([]byte(Failed(`a "quoted" message`)), &res); err != nil || res.Error != `a "quoted" message` {
		t.Errorf("Failed gives %+v, %v", res, err)
	}
}

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

// A count split into parts adds up to the native count, and a malformed
// part is an error, not a panic.
func TestCount(t *testing.T) {
	b, want := countBoard(t)
	split := false // some part counted some completions, not all
	for _, parts := range []int{1, 3, 8} {
		var sum float64
		for part := range parts {
			res := runJob(t, Request{Op: "count", Game: "iq", Text: b.String(), Position: fmt.Sprintf("%d %d", part, parts)})
			n, ok := res.Answer.(float64)
			if res.Error != "" || !ok {
				t.Fatalf("part %d of %d: %+v", part, parts, res)
			}
			sum += n
			split = split || n > 0 && int64(n) < want
		}
		if int64(sum) != want {
			t.Errorf("%d parts add up to %v; native Count gives %d", parts, sum, want)
		}
	}
	if !split {
		t.Error("no part counted a share of the completions: the board does not test splitting")
	}
	for _, c := range []struct {
		r    Request
		want string
	}{
		{Request{Op: "count", Game: "iq", Text: b.String(), Position: ""}, "two numbers"},
		{Request{Op: "count", Game: "iq", Text: b.String(), Position: "1 x"}, "two numbers"},
		{Request{Op: "count", Game: "iq", Text: b.String(), Position: "1 2 3"}, "two numbers"},
		{Request{Op: "count", Game: "iq", Text: b.String(), Position: "2 2"}, "part 2 of 2"},
		{Request{Op: "count", Game: "flip", Text: "4 1\nbwbw\n", Position: "0 1"}, "count is for iq"},
		{Request{Op: "count", Game: "iq", Text: "zz", Position: "0 1"}, "iq"},
	} {
		if res := runJob(t, c.r); !strings.Contains(res.Error, c.want) || res.Answer != nil {
			t.Errorf("%+v: result %+v, want an error about %q", c.r, res, c.want)
		}
	}
}

// Whatever part the page (or a hostile message) names, a count answers a
// share of the total or says the part is wrong.
func FuzzCountPart(f *testing.F) {
	b, want := countBoard(f)
	for _, pos := range []string{"0 1", "2 3", "7 8", "", "1", "1 x", "-1 2", "2 2", "0 0", "5 9223372036854775807", " 3\t 9 ", "1 2 3"} {
		f.Add(pos)
	}
	f.Fuzz(func(t *testing.T, pos string) {
		res := runJob(t, Request{Op: "count", Game: "iq", Text: b.String(), Position: pos})
		if strings.Contains(res.Error, "solver failed") {
			t.Fatalf("part %q: %s", pos, res.Error)
		}
		if res.Error != "" {
			if !strings.Contains(res.Error, "part") || res.Answer != nil {
				t.Fatalf("part %q: %+v, want an error about the part", pos, res)
			}
			return
		}
		if n, ok := res.Answer.(float64); !ok || n < 0 || n > float64(want) {
			t.Fatalf("part %q counts %v of %d completions", pos, res.Answer, want)
		}
	})
}
