package lesson

import "testing"

func TestParseFence(t *testing.T) {
	tests := []struct {
		info string
		want Fence
		err  string
	}{
		{"cql", Fence{Version: "4.1"}, ""},
		{"cql readonly version=3.11 view=storage id=a-1", Fence{Readonly: true, Version: "3.11", View: "storage", ID: "a-1"}, ""},
		{"cql setup after=x_2", Fence{Setup: true, Version: "4.1", After: "x_2"}, ""},
		{"cql  view=why   version=5.0", Fence{Version: "5.0", View: "why"}, ""},
		{"cql readonyl", Fence{}, `unknown cql fence option "readonyl" (known: readonly, setup, exercise, version=, view=, id=, after=, vs=)`},
		{"cql version=4.0", Fence{}, `cql fence option version="4.0" must be one of 4.1, 3.11, 5.0`},
		{"cql view=table", Fence{}, `cql fence option view="table" must be one of checks, results, why, storage, cli, sstabledump, ring, sizes, model`},
		{"cql readonly=yes", Fence{}, `cql fence option "readonly" takes no value`},
		{"cql id=a id=b", Fence{}, `cql fence option "id" given twice`},
		{"cql id=", Fence{}, `cql fence option id= needs a name of letters, digits, '-' or '_', not ""`},
		{"cql after=a.b", Fence{}, `cql fence option after= needs a name of letters, digits, '-' or '_', not "a.b"`},
		{"sql", Fence{}, `not a cql fence: "sql"`},
	}
	for _, tt := range tests {
		got, err := ParseFence(tt.info)
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("ParseFence(%q) error = %v, want %q", tt.info, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseFence(%q) = %+v, %v; want %+v", tt.info, got, err, tt.want)
		}
	}
}

func TestIsCQL(t *testing.T) {
	for info, want := range map[string]bool{"cql": true, "cql readonly": true, " cql": true, "cqlsh": false, "go": false, "": false} {
		if got := IsCQL(info); got != want {
			t.Errorf("IsCQL(%q) = %v, want %v", info, got, want)
		}
	}
}
