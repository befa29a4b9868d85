package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlplay/cqlplay/build/host"
)

// The tests of this package share one build of the site (and one compile of
// the wasm), made by TestMain into a temporary directory and served on
// 127.0.0.1, and one browser, started by the first browser test.
var (
	testRoot   string  // the repository
	testDist   string  // the built site
	testURL    string  // where it is served
	testReport *report // what the build did
	testErr    error   // why the build failed, reported by every test that needs it
)

func TestMain(m *testing.M) {
	os.Exit(func() int {
		tmp, err := os.MkdirTemp("", "cqlplay-build-test")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer os.RemoveAll(tmp)
		testRoot, _ = filepath.Abs("..")
		testDist = filepath.Join(tmp, "dist")
		wasm := filepath.Join(tmp, "engine.wasm")
		if testErr = compileWasm(testRoot, wasm); testErr == nil {
			testReport, testErr = build(config{
				Root: testRoot, Out: testDist, BaseURL: "https://cqlplay.example",
				Wasm: wasm, Compress: true, BrotliQuality: 5,
			})
		}
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		srv := &http.Server{Handler: host.Handler(testDist)}
		go srv.Serve(ln)
		defer srv.Close()
		testURL = "http://" + ln.Addr().String()
		defer stopBrowser()
		return m.Run()
	}())
}

// needSite fails the test when the shared build failed.
func needSite(t *testing.T) {
	t.Helper()
	if testErr != nil {
		t.Fatal("building the site failed: ", testErr)
	}
}
