package main

import (
	"bufio"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"io"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServe starts `cqlplay serve` on a free port with an init script,
// waits for the address it prints, answers an OPTIONS on it, and stops.
func TestServe(t *testing.T) {
	init := filepath.Join(t.TempDir(), "init.cql")
	os.WriteFile(init, []byte("CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1};"), 0o644)
	pr, pw := io.Pipe()
	stop := make(chan struct{})
	status := make(chan int)
	var stderr strings.Builder
	go func() {
		status <- cli([]string{"serve", "-listen", "127.0.0.1:0", "-init", init, "-nodes", "6"}, env{stdout: pw, stderr: &stderr, stop: stop})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v (stderr %q)", err, stderr.String())
	}
	addr, ok := strings.CutPrefix(strings.TrimSpace(line), "listening on ")
	if !ok {
		t.Fatalf("printed %q", line)
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.Write([]byte{4, 0, 0, 1, 5, 0, 0, 0, 0}) // OPTIONS
	var h [9]byte
	if _, err := io.ReadFull(c, h[:]); err != nil || h[0] != 0x84 || h[4] != 6 {
		t.Errorf("OPTIONS answered %v %v", h, err)
	}
	c.Close()
	close(stop)
	if s := <-status; s != exitOK {
		t.Errorf("exit %d, stderr %q", s, stderr.String())
	}
}

func TestServeUsage(t *testing.T) {
	var stderr strings.Builder
	if s := cli([]string{"serve", "-version", "2.0"}, env{stdout: io.Discard, stderr: &stderr}); s != exitUsage {
		t.Errorf("exit %d", s)
	}
	if got, want := stderr.String(), "cqlplay serve: unknown version \"2.0\" (known: 3.11, 4.1 or 5.0)\n"; got != want {
		t.Errorf("stderr %q, want %q", got, want)
	}
}

// TestServeWarnsBeyondLoopback: an address other machines reach, without
// -auth, is warned about on stderr before listening (192.0.2.1, a
// documentation address this machine does not have, fails to bind after
// the warning, so nothing listens beyond loopback in the test); loopback,
// or -auth, is not.
func TestServeWarnsBeyondLoopback(t *testing.T) {
	const warning = "cqlplay serve: warning: listening on 192.0.2.1:0, beyond loopback, without -auth: anyone who reaches it can read and change the cluster\n"
	var stderr strings.Builder
	cli([]string{"serve", "-listen", "192.0.2.1:0"}, env{stdout: io.Discard, stderr: &stderr})
	if !strings.HasPrefix(stderr.String(), warning) {
		t.Errorf("stderr %q, want the warning first", stderr.String())
	}
	stderr.Reset()
	cli([]string{"serve", "-listen", "192.0.2.1:0", "-auth", "alice:s3cret"}, env{stdout: io.Discard, stderr: &stderr})
	if strings.Contains(stderr.String(), "warning") {
		t.Errorf("with -auth: %q", stderr.String())
	}
	for addr, want := range map[string]bool{
		"127.0.0.1:9042": true, "localhost:9042": true, "[::1]:9042": true, "127.1.2.3:0": true,
		":9042": false, "0.0.0.0:9042": false, "[::]:9042": false, "10.0.0.1:9042": false, "example.com:9042": false,
	} {
		if got := loopback(addr); got != want {
			t.Errorf("loopback(%q) = %v", addr, got)
		}
	}
}

// TestServeAuthAndTLSFlags: wrong -auth and -tls-* uses are usage errors.
func TestServeAuthAndTLSFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-auth", "alice"}, "cqlplay serve: -auth takes USER:PASSWORD, both not empty\n"},
		{[]string{"-auth", "alice:"}, "cqlplay serve: -auth takes USER:PASSWORD, both not empty\n"},
		{[]string{"-tls-cert", "c.pem"}, "cqlplay serve: -tls-cert and -tls-key go together\n"},
	} {
		var stderr strings.Builder
		if s := cli(append([]string{"serve"}, tt.args...), env{stdout: io.Discard, stderr: &stderr}); s != exitUsage || stderr.String() != tt.want {
			t.Errorf("%v: exit %d, stderr %q", tt.args, s, stderr.String())
		}
	}
}

// TestServeTLSAndAuth: `cqlplay serve -tls-cert -tls-key -auth` speaks TLS
// with the PEM files given and asks for the password.
func TestServeTLSAndAuth(t *testing.T) {
	dir := t.TempDir()
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, _ := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	keyDER, _ := x509.MarshalECPrivateKey(key)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600)

	pr, pw := io.Pipe()
	stop := make(chan struct{})
	status := make(chan int)
	var stderr strings.Builder
	go func() {
		status <- cli([]string{"serve", "-listen", "127.0.0.1:0", "-tls-cert", certFile, "-tls-key", keyFile, "-auth", "alice:s3cret"},
			env{stdout: pw, stderr: &stderr, stop: stop})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address printed: %v (stderr %q)", err, stderr.String())
	}
	addr := strings.TrimPrefix(strings.TrimSpace(line), "listening on ")
	leaf, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(leaf)
	c, err := tls.Dial("tcp", addr, &tls.Config{RootCAs: pool})
	if err != nil {
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(time.Minute))
	// STARTUP {CQL_VERSION: 3.0.0}: AUTHENTICATE (opcode 3) answers.
	body := []byte{0, 1, 0, 11, 'C', 'Q', 'L', '_', 'V', 'E', 'R', 'S', 'I', 'O', 'N', 0, 5, '3', '.', '0', '.', '0'}
	c.Write(append([]byte{4, 0, 0, 1, 1, 0, 0, 0, byte(len(body))}, body...))
	var h [9]byte
	if _, err := io.ReadFull(c, h[:]); err != nil || h[0] != 0x84 || h[4] != 3 {
		t.Errorf("STARTUP over TLS answered %v %v", h, err)
	}
	c.Close()
	close(stop)
	if s := <-status; s != exitOK || stderr.String() != "" {
		t.Errorf("exit %d, stderr %q", s, stderr.String())
	}
	var e strings.Builder
	if s := cli([]string{"serve", "-tls-cert", keyFile, "-tls-key", keyFile}, env{stdout: io.Discard, stderr: &e}); s != exitUsage ||
		!strings.HasPrefix(e.String(), "cqlplay serve: tls: ") {
		t.Errorf("a key as the certificate: exit %d, %q", s, e.String())
	}
}
