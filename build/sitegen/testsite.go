package sitegen

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"

	"github.com/cqlplay/cqlplay/build/host"
)

// A TestSite is the site as the tests use it (this package's and
// build/browser's, one each per test binary): built once into a temporary
// directory around one compile of the engine, brotli at a quick level, and
// served on 127.0.0.1 with the headers of the real host (build/host).
type TestSite struct {
	Root   string  // the repository
	Dist   string  // the built site
	URL    string  // where it is served, http://127.0.0.1:PORT
	Report *Report // what the build did
	// Err is why the build failed: the site is served (empty) all the
	// same, and each test that needs it reports Err.
	Err error

	tmp string
	srv *http.Server

	singleOnce sync.Once
	single     *SingleReport
	singleErr  error
}

// StartTestSite builds the site of the repository at root and serves it.
// Its error is only one of the temporary directory or the listener; a
// failed build is Err. Close removes and stops it all.
func StartTestSite(root string) (*TestSite, error) {
	tmp, err := os.MkdirTemp("", "cqlplay-build-test")
	if err != nil {
		return nil, err
	}
	s := &TestSite{Root: root, Dist: filepath.Join(tmp, "dist"), tmp: tmp}
	wasm := filepath.Join(tmp, "engine.wasm")
	if s.Err = CompileWasm(root, wasm); s.Err == nil {
		s.Report, s.Err = Build(Config{
			Root: root, Out: s.Dist, BaseURL: "https://cqlplay.example",
			Wasm: wasm, Compress: true, BrotliQuality: 5,
		})
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(tmp)
		return nil, err
	}
	s.srv = &http.Server{Handler: host.Handler(s.Dist)}
	go s.srv.Serve(ln)
	s.URL = "http://" + ln.Addr().String()
	return s, nil
}

// Single returns the one-file build of the site (BuildSingle), made from
// the site's engine beside it by the first call.
func (s *TestSite) Single() (*SingleReport, error) {
	s.singleOnce.Do(func() {
		if s.Err != nil {
			s.singleErr = s.Err
			return
		}
		s.single, s.singleErr = BuildSingle(Config{
			Root: s.Root, BaseURL: "https://cqlplay.example",
			Wasm: filepath.Join(s.Dist, filepath.FromSlash(s.Report.Assets.Wasm)),
		}, filepath.Join(s.tmp, "single", SingleName))
	})
	return s.single, s.singleErr
}

// Close stops the server and removes the built site (and whatever the
// tests wrote beside it, under filepath.Dir(Dist)).
func (s *TestSite) Close() {
	s.srv.Close()
	os.RemoveAll(s.tmp)
}
