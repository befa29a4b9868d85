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
	for _, script := range []string{"testdata/cluster/script.cql", "testdata/cluster/lesson.cql"} {
		t.Run(script, func(t *testing.T) { runBothWays(t, script) })
	}
}

// runBothWays runs script through the engine and through a fresh server.
// A lesson's script names no keyspace: the server's connections start in
// the playground's, as cqlplay run does.
func runBothWays(t *testing.T, script string) {
	srv := server.RunT(t)
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
