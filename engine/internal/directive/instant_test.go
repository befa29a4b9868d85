package directive

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

// TestParseInstantAgainstTime compares ParseInstant with
// time.Parse(time.RFC3339Nano, ...) on formatted instants and on random
// mutations of them: both accept the same strings and give the same instant.
func TestParseInstantAgainstTime(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const mutations = "0123456789-:.,TtZz+ "
	checked, accepted := 0, 0
	for range 200000 {
		ts := time.Unix(r.Int64N(1<<34)-1<<33, r.Int64N(1e9)).In(time.FixedZone("", (r.IntN(48)-24)*1800))
		s := ts.Format([]string{time.RFC3339, time.RFC3339Nano, "2006-01-02T15:04:05.000000Z07:00"}[r.IntN(3)])
		if r.IntN(2) == 0 {
			b := []byte(s)
			for range 1 + r.IntN(2) {
				switch i := r.IntN(len(b)); r.IntN(3) {
				case 0:
					b[i] = mutations[r.IntN(len(mutations))]
				case 1:
					b = append(b[:i], b[i+1:]...)
				default:
					b = append(b[:i], append([]byte{mutations[r.IntN(len(mutations))]}, b[i:]...)...)
				}
				if len(b) == 0 {
					break
				}
			}
			s = string(b)
		}
		want, err := time.Parse(time.RFC3339Nano, s)
		got, ok := ParseInstant(s)
		checked++
		if ok != (err == nil) || (ok && !got.Equal(want)) || (ok && got.UnixMicro() != want.UnixMicro()) {
			t.Fatalf("%q: ParseInstant %v %v, time.Parse %v %v", s, got, ok, want, err)
		}
		if ok {
			accepted++
		}
	}
	if accepted < checked/3 {
		t.Errorf("only %d of %d accepted: the inputs test little", accepted, checked)
	}
	for _, s := range []string{"2026-02-29T00:00:00Z", "2024-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-01-01T24:00:00Z",
		"2026-01-01T00:00:60Z", "2026-01-01T00:00:00+24:00", "2026-01-01T00:00:00.1234567891Z", "2026-01-01T00:00:00.Z",
		"2026-01-01t00:00:00Z", "2026-01-01T00:00:00z", "2026-01-01 00:00:00Z", strings.Repeat("9", 25)} {
		want, err := time.Parse(time.RFC3339Nano, s)
		got, ok := ParseInstant(s)
		if ok != (err == nil) || (ok && !got.Equal(want)) {
			t.Errorf("%q: ParseInstant %v %v, time.Parse %v %v", s, got, ok, want, err)
		}
	}
}
