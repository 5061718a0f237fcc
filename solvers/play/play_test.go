package play_test

import (
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/jsonw/jsonwtest"
	"gridsolve/solvers/play"
)

// A hint reaches the page as encoding/json would write it.
func TestHintJSON(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 2)), play.Hint{}, 200)
}
