//go:build !(js && wasm)

package main

import "os"

// Built for anything but GOOS=js GOARCH=wasm, the bridge has nothing to do;
// this main only keeps the package buildable so its logic is tested natively.
func main() {
	os.Stderr.WriteString("cqlplay's WebAssembly bridge: build with GOOS=js GOARCH=wasm\n")
	os.Exit(2)
}
