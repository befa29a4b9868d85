package sitegen

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// firstVisitBudget is the target for the bytes a first visit to a
// lesson transfers, compressed.
const firstVisitBudget = 1_500_000

// TestFirstVisitWeight adds up what a first visit to a lesson downloads,
// compressed as the files are served (brotli when built, else gzip): the
// page, its CSS and script, the worker (with wasm_exec.js) and the engine.
func TestFirstVisitWeight(t *testing.T) {
	needSite(t)
	ext := ".gz"
	if _, err := exec.LookPath("brotli"); err == nil {
		ext = ".br"
	}
	a := testReport.Assets
	total := 0
	var parts []string
	for _, p := range []string{usersLesson + "index.html", a.PageCSS, a.PageJS, a.WorkerJS, a.Wasm} {
		file := filepath.Join(testDist, filepath.FromSlash(p))
		size := int64(-1)
		if p == a.Wasm && ext == ".br" && !testing.Short() {
			// The tests' build compresses at brotli q5 to be quick; a release
			// ships q11 (netlify.toml builds with the default), which takes
			// the engine, nearly all of these bytes, about 20 % lower.
			out, err := exec.Command("brotli", "-q", "11", "-c", file).Output()
			if err != nil {
				t.Fatal(err)
			}
			size = int64(len(out))
		}
		if size < 0 {
			info, err := os.Stat(file + ext)
			if err != nil {
				info, err = os.Stat(file) // under 1 KiB: served as is
			}
			if err != nil {
				t.Fatal(err)
			}
			size = info.Size()
		}
		total += int(size)
		parts = append(parts, filepath.Base(p)+"="+strconv.FormatInt(size, 10))
	}
	t.Logf("first visit to %s: %d bytes (%s; the engine at brotli q11 as released, the rest at the tests' q5): %s", usersLesson, total, ext, strings.Join(parts, " "))
	if total > firstVisitBudget {
		t.Errorf("a first visit transfers %d bytes compressed, over the %d budget", total, firstVisitBudget)
	}
}
