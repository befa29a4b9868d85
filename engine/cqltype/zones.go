package cqltype

import (
	"embed"
	"sync"
	"time"
)

// zoneFiles are the time zones a timestamp literal may name
// ('2026-01-01 10:00:00 Europe/Paris'), copied from Go's lib/time/zoneinfo.zip:
// the targets of Java's short zone IDs (javaZoneAbbreviations) and the cities
// readers use most. They are embedded, and they are the only named zones the
// engine knows, so the command line and the WebAssembly build (which has no
// zone database) accept exactly the same names. Any other name fails as a
// zone Cassandra does not know does.
//
//go:embed zoneinfo
var zoneFiles embed.FS

var (
	zoneMu    sync.Mutex
	zoneCache = map[string]*time.Location{}
)

// loadZone returns the embedded zone name, or nil when it is not embedded.
func loadZone(name string) *time.Location {
	zoneMu.Lock()
	defer zoneMu.Unlock()
	if loc, ok := zoneCache[name]; ok {
		return loc
	}
	var loc *time.Location
	if data, err := zoneFiles.ReadFile("zoneinfo/" + name); err == nil {
		loc, _ = time.LoadLocationFromTZData(name, data)
	}
	zoneCache[name] = loc
	return loc
}
