package main

import (
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/server"
)

// TestRunCluster: a script run through a driver against `cqlplay serve`
// prints what the engine prints for it, byte for byte: the two directions
// test each other.
func TestRunCluster(t *testing.T) {
	srv := server.RunT(t)
	const script = "testdata/cluster/script.cql"
	var engineOut, engineErr, clusterOut, clusterErr strings.Builder
	es := cli([]string{"run", script}, env{stdout: &engineOut, stderr: &engineErr, newSession: newEngineSession})
	cs := cli([]string{"run", "--cluster", srv.Addr(), script}, env{stdout: &clusterOut, stderr: &clusterErr, newSession: newEngineSession})
	if es != cs {
		t.Errorf("exit %d by the engine, %d through the cluster", es, cs)
	}
	if engineOut.String() != clusterOut.String() {
		t.Errorf("stdout differs\nengine:\n%s\ncluster:\n%s", engineOut.String(), clusterOut.String())
	}
	if engineErr.String() != clusterErr.String() {
		t.Errorf("stderr differs\nengine:\n%s\ncluster:\n%s", engineErr.String(), clusterErr.String())
	}
}
