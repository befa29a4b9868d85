package sitegen

import (
	"encoding/json"
	"errors"
	"path/filepath"

	"github.com/dop251/goja"
	"github.com/evanw/esbuild/pkg/api"

	"github.com/cqlplay/cqlplay/build/lesson"
	"github.com/cqlplay/cqlplay/engine"
)

// A prerenderer draws a playground's views as the page draws them, with the
// page's own TypeScript: site/ts/prerender.ts, bundled by esbuild and run in
// goja, a JavaScript engine written in Go, so that `go run ./build` needs
// nothing but Go and each view has one drawing (docs/site.md, "Views drawn
// once"). It is not safe for concurrent use: a prerenderPool gives each
// goroutine its own.
type prerenderer struct {
	vm     *goja.Runtime
	widget goja.Callable
	vs     goja.Callable
}

// bundlePrerender bundles site/ts/prerender.ts under root for goja.
func bundlePrerender(root string) (string, error) {
	res := api.Build(api.BuildOptions{
		AbsWorkingDir: root,
		EntryPoints:   []string{filepath.Join("site", "ts", "prerender.ts")},
		Bundle:        true,
		// goja runs ES5.1 and most of ES2015+; esbuild lowers the rest.
		Target:   api.ES2017,
		Format:   api.FormatIIFE,
		Platform: api.PlatformNeutral,
		LogLevel: api.LogLevelSilent,
	})
	if err := esbuildErr(res.Errors); err != nil {
		return "", err
	}
	if len(res.OutputFiles) != 1 {
		return "", errors.New("bundling site/ts/prerender.ts gave no single output")
	}
	return string(res.OutputFiles[0].Contents), nil
}

// newPrerenderer bundles site/ts/prerender.ts under root and loads it.
func newPrerenderer(root string) (*prerenderer, error) {
	src, err := bundlePrerender(root)
	if err != nil {
		return nil, err
	}
	return loadPrerenderer(src)
}

// loadPrerenderer starts a JavaScript engine on the bundle src.
func loadPrerenderer(src string) (*prerenderer, error) {
	vm := goja.New()
	if _, err := vm.RunScript("prerender.js", src); err != nil {
		return nil, errors.New("loading site/ts/prerender.ts: " + err.Error())
	}
	api := vm.Get("cqlplayPrerender")
	if api == nil {
		return nil, errors.New("site/ts/prerender.ts defined no cqlplayPrerender")
	}
	obj := api.ToObject(vm)
	p := &prerenderer{vm: vm}
	var ok1, ok2 bool
	p.widget, ok1 = goja.AssertFunction(obj.Get("widget"))
	p.vs, ok2 = goja.AssertFunction(obj.Get("vs"))
	if !ok1 || !ok2 {
		return nil, errors.New("site/ts/prerender.ts: cqlplayPrerender lacks widget or vs")
	}
	return p, nil
}

// A prerenderPool holds one prerenderer per core, so that a lesson's
// playgrounds are drawn side by side (each engine serves one goroutine).
type prerenderPool struct {
	src  string
	idle chan *prerenderer
}

func newPrerenderPool(root string, n int) (*prerenderPool, error) {
	src, err := bundlePrerender(root)
	if err != nil {
		return nil, err
	}
	pool := &prerenderPool{src: src, idle: make(chan *prerenderer, n)}
	for range n {
		p, err := loadPrerenderer(src)
		if err != nil {
			return nil, err
		}
		pool.idle <- p
	}
	return pool, nil
}

// with runs f with an idle prerenderer, waiting for one.
func (pool *prerenderPool) with(f func(p *prerenderer) error) error {
	p := <-pool.idle
	defer func() { pool.idle <- p }()
	return f(p)
}

// call runs f on one JSON argument and returns its string result.
func (p *prerenderer) call(f goja.Callable, arg any) (string, error) {
	in, err := json.Marshal(arg)
	if err != nil {
		return "", err
	}
	v, err := f(goja.Undefined(), p.vm.ToValue(string(in)))
	if err != nil {
		return "", errors.New("prerender: " + err.Error())
	}
	return v.String(), nil
}

// patternJSON is an access pattern with its query's outcome, as
// site/ts/patterns.ts PatternRun.
type patternJSON struct {
	Name  string          `json:"name"`
	Query string          `json:"query"`
	Got   json.RawMessage `json:"got,omitempty"`
}

func patternsJSON(runs []lesson.PatternRun) []patternJSON {
	out := make([]patternJSON, len(runs))
	for i, r := range runs {
		out[i] = patternJSON{Name: r.Name, Query: r.Query}
		if r.Got != nil {
			out[i].Got = r.Got.AppendJSON(nil)
		}
	}
	return out
}

// exerciseJSON is an exercise's spec and its checks' replies, as
// site/ts/exercise.ts ExerciseSpec with the worker's replies.
type exerciseJSON struct {
	Solution    string      `json:"solution"`
	SolutionWhy string      `json:"solutionWhy"`
	Data        string      `json:"data"`
	Checks      []checkJSON `json:"checks"`
	Replies     []string    `json:"replies"`
}

