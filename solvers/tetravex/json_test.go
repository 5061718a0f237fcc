package tetravex_test

import (
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/jsonw/jsonwtest"
	"gridsolve/solvers/tetravex"
)

// An answer reaches the page as encoding/json would write it, whatever
// its fields hold.
func TestAnswerJSON(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 2)), &tetravex.Answer{}, 300)
}
