package cqltype

import (
	"io/fs"
	"strings"
	"testing"
)

// TestEmbeddedZones: EmbeddedZones names exactly the embedded zone files,
// and each loads.
func TestEmbeddedZones(t *testing.T) {
	var names []string
	fs.WalkDir(zoneFiles, "zoneinfo", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			names = append(names, strings.TrimPrefix(path, "zoneinfo/"))
		}
		return nil
	})
	if got := strings.Join(names, ", "); got != EmbeddedZones {
		t.Errorf("EmbeddedZones is\n%s\nthe files are\n%s", EmbeddedZones, got)
	}
	for _, n := range names {
		if loadZone(n) == nil {
			t.Errorf("%s does not load", n)
		}
	}
}

// TestNotEmbeddedZone: a region name the engine lacks is recognised, so
// the failure is explained; offsets, embedded zones and paths are not.
func TestNotEmbeddedZone(t *testing.T) {
	for s, want := range map[string]string{
		"2026-01-01 10:00:00 Asia/Kathmandu":   "Asia/Kathmandu",
		"2026-01-01 10:00:00 Europe/Paris":     "",
		"2026-01-01 10:00:00 ../../etc/passwd": "",
		"2026-01-01 10:00:00+0545":             "",
		"2026-01-01 10:00:00 PST":              "",
		"2026-01-01 10:00:00/x":                "",
	} {
		if got := notEmbeddedZone(s); got != want {
			t.Errorf("notEmbeddedZone(%q) = %q, want %q", s, got, want)
		}
	}
	_, err := ParseTimestamp("2026-01-01 10:00:00 America/Lima", 0)
	if err == nil || err.Rule != RuleZoneNotEmbedded || err.Message != "Unable to parse a date/time from '2026-01-01 10:00:00 America/Lima'" {
		t.Errorf("error %+v, want Cassandra's message with rule %s", err, RuleZoneNotEmbedded)
	}
}
