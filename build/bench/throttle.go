package main

import (
	"context"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// A reader on a mid-range phone has about a quarter of this machine's CPU
// and a mobile network: -throttle 4 measures the browser timings so, with
// Chromium's CPU throttled that many times and the network as Lighthouse's
// mobile profile shapes it (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s
// up). Chromium throttles the page's renderer; the engine's worker runs in
// it too.
var benchThrottle float64

// Lighthouse's mobile network (its "slow 4G" throttling settings).
const (
	mobileRTTms       = 150
	mobileDownBytesPS = 1.6 * 1024 * 1024 / 8
	mobileUpBytesPS   = 750 * 1024 / 8
)

// newTab opens a tab of ctx's browser, throttled when -throttle asks.
func newTab(ctx context.Context, opts ...chromedp.ContextOption) (context.Context, context.CancelFunc, error) {
	tab, cancel := chromedp.NewContext(ctx, opts...)
	if err := chromedp.Do(tab); err != nil {
		cancel()
		return nil, nil, err
	}
	if benchThrottle <= 1 {
		return tab, cancel, nil
	}
	if _, err := chromedp.Call(tab, emulation.SetCPUThrottlingRate, emulation.SetCPUThrottlingRateParams{Rate: benchThrottle}); err != nil {
		cancel()
		return nil, nil, err
	}
	if _, err := chromedp.Call(tab, network.Enable, network.EnableParams{}); err != nil {
		cancel()
		return nil, nil, err
	}
	if _, err := chromedp.Call(tab, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
		MatchedNetworkConditions: []*network.Conditions{{Latency: mobileRTTms, DownloadThroughput: mobileDownBytesPS, UploadThroughput: mobileUpBytesPS}},
	}); err != nil {
		cancel()
		return nil, nil, err
	}
	return tab, cancel, nil
}
