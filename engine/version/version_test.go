package version

import "testing"

// TestTable: All is oldest first, the default among them, and the
// predicates order the versions as Cassandra released them.
func TestTable(t *testing.T) {
	for i, v := range All {
		if got, ok := Of(v.Name); got != v || !ok {
			t.Errorf("Of(%q) = %v, %v", v.Name, got, ok)
		}
		if i > 0 && !All[i-1].Before(v.n/100, v.n%100) {
			t.Errorf("All is not oldest first: %s before %s", All[i-1].Name, v.Name)
		}
		if v.Beta != v.Protocol+1 {
			t.Errorf("%s: beta protocol %d is not the one after %d", v.Name, v.Beta, v.Protocol)
		}
	}
	if got, ok := Of("2.2"); got != Default || ok {
		t.Errorf("Of(2.2) = %v, %v: want Default, false", got, ok)
	}
	if !V311.Before(4, 0) || V41.Before(4, 0) || !V41.AtLeast(4, 1) || V41.AtLeast(5, 0) || !V50.AtLeast(5, 0) {
		t.Error("Before and AtLeast disagree with the releases")
	}
}
