package main

import (
	"bufio"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
