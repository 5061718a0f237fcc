package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"gridsolve/app/share"
	"gridsolve/solvers"
)

// The judge bench: a whole judge input of the shown game, run in a solver
// worker by the very Judge the command line runs (the worker's judge op),
// its output shown as solve prints it with each case's nodes and time,
// compared with a program's output case by case, each case one click
// from the editor, the output saved and the input shared by link. The
// game's part is its solvers.Bench: its cases and their names, its
// sample. This file is the midend's side; judgepage.go renders it.

// judgeLink starts the fragment of a link to a judge input:
// #judge/<game>/<deflated judge input>.
const judgeLink = "judge/"

// bench is one tab's judge bench.
type bench struct {
	open    bool   // the panel is shown
	input   string // the judge input: last run, opened, shared or a sample
	running int    // the judge job's id, 0 when none runs
	run     *judgeRun
	status  string
	state   tabState
	yours   string // the program's output to compare
	diff    string // where yours first parts from the judge's, in words
	link    string // the share link of input, once asked
}

// judgeRun is the answer to a judge input.
type judgeRun struct {
	input string
	cases []string // each case's output; together solve's output
	nodes []int
	ms    []int
}

func (r *judgeRun) output() string { return strings.Join(r.cases, "") }

// benchOf returns the game's bench parts; every game has them (see
// solvers.TestEveryGameHasABench).
func benchOf(game string) (solvers.Bench, bool) {
	g, _ := solvers.Lookup(game)
	b, ok := g.(solvers.Bench)
	return b, ok
}

func (b *bench) say(state tabState, s string) {
	if state == stateError {
		s = plainWords(s)
	}
	b.state, b.status = state, s
}

// runJudge answers input, the shown tab's judge input, in a worker.
func (m *midend) runJudge(input string) {
	t := m.cur()
	b := &t.bench
	b.input = input
	if b.running != 0 {
		return
	}
	if strings.TrimSpace(input) == "" {
		b.say(stateError, "Paste a judge input, open a file or take the sample first.")
		return
	}
	b.say(stateBusy, "Judging…")
	b.running = m.start(m.at, jobJudge, jobRequest{op: solvers.OpJudge, game: t.ed.game(), text: input})
}

// cancelJudge stops the shown tab's judge run.
func (m *midend) cancelJudge() {
	b := &m.cur().bench
	if b.running == 0 {
		return
	}
	m.worker.cancel(b.running)
	delete(m.jobs, b.running)
	b.running = 0
	b.say(stateIdle, "Cancelled.")
}

// judged takes the end of a judge job.
func (m *midend) judged(t *tab, j job, ok bool, result string, res jobResult) {
	b := &t.bench
	b.running = 0
	if !ok {
		b.say(stateError, "The judge run failed: "+result+". Run again to retry with a fresh solver.")
		return
	}
	var a struct {
		Cases []string `json:"cases"`
		Nodes []int    `json:"nodes"`
		Ms    []int    `json:"ms"`
	}
	if res.Error == "" && (json.Unmarshal(res.Answer, &a) != nil || len(a.Nodes) != len(a.Cases) || len(a.Ms) != len(a.Cases)) {
		res.Error = "the solver sent a broken answer"
	}
	if res.Error != "" {
		b.run = nil
		b.say(stateError, res.Error)
		return
	}
	b.run = &judgeRun{input: j.text, cases: a.Cases, nodes: a.Nodes, ms: a.Ms}
	b.say(stateDone, fmt.Sprintf("%s answered (%s nodes, %d ms).", plural(len(a.Cases), "case"), groupDigits(res.Nodes), res.Millis))
	if b.yours != "" {
		m.compareJudge(b.yours)
	}
}

// compareJudge compares a program's output with the judge's answer.
func (m *midend) compareJudge(yours string) {
	t := m.cur()
	b := &t.bench
	b.yours = yours
	bn, ok := benchOf(t.ed.game())
	switch {
	case !ok:
		return
	case b.run == nil:
		b.diff = "Run the judge input first: your output is compared with its answer."
	case strings.TrimSpace(yours) == "":
		b.diff = "Paste your program's output first."
	default:
		b.diff = firstDiff(bn.CaseName, b.run.cases, yours)
	}
}

