package sitegen

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"html/template"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/yuin/goldmark/util"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// languages of the site, the first being the default served at /.
var languages = []string{"en", "zh"}

// writer writes the pages of one build.
type writer struct {
	out     string
	tpl     map[string]*template.Template
	assets  Assets
	base    string
	lessons []*lesson.Lesson
	pages   []string          // URL paths written, for the sitemap and the report
	search  map[string]string // each language's search index (search.go)
	prs     *prerenderPool    // draw every view with the page's own code (prerender.go)
}

// link is a page another page points at.
type link struct {
	URL, Title, Summary, Lang, LangName string
	Abs                                 string // URL from the site's base: a <link rel=alternate hreflang> must be absolute
	Current                             bool
	Number                              int    // a lesson's number in the course
	ReadTime                            string // a lesson's reading time, in the page's language
	Slug                                string // a lesson's slug: its progress's key (site/ts/progress.ts)
	Exercises                           int    // a lesson's exercises
	ExercisesText                       string // how many, in the page's language ("" for none)
}

// pageData is what every template receives.
type pageData struct {
	T          *uiText
	Title      string
	Summary    string
	Canonical  string
	Languages  []link // the same page in each language
	Assets     Assets
	UI         string       // the widget's strings as JSON, for data-ui
	Parts      []coursePart // the index: the lessons grouped into the course's parts
	Body       template.HTML
	Prev, Next *link
	Home       string
	Embed      bool        // one playground alone, for an iframe: no site header or footer
	Search     string      // the URL of the page's language's search index (search.go)
	R          *readerText // the reader's features' strings (reader.go)
	Reader     string      // the same as JSON, for data-reader
	Slug       string      // a lesson page's slug
	Exercises  int         // a lesson page's exercises
	Start      string      // the index: the way into lesson 1, in words
	// ProgressLine is a lesson's progress line as a first visit shows it
	// (site/ts/reader.ts draws the reader's own): written by the build so
	// that the line has its height before the script fills it.
	ProgressLine string
}

// unreadLine is reader.ts's progress line of an unread lesson with
// exercises exercises, none solved.
func unreadLine(r *readerText, exercises int) string {
	if exercises == 0 {
		return r.LessonUnread
	}
	count := strings.NewReplacer("{n}", "0", "{m}", strconv.Itoa(exercises)).Replace(r.ExCount)
	return strings.NewReplacer("{state}", r.LessonUnread, "{count}", count).Replace(r.LessonLine)
}

