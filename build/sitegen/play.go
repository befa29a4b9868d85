package sitegen

import (
	"errors"
	"html"
	"html/template"
	"os"
	"path/filepath"
	"strings"

	"github.com/cqlplay/cqlplay/build/lesson"
)

// The playground: a blank playground per language, /<lang>/play/ (and /play/
// for the default language, as / is its index), with a picker of starting
// schemas, and its embed page /<lang>/play/embed/, which shows the script a
// share fragment carries (docs/embedding.md).

// playSlug is the playground's place in each language: no lesson may take it.
const playSlug = "play"

// Starter is one starting schema the playground's picker offers.
type Starter struct {
	ID, Title, View, Code string
}

// LoadStarters reads site/play/<lang>.md: each "## Title" heading followed by
// a cql fence with an id= is one starter. The page is also an ordinary page of
// examples (`cqlplay check site/play/en.md`), returned for the tests to run.
func LoadStarters(root, lang string) ([]Starter, *lesson.Lesson, error) {
	l, src, err := readSitePage(root, "play", lang)
	if err != nil {
		return nil, nil, err
	}
	path := l.Path
	lines := strings.Split(string(src), "\n")
	var out []Starter
	for _, ex := range l.Examples {
		title := ""
		for i := min(ex.Line-1, len(lines)-1); i >= 0 && title == ""; i-- {
			if h, ok := strings.CutPrefix(lines[i], "## "); ok {
				title = strings.TrimSpace(h)
			}
		}
		if ex.ID == "" || title == "" || len(ex.Prelude) > 0 || ex.Setup || ex.Exercise != nil {
			return nil, nil, errors.New(path + ": each starter is a \"## Title\" and then a plain cql fence with an id=")
		}
		out = append(out, Starter{ID: ex.ID, Title: title, View: ex.View, Code: ex.Code})
	}
	if len(out) == 0 {
		return nil, nil, errors.New(path + ": no starting schema")
	}
	return out, l, nil
}

func playURL(lang string) string      { return "/" + lang + "/" + playSlug + "/" }
func playEmbedURL(lang string) string { return playURL(lang) + "embed/" }

// playPages writes the playground of every language, its embed page, and
// /play/ (the default language's, canonical to it).
func (w *writer) playPages(root string) error {
	for _, l := range w.lessons {
		if l.Slug == playSlug {
			return errors.New(l.Path + ": the slug " + playSlug + " is the playground's")
		}
	}
	for i, lang := range languages {
		starters, _, err := LoadStarters(root, lang)
		if err != nil {
			return err
		}
		t := uiText_(lang)
		// A blank example: the engine's pre-rendered views of an empty session.
		ex := &lesson.Example{Fence: lesson.Fence{Version: lesson.Versions[0]}}
		blank := &lesson.Lesson{Lang: lang, Examples: []*lesson.Example{ex}}
		run := runOf(blank.RunAll(), ex)
		var widget strings.Builder
		if err := w.prs.with(func(p *prerenderer) error { return writeWidget(&widget, t, p, ex, run) }); err != nil {
			return err
		}
		alt := func(l string) string { return playURL(l) }

		// The page: the picker, the starters as hidden text, the widget. Its
		// saved edit is one for every language ("play"), and its Embed
		// button gives the playground's embed page.
		var b strings.Builder
		b.WriteString(`<p class="play-start"><label for="play-start">` + html.EscapeString(t.PlayStart) +
			`</label> <select id="play-start"><option value="">` + html.EscapeString(t.PlayPick) + `</option>`)
		for _, s := range starters {
			b.WriteString(`<option value="` + html.EscapeString(s.ID) + `">` + html.EscapeString(s.Title) + `</option>`)
		}
		b.WriteString("</select></p>\n")
		for _, s := range starters {
			b.WriteString(`<pre class="play-starter" hidden data-id="` + html.EscapeString(s.ID) + `" data-view="` +
				html.EscapeString(s.View) + `">` + html.EscapeString(s.Code) + "</pre>\n")
		}
		b.WriteString(strings.Replace(widget.String(), `<figure class="pg" id="ex-0"`,
			`<figure class="pg" id="ex-0" data-key="play" data-embed="`+playEmbedURL(lang)+`"`, 1))
		d := w.page(lang, t.Play, playURL(lang), alt)
		d.Summary = t.PlayIntro
		d.Body = template.HTML(b.String())
		if err := w.write(playURL(lang), "play.html", d); err != nil {
			return err
		}
		if i == 0 {
			if err := w.write("/"+playSlug+"/", "play.html", d); err != nil {
				return err
			}
		}

		// The embed page: the widget alone, with a link to the playground.
		e := w.page(lang, t.Play, playEmbedURL(lang), func(l string) string { return playEmbedURL(l) })
		e.Canonical = w.base + playURL(lang)
		e.Summary = t.PlayIntro
		e.Body = template.HTML(widget.String())
		e.Prev = &link{URL: playURL(lang), Title: t.Play}
		e.Embed = true
		if err := w.write(playEmbedURL(lang), "embed.html", e); err != nil {
			return err
		}
	}
	return nil
}

// readSitePage reads site/<dir>/<lang>.md, a page of examples the site draws on
// pages of its own (the playground's starters, the index's example), as a
// lesson of lang, with its text.
func readSitePage(root, dir, lang string) (*lesson.Lesson, []byte, error) {
	path := filepath.Join(root, "site", dir, lang+".md")
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	l, err := lesson.ParsePage(path, src)
	if err != nil {
		return nil, nil, err
	}
	l.Lang = lang
	return l, src, nil
}