// openCase loads case i of the last run's input into the editor, through
// the path every import takes (one Undo brings the puzzle before back).
func (m *midend) openCase(i int) {
	t := m.cur()
	b := &t.bench
	bn, ok := benchOf(t.ed.game())
	if !ok || b.run == nil {
		return
	}
	cases, err := bn.Cases(b.run.input)
	if err != nil || i < 0 || i >= len(cases) {
		b.say(stateError, "That case is not in the input any more: Run again.")
		return
	}
	m.importText(cases[i], bn.CaseName(i)+" of the judge input")
}

// judgeFragment is the fragment of a link to the shown tab's judge input.
func (m *midend) judgeFragment() (string, bool) {
	t := m.cur()
	frag := judgeLink + share.Encode(t.ed.game(), t.bench.input)
	if len(frag) > share.MaxFragment {
		t.bench.say(stateError, fmt.Sprintf("This judge input makes a link of %d KB, more than links hold (%d KB): save it as a file instead.", len(frag)>>10, share.MaxFragment>>10))
		return "", false
	}
	return frag, true
}

// openJudgeLink opens a link to a judge input (the fragment after
// judgeLink): its game's tab with the bench open on it, ready to Run.
func (m *midend) openJudgeLink(frag string) {
	game, text, err := share.Decode(frag)
	i, ok := m.tabIndex(game)
	if err != nil || !ok {
		if err == nil {
			err = fmt.Errorf("no puzzle %q", game)
		}
		m.cur().say(stateError, "This judge link is damaged: "+err.Error())
		return
	}
	m.showTab(i)
	b := &m.cur().bench
	b.input, b.open, b.run, b.diff = text, true, nil, ""
	what := "A shared judge input"
	if bn, ok := benchOf(game); ok {
		if cases, err := bn.Cases(text); err == nil {
			what += " of " + plural(len(cases), "case")
		}
	}
	b.say(stateIdle, what+": Run answers it.")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return groupDigits(int64(n)) + " " + word + "s"
}

// firstDiff says where yours first parts from the judge's output, given
// case by case in want, naming the case by name (from 0). Lines are
// compared without their trailing spaces (a carriage return included),
// and blank lines at the very end do not count.
func firstDiff(name func(int) string, want []string, yours string) string {
	var got []string
	if y := strings.TrimRight(yours, " \t\r\n"); y != "" {
		got = strings.Split(y, "\n")
	}
	type line struct {
		k, n, of int // case, line in it, its lines that are not blank
		text     string
	}
	var lines []line
	for k, c := range want {
		ls := strings.Split(strings.TrimSuffix(c, "\n"), "\n")
		of := 0
		for _, l := range ls {
			if strings.TrimSpace(l) != "" {
				of++
			}
		}
		for n, l := range ls {
			lines = append(lines, line{k, n, of, strings.TrimRight(l, " \t\r")})
		}
	}
	for i, w := range lines {
		if i >= len(got) {
			for _, w := range lines[i:] {
				if w.text == "" {
					continue
				}
				where := "before it"
				if w.k > 0 {
					where = "after " + name(w.k-1)
				}
				return fmt.Sprintf("%s: expected %s, got nothing: your output ends %s.", name(w.k), words(w.text, name(w.k)), where)
			}
			break
		}
		g := strings.TrimRight(got[i], " \t\r")
		if g == w.text {
			continue
		}
		where := name(w.k)
		if w.of > 2 {
			where += fmt.Sprintf(", line %d", w.n+1)
		}
		return fmt.Sprintf("%s: expected %s, got %s.", where, words(w.text, name(w.k)), words(g, name(w.k)))
	}
	if len(got) > len(lines) {
		return fmt.Sprintf("After %s, the last case, your output goes on: %s.", name(len(want)-1), words(got[len(lines)], ""))
	}
	return fmt.Sprintf("Your output matches the judge's: %s, the same answers.", plural(len(want), "case"))
}

// words is an output line in a sentence: without the case's own name in
// front ("Game 3: Possible" is "Possible" in "Game 3: expected ..."),
// quoted when it is blank or holds spaces.
func words(line, name string) string {
	if rest, ok := strings.CutPrefix(line, name+":"); ok && name != "" {
		if rest = strings.TrimLeft(rest, " "); rest != "" {
			line = rest
		}
	}
	switch {
	case line == "":
		return "a blank line"
	case strings.ContainsAny(line, " \t"):
		return fmt.Sprintf("%q", line)
	}
	return line
}
