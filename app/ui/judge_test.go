package ui

import (
	"context"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/solvers/nonogram"
	"gridsolve/solvers/ships"
	"gridsolve/solvers/tetravex"
)

// The first difference is said in words, in each problem's case names.
func TestFirstDiff(t *testing.T) {
	tv := []string{"Game 1: Possible\n\n", "Game 2: Impossible\n\n", "Game 3: Possible\n\n"}
	sh := []string{"Game #1\nyes.\n\n", "Game #2\nno.\n\n"}
	grids := []string{"##..\n.##.\n", "No solution\n"}
	for _, c := range []struct {
		name  func(int) string
		want  []string
		yours string
		says  string
	}{
		{tetravex.Game{}.CaseName, tv, strings.Join(tv, ""), "Your output matches the judge's: 3 cases, the same answers."},
		// Carriage returns, trailing spaces and the last blank lines do not count.
		{tetravex.Game{}.CaseName, tv, "Game 1: Possible \r\n\r\nGame 2: Impossible\r\n\r\nGame 3: Possible", "Your output matches the judge's: 3 cases, the same answers."},
		{tetravex.Game{}.CaseName, tv, "Game 1: Possible\n\nGame 2: Impossible\n\nGame 3: Impossible\n\n", "Game 3: expected Possible, got Impossible."},
		{tetravex.Game{}.CaseName, tv, "Game 1: Possible\n\nGame 2: Impossible\n", "Game 3: expected Possible, got nothing: your output ends after Game 2."},
		{tetravex.Game{}.CaseName, tv, "\n", "Game 1: expected Possible, got nothing: your output ends before it."},
		{tetravex.Game{}.CaseName, tv, "Game 1: Possible\nGame 2: Impossible\n", `Game 1: expected a blank line, got "Game 2: Impossible".`},
		{tetravex.Game{}.CaseName, tv, strings.Join(tv, "") + "Game 4: Possible\n", `After Game 3, the last case, your output goes on: "Game 4: Possible".`},
		{ships.Game{}.CaseName, sh, "Game #1\nyes.\n\nGame #2\nyes.\n", "Game #2: expected no., got yes.."},
		{ships.Game{}.CaseName, sh, "Game 1\nyes.\n", `Game #1: expected "Game #1", got "Game 1".`},
		{nonogram.Game{}.CaseName, grids, "##..\n.#..\nNo solution\n", "Puzzle 1: expected .##., got .#..."},
		{nonogram.Game{}.CaseName, []string{"a\nb\nc\n"}, "a\nb\nd\n", "Puzzle 1, line 3: expected c, got d."},
		// A case named like the start of another's name is not cut short.
		{tetravex.Game{}.CaseName, make10(), strings.Join(make10()[:9], "") + "Game 10: Impossible\n", "Game 10: expected Possible, got Impossible."},
	} {
		if got := firstDiff(c.name, c.want, c.yours); got != c.says {
			t.Errorf("firstDiff(%q, %q) = %q, want %q", c.want, c.yours, got, c.says)
		}
	}
}

func make10() []string {
	var out []string
	for i := range 10 {
		out = append(out, tetravex.Game{}.CaseName(i)+": Possible\n")
	}
	return out
}

// The bench runs a judge input through the worker's judge op, says where
// a wrong output parts from it, opens a case in the editor, and its link
// opens the same input on a fresh page.
func TestMidendJudgeBench(t *testing.T) {
	p := mount(memStore{})
	tb := p.show(t, "tetravex")
	sample := tetravex.Game{}.Sample()
	var want strings.Builder
	if err := (tetravex.Game{}).Judge(context.Background(), strings.NewReader(sample), &want, nil); err != nil {
		t.Fatal(err)
	}
	p.runJudge(sample)
	if tb.bench.state != stateBusy || !p.busy() {
		t.Fatalf("running: %q %q", tb.bench.state, tb.bench.status)
	}
	p.w.run(p.midend)
	if tb.bench.run == nil || tb.bench.run.output() != want.String() || len(tb.bench.run.cases) != 2 {
		t.Fatalf("bench answer %+v (%s), want %q", tb.bench.run, tb.bench.status, want.String())
	}
	wrong := strings.Replace(want.String(), "Impossible", "Possible", 1)
	p.compareJudge(wrong)
	if tb.bench.diff != "Game 2: expected Impossible, got Possible." {
		t.Errorf("diff %q", tb.bench.diff)
	}
	p.openCase(1)
	cases, _ := tetravex.Game{}.Cases(sample)
	if got, _ := (tetravex.Game{}).Cases(tb.ed.text()); len(got) != 1 || got[0] != cases[1] {
		t.Errorf("case 2 opened as %q, want %q (%s)", tb.ed.text(), cases[1], tb.status)
	}
	frag, ok := p.judgeFragment()
	if !ok {
		t.Fatal(tb.bench.status)
	}
	q := mount(memStore{})
	q.openLink(frag, false)
	if b := q.cur().bench; q.cur().ed.game() != "tetravex" || b.input != sample || !b.open {
		t.Errorf("the link opens %s with %q (open %v)", q.cur().ed.game(), b.input, b.open)
	}
	// Malformed input is an error in words, with no answer; Cancel stops a run.
	p.runJudge("2\n1 2 3\n")
	p.w.run(p.midend)
	if tb.bench.state != stateError || tb.bench.run != nil || strings.HasPrefix(tb.bench.status, "tetravex:") {
		t.Errorf("malformed input: %q %q", tb.bench.state, tb.bench.status)
	}
	p.runJudge(sample)
	p.cancelJudge()
	p.w.run(p.midend)
	if tb.bench.running != 0 || tb.bench.run != nil || p.busy() {
		t.Errorf("after Cancel: %+v", tb.bench)
	}
}

// Every game's sample runs on the bench.
func TestEverySampleJudges(t *testing.T) {
	p := mount(memStore{})
	for _, g := range solvers.All {
		tb := p.show(t, g.Name())
		b, _ := benchOf(g.Name())
		p.runJudge(b.Sample())
		p.w.run(p.midend)
		if tb.bench.run == nil || tb.bench.state != stateDone {
			t.Errorf("%s: sample: %q", g.Name(), tb.bench.status)
		}
	}
}

// Any pasted output gets a sentence, never a panic, and the judge's own
// output, cut anywhere into cases, matches.
func FuzzFirstDiff(f *testing.F) {
	f.Add("Game 1: Possible\n\n", "Game 1: Impossible\n", 1)
	f.Add("##\n..\nNo solution\n", "", 2)
	f.Fuzz(func(t *testing.T, want, yours string, cut int) {
		cut = min(max(cut, 0), len(want))
		cases := []string{want[:cut], want[cut:]}
		if firstDiff(tetravex.Game{}.CaseName, cases, yours) == "" {
			t.Errorf("no words for %q against %q", yours, cases)
		}
		if !strings.ContainsRune(want, '\r') && strings.HasSuffix(want, "\n") && strings.Count(want[:cut], "\n") > 0 && strings.HasSuffix(want[:cut], "\n") {
			if got := firstDiff(tetravex.Game{}.CaseName, cases, want); !strings.HasPrefix(got, "Your output matches") {
				t.Errorf("the judge's own output %q reads %q", cases, got)
			}
		}
	})
}
