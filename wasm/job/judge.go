package job

import (
	"context"
	"strings"
	"time"

	"gridsolve/solvers"
	"gridsolve/solvers/jsonw"
)

// JudgeAnswer is the answer of the judge op (solvers.OpJudge): the judge
// output of a whole input, exactly as the command line writes it, cut
// where the game wrote each case's answer, with what each case cost. A
// game writes one case's answer in one Write (each Judge does), so the
// cuts fall between cases.
type JudgeAnswer struct {
	Cases  []string `json:"cases"` // the output of each case, in order; together the whole output
	Nodes  []int    `json:"nodes"` // search nodes of each case, as the judge reports them before its answer
	Millis []int    `json:"ms"`    // time from the case before's answer (or the start) to this one's
}

func (a *JudgeAnswer) AppendJSON(w *jsonw.Writer) {
	if w.Null("", a == nil) {
		return
	}
	w.Object("")
	w.Strings("cases", a.Cases)
	w.Ints("nodes", a.Nodes)
	w.Ints("ms", a.Millis)
	w.End()
}

// judge runs g's Judge on text, the very call the command line makes,
// and times each case's answer as it is written.
func judge(ctx context.Context, g solvers.Game, text string, progress func(int64)) (*JudgeAnswer, error) {
	w := &caseWriter{last: time.Now()}
	err := g.Judge(ctx, strings.NewReader(text), w, func(n int64) { w.nodes = n; progress(n) })
	if err != nil {
		return nil, err
	}
	return &w.a, nil
}

// caseWriter takes a judge's output, one case per Write.
type caseWriter struct {
	a         JudgeAnswer
	last      time.Time
	nodes     int64 // the judge's last report: the run's nodes so far
	lastNodes int64 // nodes at the case before's answer
}

func (c *caseWriter) Write(p []byte) (int, error) {
	now, nodes := time.Now(), c.nodes
	c.a.Cases = append(c.a.Cases, string(p))
	c.a.Nodes = append(c.a.Nodes, int(nodes-c.lastNodes))
	c.a.Millis = append(c.a.Millis, int(now.Sub(c.last).Milliseconds()))
	c.last, c.lastNodes = now, nodes
	return len(p), nil
}
