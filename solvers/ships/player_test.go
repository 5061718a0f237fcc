package ships_test

import (
	"gridsolve/solvers"
	"gridsolve/solvers/ships"
)

// The page finds play mode through this interface.
var _ solvers.Player = ships.Game{}
var _ solvers.Converter = ships.Game{}
