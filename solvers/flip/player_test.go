package flip_test

import (
	"gridsolve/solvers"
	"gridsolve/solvers/flip"
)

// The page finds play mode through this interface.
var _ solvers.Player = flip.Game{}

// The page finds import and export through this interface.
var _ solvers.Converter = flip.Game{}
