package job

import (
	"encoding/json"
	"strings"
	"testing"

	"gridsolve/solvers"
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
