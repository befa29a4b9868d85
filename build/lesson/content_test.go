package lesson

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// contentDir is the project's content/, relative to this package.
const contentDir = "../../content"

// TestContent runs every example of every lesson through the engine and fails
// wherever an example's expectations and the engine disagree, naming the file,
// the line and the statement. It is the test lesson writers run:
//
//	go test ./build/lesson -run TestContent
func TestContent(t *testing.T) {
	lessons, err := Load(contentDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(lessons) == 0 {
		t.Skip("no lessons in " + contentDir + " yet")
	}
	for _, l := range lessons {
		t.Run(l.Lang+"/"+l.Name, func(t *testing.T) {
			for _, r := range l.RunAll() {
				for _, p := range r.Problems {
					t.Error(p)
				}
			}
		})
	}
}

// TestContentLanguages checks that every lesson exists in every language
// under the same slug and order, so the language switch always lands on the
// same lesson, and that the translations have the same examples.
func TestContentLanguages(t *testing.T) {
	lessons, err := Load(contentDir)
	if err != nil {
		t.Fatal(err)
	}
	bySlug := map[string]map[string]*Lesson{}
	langs := map[string]bool{}
	for _, l := range lessons {
		langs[l.Lang] = true
		if bySlug[l.Slug] == nil {
			bySlug[l.Slug] = map[string]*Lesson{}
		}
		bySlug[l.Slug][l.Lang] = l
		if l.Summary == "" {
			t.Errorf("%s: front matter has no summary (the lesson index shows it)", l.Path)
		}
	}
	for slug, tr := range bySlug {
		var ref *Lesson
		for lang := range langs {
			l := tr[lang]
			if l == nil {
				t.Errorf("lesson %q has no %s version (want %s)", slug, lang,
					filepath.Join(contentDir, lang, "NN-"+slug+".md"))
				continue
			}
			if ref == nil {
				ref = l
				continue
			}
			if l.Order != ref.Order || l.Name[:strings.Index(l.Name, "-")] != ref.Name[:strings.Index(ref.Name, "-")] {
				t.Errorf("%s and %s: same lesson, different order (%d, %d) or number", l.Path, ref.Path, l.Order, ref.Order)
			}
			if len(l.Examples) != len(ref.Examples) {
				t.Errorf("%s has %d examples, %s has %d: translations should run the same examples",
					l.Path, len(l.Examples), ref.Path, len(ref.Examples))
				continue
			}
			for i, ex := range l.Examples {
				if msg := sameExample(ref.Examples[i], ex); msg != "" {
					t.Errorf("%s:%d and %s:%d, example %d: %s: translations run the same examples",
						ref.Path, ref.Examples[i].Line, l.Path, ex.Line, i+1, msg)
				}
			}
		}
	}
}

// sameExample says how two translations of one example differ in what they
// run and expect ("" when they do not): the fence options, and each
// statement's text and expectation. Comments may be translated; statements
// may not.
func sameExample(a, b *Example) string {
	if a.Fence != b.Fence {
		return "the fence options differ"
	}
	if len(a.Statements) != len(b.Statements) {
		return "the number of statements differs"
	}
	for i := range a.Statements {
		x, y := a.Statements[i], b.Statements[i]
		if x.Text != y.Text || x.Fails != y.Fails || x.Rows != y.Rows {
			return "statement " + strconv.Itoa(i+1) + " differs: " + quoteStmt(x.Text) + " against " + quoteStmt(y.Text)
		}
	}
	if (a.Exercise == nil) != (b.Exercise == nil) {
		return "only one is an exercise"
	}
	if a.Exercise != nil {
		return sameExercise(a.Exercise, b.Exercise)
	}
	return ""
}

// sameExercise compares an exercise in two languages: everything but the
// words (the solution's why, the checks' explanations, the wrong answers'
// reasons) must be the same.
func sameExercise(a, b *Exercise) string {
	if a.Solution != b.Solution || a.Data != b.Data || len(a.Checks) != len(b.Checks) || len(a.Wrong) != len(b.Wrong) || len(a.Right) != len(b.Right) {
		return "the exercises differ"
	}
	if (a.SolutionWhy == "") != (b.SolutionWhy == "") {
		return "only one solution says why it is right"
	}
	for i := range a.Checks {
		x, y := a.Checks[i], b.Checks[i]
		if x.Script != y.Script || x.Rows != y.Rows || (x.Explain == "") != (y.Explain == "") {
			return "check " + strconv.Itoa(i+1) + " differs: " + quoteStmt(x.Script) + " against " + quoteStmt(y.Script)
		}
	}
	for i := range a.Wrong {
		if a.Wrong[i].Script != b.Wrong[i].Script {
			return "wrong answer " + strconv.Itoa(i+1) + " differs"
		}
	}
	for i := range a.Right {
		if a.Right[i].Script != b.Right[i].Script {
			return "right answer " + strconv.Itoa(i+1) + " differs"
		}
	}
	return ""
}

// TestContentPatterns holds lesson 6 to what it says of its access patterns:
// model A answers all three from one partition without filtering, model B
// none, in both languages.
func TestContentPatterns(t *testing.T) {
	lessons, err := Load(contentDir)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, l := range lessons {
		if l.Slug != "query-first-design" {
			continue
		}
		for _, r := range l.RunAll() {
			want, ok := map[string]int{"three-tables": 3, "one-table": 0}[r.Example.ID]
			if !ok {
				continue
			}
			seen++
			good := 0
			for _, p := range r.Patterns {
				if p.Answered() {
					good++
				}
			}
			if len(r.Patterns) != 3 || good != want {
				t.Errorf("%s/%s, example %s: %d of %d access patterns hold, want %d of 3", l.Lang, l.Slug, r.Example.ID, good, len(r.Patterns), want)
			}
		}
	}
	if seen != 4 {
		t.Errorf("found %d of lesson 6's two examples in two languages", seen)
	}
}

// TestContentExercises holds every exercise of the course to what makes it
// tell a right model from a wrong one (docs/site.md): a solution that says
// why it is right, checks that say what they prove, at least two wrong
// answers and one other right answer.
func TestContentExercises(t *testing.T) {
	lessons, err := Load(contentDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range lessons {
		for _, ex := range l.Examples {
			x := ex.Exercise
			if x == nil {
				continue
			}
			n++
			at := l.where(ex, 1)
			if x.SolutionWhy == "" {
				t.Errorf("%s: the solution does not say why it is right (comment lines opening the solution section)", at)
			}
			for _, c := range x.Checks {
				if c.Explain == "" {
					t.Errorf("%s: the check %s does not say what it proves (a comment line before it)", l.where(ex, c.Line), quoteStmt(c.Script))
				}
			}
			if len(x.Wrong) < 2 {
				t.Errorf("%s: %d wrong answers, want at least 2", at, len(x.Wrong))
			}
			if len(x.Right) < 1 {
				t.Errorf("%s: no right answer other than the solution", at)
			}
		}
	}
	if n < 36 {
		t.Errorf("%d exercises in the course, want at least 36 (18 in each language)", n)
	}
}
