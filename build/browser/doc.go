// Package browser holds the tests that drive the built site in Chromium
// (chromedp): the live playgrounds, the reader's progress, sharing and
// embedding, time travel, offline, the one-file build. It has no code but
// its tests; they build the site once, with package sitegen, serve it on
// 127.0.0.1 and share one headless browser (browser_helpers_test.go).
// Each skips, saying so, when Chromium is not installed.
//
//	go test ./build/browser -run TestBrowserMatchesBuild -v
package browser
