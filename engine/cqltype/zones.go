package cqltype

import (
	"embed"
	"strings"
	"sync"
	"time"

	"github.com/cqlplay/cqlplay/engine/cqlerr"
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

// RuleZoneNotEmbedded is the rule of a timestamp that names a zone of the
// IANA database the engine does not embed: Cassandra would read it, so the
// playground explains the failure (Args: the zone, then the embedded zones).
const RuleZoneNotEmbedded cqlerr.Rule = "timestamp.zone-not-embedded"

// EmbeddedZones lists the region names of zoneinfo/, sorted: a constant
// rather than a walk of the embedded files, which would cost the
// WebAssembly module 11 KB (TestEmbeddedZones keeps the two equal).
const EmbeddedZones = "Africa/Abidjan, Africa/Johannesburg, America/Chicago, America/Denver, America/Guayaquil, " +
	"America/Los_Angeles, America/Mexico_City, America/New_York, America/Rio_Branco, America/Sao_Paulo, " +
	"America/Toronto, Asia/Dubai, Asia/Hong_Kong, Asia/Kolkata, Asia/Seoul, Asia/Shanghai, Asia/Singapore, " +
	"Asia/Tokyo, Atlantic/Canary, Australia/Sydney, Etc/UTC, Europe/Amsterdam, Europe/Berlin, Europe/Bucharest, " +
	"Europe/London, Europe/Madrid, Europe/Moscow, Europe/Paris, Europe/Rome, Pacific/Auckland, " +
	"Pacific/Bougainville, Pacific/Honolulu"

// notEmbeddedZone returns the region name (Area/Location, capitalised as
// the IANA names are) that ends the timestamp text s when the engine does
// not embed it, or "".
func notEmbeddedZone(s string) string {
	name := s[strings.LastIndexByte(s, ' ')+1:]
	if name == "" || name[0] < 'A' || name[0] > 'Z' || !strings.Contains(name, "/") || strings.Contains(name, "..") || loadZone(name) != nil {
		return ""
	}
	return name
}
