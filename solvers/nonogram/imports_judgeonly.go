//go:build judgeonly

package nonogram

// importFormats is empty in the solver worker's build: see imports.go.
var importFormats []format
