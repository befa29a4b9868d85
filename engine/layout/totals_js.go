//go:build js

package layout

import "github.com/cqlplay/cqlplay/engine/store"

// The WebAssembly build never checks kept totals (totals_check.go).
const checkTotals = false

// CheckTotals does nothing in the WebAssembly build.
func CheckTotals(bool) {}

func verifyTotals(*store.Partition, *totals, int64) {}
