package server_test

import (
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/server"
)

// The Python driver's PlainTextAuthProvider and the Node.js driver's
// PlainTextAuthProvider against -auth: the right password reads
// system.local, a wrong one fails with Cassandra's message.
const pythonAuth = `
import sys
from cassandra.cluster import Cluster
from cassandra.auth import PlainTextAuthProvider
from cassandra.policies import DCAwareRoundRobinPolicy
host, port, user, password = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
cluster = Cluster([host], port=port, auth_provider=PlainTextAuthProvider(username=user, password=password),
                  load_balancing_policy=DCAwareRoundRobinPolicy(local_dc='datacenter1'))
try:
    print(cluster.connect().execute("SELECT release_version FROM system.local").one()[0])
except Exception as e:
    print(type(e).__name__, e)
cluster.shutdown()
`

const nodeAuth = `
const cassandra = require('cassandra-driver');
const [host, port, user, password] = process.argv.slice(1);
const client = new cassandra.Client({contactPoints: [host + ':' + port], localDataCenter: 'datacenter1',
  authProvider: new cassandra.auth.PlainTextAuthProvider(user, password)});
client.connect()
  .then(() => client.execute('SELECT release_version FROM system.local'))
  .then((rs) => console.log(rs.rows[0].release_version))
  .catch((e) => console.log(e.name, e.message))
  .finally(() => client.shutdown());
`

func TestAuthPythonDriver(t *testing.T) {
	python := pythonDriver(t)
	runAuthClient(t, []string{python, "-c", pythonAuth})
}

func TestAuthNodeDriver(t *testing.T) {
	node := nodeDriver(t)
	runAuthClient(t, []string{node, "-e", nodeAuth})
}

func runAuthClient(t *testing.T, argv []string) {
	srv := server.RunT(t, authOpts)
	run := func(password string) string {
		cmd := exec.Command(argv[0], append(argv[1:], srv.Host(), strconv.Itoa(srv.Port()), "alice", password)...)
		cmd.Dir, _ = filepath.Abs("..") // the repository, where node_modules is
		var stderr strings.Builder
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%v: %v\n%s", argv[0], err, stderr.String())
		}
		t.Logf("%s password: %s", password, out)
		return strings.TrimSpace(string(out))
	}
	if got := run("s3cret"); got != "4.1.7" {
		t.Errorf("right password: %s", got)
	}
	if got := run("wrong"); !strings.Contains(got, "Provided username alice and/or password are incorrect") {
		t.Errorf("wrong password: %s", got)
	}
}
