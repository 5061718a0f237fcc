package main

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"gridsolve/solvers"
	"gridsolve/wasm/job"
)

// The page's judge bench (the worker's judge op) answers a judge input
// byte for byte as this command does, case by case, on inputs of many
// generated cases, mutated into other puzzles and into malformed ones.
func TestBenchAnswersAsTheCommand(t *testing.T) {
	ctx := context.Background()
	for _, g := range solvers.All {
		b := g.(solvers.Bench)
		rng := rand.New(rand.NewPCG(1, uint64(len(g.Name()))))
		inputs := []string{b.Sample()}
		for range 12 {
			cases := make([]string, 1+rng.IntN(5))
			for k := range cases {
				w := 4 + rng.IntN(2)
				if g.Name() == "ships" {
					w = 8
				}
				text, err := g.(solvers.Player).Generate(ctx, solvers.Options{W: w, H: w, Level: 1, Seed: rng.Uint64() >> 11})
				if err != nil {
					t.Fatalf("%s: generate: %v", g.Name(), err)
				}
				one, err := b.Cases(text)
				if err != nil {
					t.Fatalf("%s: %q: %v", g.Name(), text, err)
				}
				cases[k] = one[0]
				if rng.IntN(3) == 0 {
					cases[k] = mutate(rng, one[0], 2)
				}
			}
			whole := b.Join(cases)
			inputs = append(inputs, whole, whole[:rng.IntN(len(whole))], mutate(rng, whole, 1))
		}
		answered, refused := 0, 0
		for _, in := range inputs {
			code, out, errs := solve(t, []string{g.Name()}, in)
			var res struct {
				Answer *job.JudgeAnswer `json:"answer"`
				Error  string           `json:"error"`
			}
			if err := json.Unmarshal([]byte(job.Run(job.Request{Op: string(solvers.OpJudge), Game: g.Name(), Text: in}, func(int64) {})), &res); err != nil {
				t.Fatalf("%s: the judge op's result is not JSON: %v", g.Name(), err)
			}
			if res.Error != "" {
				// The command reads what its judge refuses in the game's
				// other formats too: it fails as well, or the input is one.
				if _, format, err := g.(solvers.Converter).Import(in); code != exitBadInput && (err != nil || format.Name == "judge text") {
					t.Errorf("%s: the bench refuses %q (%s), the command answers %q", g.Name(), in, res.Error, out)
				}
				if code == exitBadInput && !strings.Contains(errs, oneLine(res.Error)) && !strings.Contains(errs, "other formats") {
					t.Errorf("%s: %q: the bench says %q, the command %q", g.Name(), in, res.Error, errs)
				}
				refused++
				continue
			}
			answered++
			if got := strings.Join(res.Answer.Cases, ""); code != exitAnswered || got != out {
				t.Errorf("%s: %q: the bench answers %q, the command (exit %d) %q %s", g.Name(), in, got, code, out, errs)
			}
			cases, err := b.Cases(in)
			if err != nil || len(cases) != len(res.Answer.Cases) || len(res.Answer.Nodes) != len(cases) || len(res.Answer.Millis) != len(cases) {
				t.Errorf("%s: %q: %d cases (%v), %d answers", g.Name(), in, len(cases), err, len(res.Answer.Cases))
			}
		}
		if answered < 12 || refused < 6 {
			t.Errorf("%s: %d inputs answered, %d refused: the test misses one kind", g.Name(), answered, refused)
		}
	}
}

// mutate changes up to n bytes of text into other bytes of text (not
// newlines), which keeps most of a puzzle's shape and changes its answer.
func mutate(rng *rand.Rand, text string, n int) string {
	b := []byte(text)
	for range rng.IntN(n + 1) {
		i, j := rng.IntN(len(b)), rng.IntN(len(b))
		if b[i] != '\n' && b[j] != '\n' {
			b[i] = b[j]
		}
	}
	return string(b)
}
