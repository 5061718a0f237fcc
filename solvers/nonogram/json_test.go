package nonogram_test

import (
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/jsonw/jsonwtest"
	"gridsolve/solvers/nonogram"
)

// An answer reaches the page as encoding/json would write it, whatever
// its fields hold.
func TestAnswerJSON(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 2)), &nonogram.Answer{}, 300)
}