// loadTemplates parses site/templates: base.html with each page template.
func loadTemplates(dir string) (map[string]*template.Template, error) {
	base, err := template.ParseFiles(filepath.Join(dir, "base.html"))
	if err != nil {
		return nil, err
	}
	m := map[string]*template.Template{}
	for _, name := range []string{"index.html", "lesson.html", "404.html", "embed.html", "play.html"} {
		t, err := template.Must(base.Clone()).ParseFiles(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		m[name] = t
	}
	return m, nil
}

// LessonURL is the URL path of a lesson's page.
func LessonURL(l *lesson.Lesson) string { return "/" + l.Lang + "/" + l.Slug + "/" }

// embedURL is the page that holds one example of a lesson alone, for an
// iframe in a wiki (the widget's Embed button gives the snippet).
func embedURL(l *lesson.Lesson, ex *lesson.Example) string {
	return LessonURL(l) + "embed/" + strconv.Itoa(ex.Index) + "/"
}

// page fills the fields every page shares.
func (w *writer) page(lang, title, path string, alternates func(lang string) string) pageData {
	t := uiText_(lang)
	ui, _ := json.Marshal(t)
	d := pageData{T: t, Title: title, Canonical: w.base + path, Assets: w.assets, UI: string(ui), Home: "/" + lang + "/",
		Search: w.search[lang], R: readerText_(lang), Reader: readerJSON(lang)}
	for _, l := range languages {
		d.Languages = append(d.Languages, link{URL: alternates(l), Abs: w.base + alternates(l), Lang: l, LangName: uiStrings[l].LangName, Current: l == lang})
	}
	return d
}

func uiText_(lang string) *uiText {
	if t := uiStrings[lang]; t != nil {
		return t
	}
	return uiStrings["en"]
}

// lessonPage writes one lesson, running its examples to pre-render results.
// It returns the examples' disagreements with their expectations.
func (w *writer) lessonPage(l *lesson.Lesson) ([]string, error) {
	results := l.RunAll()
	var problems []string
	for _, r := range results {
		problems = append(problems, r.Problems...)
	}
	t := uiText_(l.Lang)
	// Each playground is drawn once, for the lesson and for its embed page.
	widgets, err := w.drawWidgets(t, l, results)
	if err != nil {
		return nil, err
	}
	var drawErr error // the first view the page's code could not draw
	body, err := renderMarkdown(l, func(bw util.BufWriter, ex *lesson.Example) {
		var b strings.Builder
		b.WriteString(widgets[ex])
		var err error
		if ex.VsOf != nil {
			err = w.prs.with(func(p *prerenderer) error {
				return w.writeVs(&b, t, p, ex.VsOf, ex, patternsOf(results, ex.VsOf), patternsOf(results, ex))
			})
		}
		if err != nil && drawErr == nil {
			drawErr = errors.New(l.Path + ": example on line " + strconv.Itoa(ex.Line) + ": " + err.Error())
		}
		bw.WriteString(b.String())
	})
	if err == nil {
		err = drawErr
	}
	if err != nil {
		return nil, err
	}
	d := w.page(l.Lang, l.Title, LessonURL(l), func(lang string) string {
		if other := w.find(lang, l.Slug); other != nil {
			return LessonURL(other)
		}
		return "/" + lang + "/"
	})
	d.Summary = lessonSummary(l)
	d.Body = template.HTML(body)
	d.Slug, d.Exercises = l.Slug, exercisesOf(l)
	d.ProgressLine = unreadLine(d.R, d.Exercises)
	same := w.inLang(l.Lang)
	for i, o := range same {
		if o == l {
			if i > 0 {
				d.Prev = &link{URL: LessonURL(same[i-1]), Title: same[i-1].Title}
			}
			if i+1 < len(same) {
				d.Next = &link{URL: LessonURL(same[i+1]), Title: same[i+1].Title}
			}
		}
	}
	if err := w.write(LessonURL(l), "lesson.html", d); err != nil {
		return nil, err
	}
	for _, ex := range l.Examples {
		if !ex.Setup {
			if err := w.embedPage(l, ex, t, widgets[ex]); err != nil {
				return nil, err
			}
		}
	}
	return problems, nil
}

// embedPage writes the page of one example alone: the examples it continues
// as hidden setup blocks (its prelude runs from them, as on the lesson), then
// its widget as the lesson draws it.
func (w *writer) embedPage(l *lesson.Lesson, ex *lesson.Example, t *uiText, widget string) error {
	var b strings.Builder
	for _, p := range ex.Prelude {
		setup := *p
		setup.Setup = true
		if err := writeWidget(&b, t, nil, &setup, exampleRun{}); err != nil {
			return err
		}
	}
	b.WriteString(widget)
	d := w.page(l.Lang, l.Title, embedURL(l, ex), func(string) string { return embedURL(l, ex) })
	d.Canonical = w.base + LessonURL(l)
	d.Summary = lessonSummary(l)
	d.Body = template.HTML(b.String())
	d.Prev = &link{URL: LessonURL(l), Title: l.Title} // the lesson it comes from
	d.Embed = true
	return w.write(embedURL(l, ex), "embed.html", d)
}

// drawWidgets draws every playground of l, side by side.
func (w *writer) drawWidgets(t *uiText, l *lesson.Lesson, results []lesson.Result) (map[*lesson.Example]string, error) {
	drawn := make([]string, len(l.Examples))
	errs := make([]error, len(l.Examples))
	var wg sync.WaitGroup
	for i, ex := range l.Examples {
		wg.Go(func() {
			errs[i] = w.prs.with(func(p *prerenderer) error {
				var b strings.Builder
				err := writeWidget(&b, t, p, ex, runOf(results, ex))
				drawn[i] = b.String()
				return err
			})
		})
	}
	wg.Wait()
	out := map[*lesson.Example]string{}
	for i, ex := range l.Examples {
		if errs[i] != nil {
			return nil, errors.New(l.Path + ": example on line " + strconv.Itoa(ex.Line) + ": " + errs[i].Error())
		}
		out[ex] = drawn[i]
	}
	return out, nil
}

func runOf(results []lesson.Result, ex *lesson.Example) exampleRun {
	for _, r := range results {
		if r.Example == ex {
			layouts, elided := layoutsOf(r.Session)
			return exampleRun{Outcomes: r.Outcomes, Layouts: layouts, Elided: elided, Checks: r.Checks, Patterns: r.Patterns}
		}
	}
	return exampleRun{}
}

// patternsOf is what ex's access patterns gave.
func patternsOf(results []lesson.Result, ex *lesson.Example) []lesson.PatternRun {
	for _, r := range results {
		if r.Example == ex {
			return r.Patterns
		}
	}
	return nil
}

func (w *writer) find(lang, slug string) *lesson.Lesson {
	for _, l := range w.lessons {
		if l.Lang == lang && l.Slug == slug {
			return l
		}
	}
	return nil
}

func (w *writer) inLang(lang string) []*lesson.Lesson {
	var out []*lesson.Lesson
	for _, l := range w.lessons {
		if l.Lang == lang {
			out = append(out, l)
		}
	}
	return out
}

// indexes writes the lesson index of each language, and the default
// language's at / too: first what cqlplay is (a live example, the way into
// lesson 1 and the playground, home.go), then the course.
func (w *writer) indexes(root string) error {
	for i, lang := range languages {
		d := w.page(lang, uiStrings[lang].HomeTitle, "/"+lang+"/", func(l string) string { return "/" + l + "/" })
		d.Parts = coursePartsOf(d.T, lang, w.inLang(lang))
		d.Summary = d.T.Tagline
		demo, err := w.homeWidget(root, lang)
		if err != nil {
			return err
		}
		d.Body = template.HTML(demo)
		if same := w.inLang(lang); len(same) > 0 {
			d.Next = &link{URL: LessonURL(same[0]), Title: same[0].Title}
			d.Start = strings.ReplaceAll(d.T.StartLesson, "{title}", same[0].Title)
		}
		if err := w.write("/"+lang+"/", "index.html", d); err != nil {
			return err
		}
		if i == 0 {
			if err := w.write("/", "index.html", d); err != nil {
				return err
			}
		}
	}
	return nil
}

// notFound writes /404.html, which static hosts serve for unknown paths.
func (w *writer) notFound() error {
	d := w.page("en", uiStrings["en"].NotFound, "/404.html", func(l string) string { return "/" + l + "/" })
	d.Canonical = ""
	return w.write("/404.html", "404.html", d)
}

// sitemap writes /sitemap.xml listing every page but the 404.
func (w *writer) sitemap() error {
	type url struct {
		Loc string `xml:"loc"`
	}
	var set struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		URLs    []url    `xml:"url"`
	}
	set.NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
	paths := append([]string(nil), w.pages...)
	sort.Strings(paths)
	for _, p := range paths {
		if p != "/404.html" && !strings.Contains(p, "/embed/") {
			set.URLs = append(set.URLs, url{Loc: w.base + p})
		}
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(w.out, "sitemap.xml"), append([]byte(xml.Header), append(out, '\n')...), 0o644)
}

// favicon copies the site's icon (an SVG, which the CSP's img-src 'self'
// allows) to /favicon.svg; the pages link it.
func (w *writer) favicon(root string) error {
	data, err := os.ReadFile(filepath.Join(root, "site", "static", "favicon.svg"))
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(w.out, "favicon.svg"), data, 0o644)
}

// write executes a template into the file for URL path p.
func (w *writer) write(p, tpl string, d pageData) error {
	var buf bytes.Buffer
	if err := w.tpl[tpl].ExecuteTemplate(&buf, "base", d); err != nil {
		return err
	}
	file := filepath.Join(w.out, filepath.FromSlash(p))
	if strings.HasSuffix(p, "/") {
		file = filepath.Join(file, "index.html")
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	w.pages = append(w.pages, p)
	return os.WriteFile(file, buf.Bytes(), 0o644)
}
