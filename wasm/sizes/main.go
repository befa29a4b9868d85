// Command sizes reports where the bytes of a Go WebAssembly module go: the
// code size of each package, read from the module's code section and the
// function names in its "name" section. Build the module without -s so the
// names are there:
//
//	GOOS=js GOARCH=wasm go build -trimpath -o /tmp/cqlplay.wasm ./wasm
//	go run ./wasm/sizes /tmp/cqlplay.wasm        # 25 largest packages
//	go run ./wasm/sizes -n 40 -funcs /tmp/cqlplay.wasm  # and the 40 largest functions
//
// Code is about two thirds of the module; data (strings, tables, type
// information) is the rest. Compressed sizes track code sizes roughly, so the
// table says which package to slim first.
package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

func main() {
	n := flag.Int("n", 25, "how many rows to print")
	funcs := flag.Bool("funcs", false, "also list the largest functions")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: go run ./wasm/sizes [-n N] [-funcs] module.wasm")
		os.Exit(2)
	}
	data, err := os.ReadFile(flag.Arg(0))
	if err == nil {
		err = report(data, *n, *funcs)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "sizes:", err)
		os.Exit(1)
	}
}

type function struct {
	name string
	size int
}

func report(data []byte, n int, withFuncs bool) error {
	fns, err := functions(data)
	if err != nil {
		return err
	}
	total := 0
	byPkg := map[string]int{}
	for _, f := range fns {
		total += f.size
		byPkg[packageOf(f.name)] += f.size
	}
	fmt.Printf("module %d bytes, code %d bytes in %d functions\n\n", len(data), total, len(fns))
	pkgs := make([]function, 0, len(byPkg))
	for p, s := range byPkg {
		pkgs = append(pkgs, function{p, s})
	}
	printTop(pkgs, n, total)
	if withFuncs {
		fmt.Println()
		printTop(fns, n, total)
	}
	return nil
}

func printTop(rows []function, n, total int) {
	sort.Slice(rows, func(i, j int) bool { return rows[i].size > rows[j].size })
	for _, r := range rows[:min(n, len(rows))] {
		fmt.Printf("%9d %5.1f%%  %s\n", r.size, 100*float64(r.size)/float64(total), r.name)
	}
}

// packageOf cuts a Go wasm function name to its package: the linker writes
// "github.com_cqlplay_cqlplay_engine_query.__DB_.Exec" for
// github.com/cqlplay/cqlplay/engine/query.(*DB).Exec.
func packageOf(name string) string {
	dot := strings.IndexByte(name, '.')
	if strings.HasPrefix(name, "github.com") || strings.HasPrefix(name, "golang.org") {
		if i := strings.IndexByte(name[len("github.com"):], '.'); i >= 0 {
			dot = len("github.com") + i
		} else {
			dot = -1
		}
	}
	if dot < 0 {
		return name
	}
	return strings.ReplaceAll(name[:dot], "_", "/")
}

// functions pairs the body size of each function defined in the module with
// its name.
func functions(data []byte) ([]function, error) {
	if len(data) < 8 || string(data[:4]) != "\x00asm" {
		return nil, errors.New("not a WebAssembly module")
	}
	var imported int
	var sizes []int
	names := map[int]string{}
	for r := (reader{b: data, i: 8}); r.i < len(r.b); {
		id := r.byte()
		size := r.uint()
		sec := reader{b: r.bytes(size)}
		if r.err != nil {
			return nil, r.err
		}
		switch id {
		case 2:
			imported = countFuncImports(&sec)
		case 10:
			for range sec.uint() {
				sizes = append(sizes, len(sec.bytes(sec.uint())))
			}
		case 0:
			if sec.name() == "name" {
				readNames(&sec, names)
			}
		}
		if sec.err != nil {
			return nil, sec.err
		}
	}
	if len(names) == 0 {
		return nil, errors.New("the module has no function names: build it without -ldflags=-s")
	}
	fns := make([]function, len(sizes))
	for i, s := range sizes {
		fns[i] = function{names[imported+i], s}
	}
	return fns, nil
}

// countFuncImports reads the import section and counts imported functions,
// which come first in the function index space.
func countFuncImports(r *reader) int {
	n := 0
	for range r.uint() {
		r.name()
		r.name()
		switch r.byte() {
		case 0: // function: type index
			r.uint()
			n++
		case 1: // table: element type, limits
			r.byte()
			r.limits()
		case 2: // memory: limits
			r.limits()
		case 3: // global: value type, mutability
			r.byte()
			r.byte()
		}
	}
	return n
}

// readNames reads the function-names subsection of the "name" section.
func readNames(r *reader, names map[int]string) {
	for r.i < len(r.b) && r.err == nil {
		id := r.byte()
		sub := reader{b: r.bytes(r.uint())}
		if id != 1 {
			continue
		}
		for range sub.uint() {
			idx := sub.uint()
			names[idx] = sub.name()
		}
	}
}

// reader decodes the LEB128 integers and byte strings of the binary format.
type reader struct {
	b   []byte
	i   int
	err error
}

func (r *reader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errors.New("truncated module")
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

func (r *reader) uint() int {
	v, n := binary.Uvarint(r.b[min(r.i, len(r.b)):])
	if n <= 0 {
		r.err = errors.New("bad LEB128 integer")
		r.i = len(r.b)
		return 0
	}
	r.i += n
	return int(v)
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || r.i+n > len(r.b) {
		r.err = errors.New("truncated module")
		r.i = len(r.b)
		return nil
	}
	r.i += n
	return r.b[r.i-n : r.i]
}

func (r *reader) name() string { return string(r.bytes(r.uint())) }

func (r *reader) limits() {
	if r.byte()&1 != 0 {
		r.uint()
	}
	r.uint()
}
