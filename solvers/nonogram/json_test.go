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

// So do the designer's check and the changes that make a picture unique.
func TestReportJSON(t *testing.T) {
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 3)), &nonogram.Report{}, 300)
	jsonwtest.Random(t, rand.New(rand.NewPCG(1, 4)), &nonogram.Changes{}, 300)
}
