// Package chromium is where the browser tests (build/*_test.go) and the
// bench's browser timings (build/bench) find Chromium and how they start it:
// headless, quiet (no background networking, updates, sync or QUIC) and the
// same window for every run, so their pages lay out and time alike.
package chromium

import (
	"os"
	"os/exec"

	"github.com/chromedp/chromedp"
)

// debian is Debian's chromium, which .ci/run installs.
const debian = "/usr/bin/chromium"

// Path is Debian's chromium, or else a chromium on $PATH; "" when there is
// none (apt-get install -y chromium).
func Path() string {
	if _, err := os.Stat(debian); err == nil {
		return debian
	}
	if p, err := exec.LookPath("chromium"); err == nil {
		return p
	}
	return ""
}

// Options are the allocator options that start the Chromium at path with
// its profile in profileDir.
func Options(path, profileDir string) []chromedp.ExecAllocatorOption {
	return []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profileDir),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.WindowSize(1280, 900),
	}
}
