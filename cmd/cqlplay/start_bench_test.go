package main

import (
	"bufio"
	"io"
	"net"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkServeStart: the process, built once, from exec to its first
// answer: `cqlplay serve -listen 127.0.0.1:0` started, its "listening on"
// line read, an OPTIONS sent and SUPPORTED read back (issue 28's "process
// start to accepting connections"; go test ./cmd/cqlplay -run XXX -bench
// ServeStart). ns/op is that time; p50-ms and p99-ms its percentiles.
func BenchmarkServeStart(b *testing.B) {
	bin := filepath.Join(b.TempDir(), "cqlplay")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	var took []time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		cmd := exec.Command(bin, "serve", "-listen", "127.0.0.1:0")
		stdout, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		line, err := bufio.NewReader(stdout).ReadString('\n')
		if err != nil {
			b.Fatalf("no address: %v", err)
		}
		c, err := net.Dial("tcp", strings.TrimPrefix(strings.TrimSpace(line), "listening on "))
		if err != nil {
			b.Fatal(err)
		}
		c.Write([]byte{4, 0, 0, 1, 5, 0, 0, 0, 0}) // OPTIONS
		var h [9]byte
		if _, err := io.ReadFull(c, h[:]); err != nil || h[4] != 6 {
			b.Fatalf("OPTIONS: %v %v", h, err)
		}
		took = append(took, time.Since(start))
		b.StopTimer()
		c.Close()
		cmd.Process.Kill()
		cmd.Wait()
		b.StartTimer()
	}
	slices.Sort(took)
	b.ReportMetric(float64(took[len(took)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(took[len(took)*99/100].Microseconds())/1000, "p99-ms")
}
