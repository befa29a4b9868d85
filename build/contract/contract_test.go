package contract

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// TestGeneratedIsCurrent fails when site/ts/contract.gen.ts is not what the Go
// declarations make now: run go generate ./build/contract.
func TestGeneratedIsCurrent(t *testing.T) {
	want, err := TS()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join("..", "..", Path))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: run go generate ./build/contract\nwant:\n%s", Path, want)
	}
}

// TestVersionsAreTheEngines checks the versions an example may ask for
// against those the engine simulates: each is the release system.local
// reports, and the engine's default is the first.
func TestVersionsAreTheEngines(t *testing.T) {
	release := func(version string) string {
		outs := engine.NewSession(engine.Options{Version: version}).Run("SELECT release_version FROM system.local;")
		if len(outs) != 1 || outs[0].Error != nil || len(outs[0].Rows) != 1 {
			t.Fatalf("version %q: system.local answers %+v", version, outs)
		}
		return outs[0].Rows[0][0]
	}
	for _, v := range lesson.Versions {
		if got := release(v); !strings.HasPrefix(got, v+".") {
			t.Errorf("lesson.Versions has %s, the engine simulates %s for it", v, got)
		}
	}
	if got, want := release(""), release(lesson.Versions[0]); got != want {
		t.Errorf("the engine's default simulates %s, lesson.Versions' first %s", got, want)
	}
}

// TestViewFormsAreTheEngines: each layout view draws a form the engine has.
func TestViewFormsAreTheEngines(t *testing.T) {
	for _, v := range lesson.Views {
		if v.Form != "" && !slices.Contains(engine.LayoutForms, v.Form) {
			t.Errorf("view %s draws form %q, not one of engine.LayoutForms %v", v.Name, v.Form, engine.LayoutForms)
		}
	}
}
