package iq_test

import (
	"gridsolve/solvers"
	"gridsolve/solvers/iq"
)

var _ solvers.Player = iq.Game{}
var _ solvers.Converter = iq.Game{}