type checkJSON struct {
	Query   string          `json:"query"`
	Want    json.RawMessage `json:"want"`
	Ordered bool            `json:"ordered"`
	Bound   *boundJSON      `json:"bound"`
	Explain string          `json:"explain"`
}

type boundJSON struct {
	Table         string `json:"table"`
	MaxRows       int    `json:"maxRows"`
	MinPartitions int    `json:"minPartitions"`
}

// exerciseOfRun is what the Checks view is drawn from: the fence's sections
// and the replies the page's worker would give for the run (CheckRun keeps
// each run's outcomes and a bound's layout, checks.go).
func exerciseOfRun(x *lesson.Exercise, r *lesson.CheckRun) *exerciseJSON {
	if x == nil || r == nil {
		return nil
	}
	e := &exerciseJSON{Solution: x.Solution, SolutionWhy: x.SolutionWhy, Data: x.Data, Replies: r.Replies()}
	for _, c := range r.Checks {
		cj := checkJSON{Query: c.Script, Ordered: lesson.Ordered(c.Query), Explain: c.Explain, Want: json.RawMessage("{}")}
		if c.Want != nil {
			cj.Want = c.Want.AppendJSON(nil)
		}
		if c.Bound != nil {
			cj.Bound = &boundJSON{c.Bound.Table, c.Bound.MaxRows, c.Bound.MinPartitions}
		}
		e.Checks = append(e.Checks, cj)
	}
	return e
}

// widgetViews draws every view of a playground: view name -> inner HTML.
func (p *prerenderer) widgetViews(t *uiText, vs []view, script string, r exampleRun, x *lesson.Exercise) (map[string]string, error) {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	layouts := map[string]json.RawMessage{}
	for form, text := range r.Layouts {
		layouts[form] = layoutReply(form, text, r.Elided[form])
	}
	outs := r.Outcomes
	if outs == nil {
		outs = []engine.Outcome{}
	}
	out, err := p.call(p.widget, struct {
		UI       *uiText                    `json:"ui"`
		Views    []string                   `json:"views"`
		Outcomes json.RawMessage            `json:"outcomes"`
		Layouts  map[string]json.RawMessage `json:"layouts"`
		Script   string                     `json:"script"`
		Patterns []patternJSON              `json:"patterns"`
		Exercise *exerciseJSON              `json:"exercise"`
	}{t, names, engine.OutcomesJSON(outs), layouts, script, patternsJSON(r.Patterns), exerciseOfRun(x, r.Checks)})
	if err != nil {
		return nil, err
	}
	var html map[string]string
	return html, json.Unmarshal([]byte(out), &html)
}

// layoutReply is a layout as the page's bridge answers for it: the layout
// object with its elided partitions, or the error object of a failure
// ("\x00" + message in exampleRun.Layouts).
func layoutReply(form, text string, elided []engine.Elision) json.RawMessage {
	if len(text) > 0 && text[0] == 0 {
		msg, _ := json.Marshal(text[1:])
		return json.RawMessage(`{"error":{"code":"InvalidRequest","message":` + string(msg) + `}}`)
	}
	r := engine.LayoutResult{Form: form, Layout: text, Bounded: lesson.Bounded(form), Elided: elided}
	return r.AppendJSON(nil)
}

// vsTable draws a model A against model B table.
func (p *prerenderer) vsTable(t *uiText, idA, idB string, pa, pb []lesson.PatternRun) (string, error) {
	return p.call(p.vs, struct {
		UI *uiText       `json:"ui"`
		A  string        `json:"a"`
		B  string        `json:"b"`
		PA []patternJSON `json:"pa"`
		PB []patternJSON `json:"pb"`
	}{t, idA, idB, patternsJSON(pa), patternsJSON(pb)})
}

// A Drawer draws views as the build pre-renders them, for the tests that
// compare the page's live views with the build's (build/browser). Like the
// prerenderer it holds, it is not safe for concurrent use.
type Drawer struct{ p *prerenderer }

// NewDrawer bundles site/ts/prerender.ts under root and loads it.
func NewDrawer(root string) (*Drawer, error) {
	p, err := newPrerenderer(root)
	if err != nil {
		return nil, err
	}
	return &Drawer{p}, nil
}

// ChecksView is the English Checks view of exercise ex, as the build draws
// it, for an answer whose own outcomes are outs and whose verdict is
// checks.
func (d *Drawer) ChecksView(ex *lesson.Example, outs []engine.Outcome, checks lesson.CheckRun) (string, error) {
	t := uiStrings["en"]
	html, err := d.p.widgetViews(t, views(t, true)[:1], ex.Code, exampleRun{Outcomes: outs, Checks: &checks}, ex.Exercise)
	if err != nil {
		return "", err
	}
	return html["checks"], nil
}
