package browser

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/cqlplay/cqlplay/build/sitegen"
)

// The tests of this package share one build of the site (and one compile of
// the wasm), made by TestMain into a temporary directory and served on
// 127.0.0.1 (sitegen.StartTestSite), and one browser, started by the first
// browser test.
var (
	testSite   *sitegen.TestSite
	testRoot   string          // the repository
	testDist   string          // the built site
	testURL    string          // where it is served
	testReport *sitegen.Report // what the build did
	testErr    error           // why the build failed, reported by every test that needs it
)

func TestMain(m *testing.M) {
	os.Exit(func() int {
		root, _ := filepath.Abs(filepath.Join("..", ".."))
		site, err := sitegen.StartTestSite(root)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer site.Close()
		testSite = site
		testRoot, testDist, testURL, testReport, testErr = site.Root, site.Dist, site.URL, site.Report, site.Err
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

// needSingle returns the one-file build of the test site, made once by the
// first test that needs it, beside the test site (TestMain removes both).
func needSingle(t *testing.T) *sitegen.SingleReport {
	t.Helper()
	needSite(t)
	r, err := testSite.Single()
	if err != nil {
		t.Fatal("the one-file build failed: ", err)
	}
	return r
}
