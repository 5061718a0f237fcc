package msg

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestFormatsInUse does for the programs using this package what go vet
// does for fmt: every format given to it, or to a function forwarding its
// format to it, must use only the package doc's verbs, one per operand.
func TestFormatsInUse(t *testing.T) {
	files, err := filepath.Glob("../*/*.go")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("../../wasm/*/*.go")
	files = append(files, more...)
	calls := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "../msg/") {
			continue
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		calls += checkFile(t, fset, f)
	}
	if calls < 100 {
		t.Errorf("found %d calls with a format; the solvers make hundreds", calls)
	}
}

// checkFile checks the formatting calls of one file and returns how many
// it found.
func checkFile(t *testing.T, fset *token.FileSet, f *ast.File) int {
	// Functions that forward their format: msg's own, and any in the
	// file whose last parameters are (format string, a ...any).
	forwarders := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if forwards(n.Type) {
				forwarders[n.Name.Name] = true
			}
		case *ast.AssignStmt:
			if lit, ok := n.Rhs[0].(*ast.FuncLit); ok && len(n.Lhs) == 1 && forwards(lit.Type) {
				forwarders[n.Lhs[0].(*ast.Ident).Name] = true
			}
		}
		return true
	})
	calls := 0
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		first := 0 // the format's argument
		switch fun := call.Fun.(type) {
		case *ast.SelectorExpr:
			pkg, ok := fun.X.(*ast.Ident)
			if !ok || pkg.Name != "msg" {
				return true
			}
			switch fun.Sel.Name {
			case "Sprintf", "Errorf":
			case "Appendf", "Fprintf":
				first = 1
			default:
				return true
			}
		case *ast.Ident:
			if !forwarders[fun.Name] {
				return true
			}
			first = len(call.Args) - 1
			for first > 0 && !isString(call.Args[first]) {
				first--
			}
		default:
			return true
		}
		calls++
		where := fset.Position(call.Pos()).String()
		format, ok := constant(call.Args[first])
		if !ok {
			if !forwarded(call.Args[first]) {
				t.Errorf("%s: the format is not a constant string, nor a forwarded format", where)
			}
			return true
		}
		verbs, err := countVerbs(format)
		if err != "" {
			t.Errorf("%s: format %q: %s", where, format, err)
		} else if operands := len(call.Args) - first - 1; call.Ellipsis == token.NoPos && verbs != operands {
			t.Errorf("%s: format %q has %d verbs for %d operands", where, format, verbs, operands)
		}
		return true
	})
	return calls
}

// forwards reports whether a function's last parameters are
// (format string, a ...any).
func forwards(ft *ast.FuncType) bool {
	p := ft.Params.List
	if len(p) < 2 {
		return false
	}
	last, ok := p[len(p)-1].Type.(*ast.Ellipsis)
	if !ok {
		return false
	}
	elt, ok := last.Elt.(*ast.Ident)
	return ok && elt.Name == "any" && isStringType(p[len(p)-2].Type) && p[len(p)-2].Names[len(p[len(p)-2].Names)-1].Name == "format"
}

// forwarded reports whether e is a forwarder's format parameter, perhaps
// after a constant prefix.
func forwarded(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == "format"
	case *ast.BinaryExpr:
		_, isConst := constant(e.X)
		return isConst && e.Op == token.ADD && forwarded(e.Y)
	}
	return false
}

func isStringType(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "string"
}

// isString reports whether e is a string literal or concatenation of them.
func isString(e ast.Expr) bool {
	_, ok := constant(e)
	return ok
}

// constant returns the value of a string literal, or of a concatenation
// of them.
func constant(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		x, ok1 := constant(e.X)
		y, ok2 := constant(e.Y)
		return x + y, ok1 && ok2 && e.Op == token.ADD
	case *ast.ParenExpr:
		return constant(e.X)
	}
	return "", false
}

// countVerbs counts the verbs of format that take an operand, or says
// what in it the package does not do.
func countVerbs(format string) (int, string) {
	n := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		s, next := parseSpec(format, i+1)
		spec := format[i:next]
		i = next - 1
		switch {
		case s.verb == '%':
			if spec != "%%" {
				return 0, "flags on %%"
			}
			continue
		case !strings.ContainsRune("dxcqUsvw", s.verb):
			return 0, "verb " + spec + " is not one msg formats"
		case s.prec >= 0 && !strings.ContainsRune("sqv", s.verb):
			return 0, "a precision on " + spec + ", which msg takes for strings only"
		}
		n++
	}
	return n, ""
}
