package flip_test

import (
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/flip"
	"gridsolve/solvers/jsonw/jsonwtest"
)

// An answer reaches the page as encoding/json would write it, whatever
// its fields hold.
func TestAnswerJSON(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 2)), &flip.Answer{}, 300)
}
