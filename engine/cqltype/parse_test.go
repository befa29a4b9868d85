package cqltype

import "testing"

// FromString cases beyond what literals reach through Assign.
func TestFromString(t *testing.T) {
	cases := []struct{ typ, in, show, err string }{
		{typ: "timestamp", in: "2026-03-29 02:30:00 Europe/Paris", show: "2026-03-29 01:30:00.000000+0000"},
		{typ: "timestamp", in: "2026-07-01 12:00 America/New_York", show: "2026-07-01 16:00:00.000000+0000"},
		{typ: "timestamp", in: "2026-01-01 00:00:00 GMT", show: "2026-01-01 00:00:00.000000+0000"},
		{typ: "timestamp", in: "2026-01-01 00:00:00 +01", show: "2025-12-31 23:00:00.000000+0000"},
		{typ: "timestamp", in: "2026-01-01+0100", show: "2025-12-31 23:00:00.000000+0000"},
		{typ: "timestamp", in: "2026-01-01 UTC", show: "2026-01-01 00:00:00.000000+0000"},
		{typ: "timestamp", in: "2026-01-01 12:30.5", err: "Unable to parse a date/time from '2026-01-01 12:30.5'"},
		{typ: "timestamp", in: "2026-01-01 24:00", show: "2026-01-02 00:00:00.000000+0000"},
		{typ: "timestamp", in: "2026-01-01 24:00:01", err: "Unable to parse a date/time from '2026-01-01 24:00:01'"},
		{typ: "timestamp", in: "2026-01-01 00:00:00 Mars/Olympus", err: "Unable to parse a date/time from '2026-01-01 00:00:00 Mars/Olympus'"},
		{typ: "timestamp", in: "2026-01-01 00:00:00+25", err: "Unable to parse a date/time from '2026-01-01 00:00:00+25'"},
		{typ: "timestamp", in: "2026-01-01 00:00:00.1234567891", err: "Unable to parse a date/time from '2026-01-01 00:00:00.1234567891'"},
		{typ: "date", in: "+12026-01-01", show: "3672879"},
		{typ: "date", in: "-0001-12-31", show: "-719529"},
		{typ: "date", in: "4294967295", show: "2147483647"},
		{typ: "date", in: "4294967296", err: "Unable to make unsigned int (for date) from: '4294967296'"},
		{typ: "date", in: "+9999999-01-01", err: "Input date +9999999-01-01 is greater than max supported date +5881580-07-11T00:00Z"},
		{typ: "date", in: "-9999999-01-01", err: "Input date -9999999-01-01 is less than min supported date -5877641-06-23T00:00Z"},
		{typ: "date", in: "12026-01-01", err: "Unable to coerce '12026-01-01' to a formatted date (long)"},
		{typ: "time", in: " 01:02:03 ", show: "01:02:03.000000000"},
		{typ: "time", in: "+1:02:03", show: "01:02:03.000000000"},
		{typ: "time", in: "01:02:03.", err: "(TimeType) Unable to coerce '01:02:03.' to a formatted time (long)"},
		{typ: "time", in: "01:02:03.1234567890", err: "(TimeType) Unable to coerce '01:02:03.1234567890' to a formatted time (long)"},
		{typ: "time", in: "01:60:00", err: "(TimeType) Unable to coerce '01:60:00' to a formatted time (long)"},
		{typ: "time", in: "-1", err: "Unable to make long (for time) from: '-1'"},
		{typ: "inet", in: "2130706433", show: "127.0.0.1"},
		{typ: "inet", in: "10.1.65535", show: "10.1.255.255"},
		{typ: "inet", in: "[::1]", show: "::1"},
		{typ: "inet", in: "::1%eth0", err: "Unable to make inet address from '::1%eth0'"},
		{typ: "inet", in: "1.2.3.4.5", err: "Unable to make inet address from '1.2.3.4.5'"},
		{typ: "inet", in: "", show: ""},
		{typ: "duration", in: "10MS20US", show: "10ms20us"},
		{typ: "duration", in: "1d1h1m1s", show: "1d1h1m1s"},
		{typ: "duration", in: "P1Y2M3DT4H5M6S", show: "1y2mo3d4h5m6s"},
		{typ: "duration", in: "PT", show: ""},
		{typ: "duration", in: "P1D2Y", err: "Unable to convert 'P1D2Y' to a duration"},
		{typ: "duration", in: "-PW", err: "Unable to convert 'PW' to a duration"},
		{typ: "duration", in: "1h 2m", err: "Unable to convert '1h 2m' to a duration"},
		{typ: "duration", in: "1x", err: "Unable to convert '1x' to a duration"},
		{typ: "duration", in: "1s1m", err: "Invalid duration. The seconds should be after minutes"},
		{typ: "duration", in: "200000000y", err: "Invalid duration. The total number of months must be less or equal to 2147483647"},
		{typ: "duration", in: "1w2147483641d", err: "Invalid duration. The total number of days must be less or equal to 2147483647"},
		{typ: "duration", in: "1w2147483640d", show: "2147483647d"},
		{typ: "duration", in: "9223372036854775807ns1ns", err: "Invalid duration. The nanoseconds are specified multiple times"},
		{typ: "duration", in: "9223372036854775807ms", err: "Invalid duration. The total number of nanoseconds must be less or equal to 2147483647"},
		{typ: "boolean", in: "", show: "False"},
		{typ: "boolean", in: "yes", err: "Unable to make boolean from 'yes'"},
		{typ: "varint", in: "x", err: "unable to make int from 'x'"},
		{typ: "decimal", in: ".5", show: "0.5"},
		{typ: "decimal", in: "5.", show: "5"},
		{typ: "decimal", in: "1.5e", err: "unable to make BigDecimal from '1.5e'"},
		{typ: "double", in: "1d", show: "1"},
		{typ: "double", in: "0x1p3", show: "8"},
		{typ: "float", in: "inf", err: "Unable to make float from 'inf'"},
		{typ: "uuid", in: "", show: ""},
		{typ: "timeuuid", in: "nope", err: "Unknown timeuuid representation: nope"},
	}
	for _, c := range cases {
		typ := mustType(t, c.typ)
		v, err := typ.FromString(c.in, 0)
		switch {
		case c.err != "" && err == nil:
			t.Errorf("%s %q: got %s, want error %q", c.typ, c.in, typ.Format(v), c.err)
		case c.err != "" && err.Message != c.err:
			t.Errorf("%s %q: error %q\n\twant %q", c.typ, c.in, err.Message, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s %q: unexpected error %q", c.typ, c.in, err.Message)
		case c.err == "" && typ.Format(v) != c.show:
			t.Errorf("%s %q: %q, want %q", c.typ, c.in, typ.Format(v), c.show)
		}
	}
}
