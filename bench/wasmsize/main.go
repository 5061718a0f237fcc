// Command wasmsize says which Go packages make a WebAssembly binary big:
// it reads the function names a Go wasm build keeps (build it without
// -ldflags=-s) and sums the code size of each package's functions.
//
//	GOOS=js GOARCH=wasm go build -o /tmp/app.wasm ./wasm/app
//	go run ./bench/wasmsize -top 30 /tmp/app.wasm
//	go run ./bench/wasmsize -pkg time /tmp/app.wasm # time's biggest functions
//
// Data (read-only data, the function table and pclntab) has no names in
// the file, so it is shown as one line. It is not part of make test.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"os"
	"slices"
)

func main() {
	top := flag.Int("top", 40, "how many packages to list")
	pkg := flag.String("pkg", "", "list this package's functions instead, as wasmsize names it (gridsolve_app_ui)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: wasmsize [-top n] file.wasm")
		os.Exit(2)
	}
	b, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	m, err := parse(b)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wasmsize:", err)
		os.Exit(1)
	}
	if *pkg != "" {
		for i, f := range m.functionsOf(*pkg) {
			if i == *top {
				break
			}
			fmt.Printf("%9d %s\n", f.size, f.pkg)
		}
		return
	}
	sums := m.byPackage()
	fmt.Printf("%9d bytes in all\n%9d code\n%9d data\n%9d other sections\n\n",
		len(b), m.code, m.data, len(b)-m.code-m.data)
	for i, s := range sums {
		if i == *top {
			break
		}
		fmt.Printf("%9d %5.1f%% %s\n", s.size, 100*float64(s.size)/float64(m.code), s.pkg)
	}
}

// pkgSize is the code size of one package's functions.
type pkgSize struct {
	pkg  string
	size int
}

// functionsOf lists the functions of package pkg, the biggest first, each
// with its code size.
func (m *module) functionsOf(pkg string) []pkgSize {
	var out []pkgSize
	for i, size := range m.bodies {
		if name := m.names[m.imported+i]; packageOf(name) == pkg {
			out = append(out, pkgSize{name, size})
		}
	}
	slices.SortFunc(out, func(a, b pkgSize) int {
		return cmp.Or(cmp.Compare(b.size, a.size), cmp.Compare(a.pkg, b.pkg))
	})
	return out
}

// byPackage sums function sizes by package, the biggest first.
func (m *module) byPackage() []pkgSize {
	sums := map[string]int{}
	for i, size := range m.bodies {
		sums[packageOf(m.names[m.imported+i])] += size
	}
	var out []pkgSize
	for p, s := range sums {
		out = append(out, pkgSize{p, s})
	}
	slices.SortFunc(out, func(a, b pkgSize) int {
		return cmp.Or(cmp.Compare(b.size, a.size), cmp.Compare(a.pkg, b.pkg))
	})
	return out
}
