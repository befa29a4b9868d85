package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/cqlplay/cqlplay/build/chromium"
	"github.com/cqlplay/cqlplay/build/host"
)

// lighthousePages are the kinds of page a first-time reader opens: the
// index, a lesson, the playground and an embed, in both languages.
var lighthousePages = []string{"/en/", "/zh/", "/en/nested-sorted-map/", "/zh/query-first-design/", "/en/play/",
	"/en/nested-sorted-map/embed/0/"}

// lighthouseReport is one page's line from lighthouse/audit.mjs.
type lighthouseReport struct {
	Path          string   `json:"path"`
	Performance   *int     `json:"performance"`
	Accessibility *int     `json:"accessibility"`
	BestPractices *int     `json:"bestPractices"`
	SEO           *int     `json:"seo"`
	CLS           float64  `json:"cls"`
	LCPMs         float64  `json:"lcpMs"`
	TBTMs         float64  `json:"tbtMs"`
	FCPMs         float64  `json:"fcpMs"`
	Failing       []string `json:"failing"`
	Shifts        []string `json:"shifts"`
}

// benchLighthouse builds the site as Netlify serves it (its base the
// server's address, so canonical and hreflang links are the served ones;
// brotli beside every file), serves it, and runs Lighthouse's mobile audit
// of lighthousePages (lighthouse/audit.mjs; its pinned packages are
// installed on first use, outside the repository's npm ci).
func benchLighthouse(c benchConfig) error {
	path := chromium.Path()
	if path == "" {
		return errors.New("chromium is not installed (apt-get install -y chromium)")
	}
	dir := filepath.Join(c.Root, "build", "bench", "lighthouse")
	if !fileExists(filepath.Join(dir, "node_modules")) {
		fmt.Fprintln(c.Log, "bench: npm ci in", dir)
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund")
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			return errors.New("npm ci in " + dir + ": " + err.Error() + "\n" + string(out))
		}
	}
	tmp, err := os.MkdirTemp("", "cqlplay-lighthouse")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	base := "http://" + ln.Addr().String()
	dist := filepath.Join(tmp, "dist")
	fmt.Fprintln(c.Log, "bench: building the site (brotli -q 11) for", base)
	if err := goRun(c, "./build", "-out", dist, "-base", base, "-brotli", "11"); err != nil {
		return err
	}
	srv := &http.Server{Handler: host.Handler(dist)}
	go srv.Serve(ln)
	defer srv.Close()

	cmd := exec.Command("node", append([]string{"audit.mjs", base}, lighthousePages...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CHROME_PATH="+path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return errors.New("lighthouse: " + err.Error() + "\n" + stderr.String())
	}
	fmt.Fprintln(c.Out, "\nLighthouse 12.8.2, mobile preset (simulated slow 4G, 4x CPU), the site served with brotli:")
	fmt.Fprintf(c.Out, "%-32s %5s %5s %5s %5s %7s %7s %7s\n", "page", "perf", "a11y", "bp", "seo", "CLS", "LCP ms", "TBT ms")
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var r lighthouseReport
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			continue // lighthouse's own output, if any
		}
		n := func(p *int) string {
			if p == nil {
				return "-"
			}
			return fmt.Sprint(*p)
		}
		fmt.Fprintf(c.Out, "%-32s %5s %5s %5s %5s %7.3f %7.0f %7.0f\n", r.Path, n(r.Performance), n(r.Accessibility), n(r.BestPractices), n(r.SEO), r.CLS, r.LCPMs, r.TBTMs)
		if len(r.Failing) > 0 {
			fmt.Fprintf(c.Out, "  not passing: %s\n", strings.Join(r.Failing, ", "))
		}
		if len(r.Shifts) > 0 {
			fmt.Fprintf(c.Out, "  layout shifts: %s\n", strings.Join(r.Shifts, "; "))
		}
	}
	return nil
}
