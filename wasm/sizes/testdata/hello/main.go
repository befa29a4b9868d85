// A tiny module for the sizes test: one function of its own besides Go's runtime.
package main

import "syscall/js"

//go:noinline
func greeting(name string) string { return "hello, " + name }

func main() {
	js.Global().Set("greeting", greeting(js.Global().Get("name").String()))
}
