package server_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gocql/gocql"

	"github.com/cqlplay/cqlplay/server"
)

// selfSigned makes a certificate for 127.0.0.1, signed by its own key, and
// writes it (PEM) to a temporary directory for clients that read files.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool, string) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "cqlplay test"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1)},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	leaf, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyDER, _ := x509.MarshalECPrivateKey(key)
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER})
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "cert.pem"), certPEM, 0o600)
	os.WriteFile(filepath.Join(dir, "key.pem"), keyPEM, 0o600)
	cert, err := tls.X509KeyPair(certPEM, keyPEM)
	if err != nil {
		t.Fatal(err)
	}
	return cert, pool, dir
}

// TestTLSGocql: gocql's SslOpts, verifying the server's certificate and
// host, connects and reads; a client speaking plain bytes to the TLS port
// is not answered in CQL and its connection closes.
func TestTLSGocql(t *testing.T) {
	cert, pool, _ := selfSigned(t)
	srv := server.RunT(t, server.Options{TLS: &tls.Config{Certificates: []tls.Certificate{cert}}})
	cluster := gocql.NewCluster(srv.Host())
	cluster.Port = srv.Port()
	cluster.Timeout = 30 * time.Second
	cluster.ConnectTimeout = 30 * time.Second
	cluster.NumConns = 1
	cluster.SslOpts = &gocql.SslOptions{Config: &tls.Config{RootCAs: pool}, EnableHostVerification: true}
	s, err := cluster.CreateSession()
	if err != nil {
		t.Fatalf("CreateSession over TLS: %v", err)
	}
	defer s.Close()
	var v string
	if err := s.Query("SELECT release_version FROM system.local").Scan(&v); err != nil || v != "4.1.7" {
		t.Fatalf("over TLS: %q %v", v, err)
	}

	c, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Minute))
	c.Write([]byte{4, 0, 0, 1, 5, 0, 0, 0, 0}) // OPTIONS, in clear
	b, _ := io.ReadAll(c)                      // a TLS alert at most, then EOF
	if len(b) >= 9 && b[0] == 0x84 {
		t.Errorf("a plain OPTIONS was answered in CQL over the TLS port: %q", b)
	}
}

// TestTLSPythonDriver: the Python driver's ssl_context, verifying the
// certificate, with -auth too.
func TestTLSPythonDriver(t *testing.T) {
	python := pythonDriver(t)
	cert, _, dir := selfSigned(t)
	opts := authOpts
	opts.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv := server.RunT(t, opts)
	script := `
import ssl, sys
from cassandra.cluster import Cluster
from cassandra.auth import PlainTextAuthProvider
from cassandra.policies import DCAwareRoundRobinPolicy
ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
ctx.load_verify_locations(sys.argv[3])
cluster = Cluster([sys.argv[1]], port=int(sys.argv[2]), ssl_context=ctx,
                  auth_provider=PlainTextAuthProvider(username='alice', password='s3cret'),
                  load_balancing_policy=DCAwareRoundRobinPolicy(local_dc='datacenter1'))
print(cluster.connect().execute("SELECT release_version FROM system.local").one()[0])
cluster.shutdown()
`
	cmd := exec.Command(python, "-c", script, srv.Host(), strconv.Itoa(srv.Port()), filepath.Join(dir, "cert.pem"))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || strings.TrimSpace(string(out)) != "4.1.7" {
		t.Fatalf("python over TLS: %q %v\n%s", out, err, stderr.String())
	}
}

// TestTLSNodeDriver: the Node.js driver's sslOptions, verifying the
// certificate, with -auth too.
func TestTLSNodeDriver(t *testing.T) {
	node := nodeDriver(t)
	cert, _, dir := selfSigned(t)
	opts := authOpts
	opts.TLS = &tls.Config{Certificates: []tls.Certificate{cert}}
	srv := server.RunT(t, opts)
	script := `
const cassandra = require('cassandra-driver');
const fs = require('fs');
const [host, port, ca] = process.argv.slice(1);
const client = new cassandra.Client({contactPoints: [host + ':' + port], localDataCenter: 'datacenter1',
  sslOptions: {ca: [fs.readFileSync(ca)]},
  authProvider: new cassandra.auth.PlainTextAuthProvider('alice', 's3cret')});
client.connect()
  .then(() => client.execute('SELECT release_version FROM system.local'))
  .then((rs) => console.log(rs.rows[0].release_version))
  .catch((e) => console.log(e.name, e.message))
  .finally(() => client.shutdown());
`
	cmd := exec.Command(node, "-e", script, srv.Host(), strconv.Itoa(srv.Port()), filepath.Join(dir, "cert.pem"))
	cmd.Dir, _ = filepath.Abs("..")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil || strings.TrimSpace(string(out)) != "4.1.7" {
		t.Fatalf("node over TLS: %q %v\n%s", out, err, stderr.String())
	}
}
