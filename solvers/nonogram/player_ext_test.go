package nonogram_test

import (
	"gridsolve/solvers"
	"gridsolve/solvers/nonogram"
)

// The page finds these through package solvers' interfaces.
var _ solvers.Converter = nonogram.Game{}

var _ solvers.Player = nonogram.Game{}
