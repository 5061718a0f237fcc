package iq_test

import (
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/iq"
	"gridsolve/solvers/jsonw/jsonwtest"
)

// An answer and a count reach the page as encoding/json would write them,
// whatever their fields hold.
func TestAnswerJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	jsonwtest.Random(t, rng, &iq.Answer{}, 300)
	jsonwtest.Random(t, rng, iq.CountAnswer(0), 50)
}
