package ships_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"gridsolve/solvers/jsonw/jsonwtest"
	"gridsolve/solvers/ships"
)

// An answer and a replay reach the page as encoding/json would write
// them, whatever their fields hold.
func TestAnswerJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	jsonwtest.Random(t, rng, &ships.Answer{}, 300)
	jsonwtest.Random(t, rng, ships.ReplayAnswer{}, 50)
	jsonwtest.Same(t, &ships.Answer{Ship: []float64{math.NaN()}}) // an error, as in encoding/json
}
