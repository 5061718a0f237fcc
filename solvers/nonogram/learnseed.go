package nonogram

import "math/rand/v2"

// scatter starts the learner from another place, for a portfolio of
// learners on several cores: seed gives every cell a tiny first activity
// (the first conflicts soon outweigh it) and the colour it is first
// guessed in. Learners of different seeds meet other conflicts first and
// learn other clauses; on a hard puzzle their line solves differ by
// factors of ten, so the first of several to finish comes far sooner
// than one learner alone, and some puzzles no single start decides
// within a budget fall to one of the others (BenchmarkPortfolioRandom50).
func (l *learner) scatter(seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for c := range l.order.act {
		l.order.act[c] = rng.Float64() * 1e-3
	}
	for k := len(l.order.heap)/2 - 1; k >= 0; k-- {
		l.order.down(k)
	}
	for c := range l.phase {
		l.phase[c] = black + byte(rng.IntN(2))
	}
}
